/**
 * The payments interface (spec §1: a one-time signup fee and a monthly fee, amounts not shown).
 * Until a payment provider is built, `notConfiguredPayments` is the only implementation: it says
 * payments are not configured, so a broadcaster's sign-up waits for a site admin's approval and
 * no bill is due.
 */
export type Bill = { amountCents: number; currency: string; due: string };

/** What taking a broadcaster's signup and monthly fees came to. */
export type SignupCharge = { outcome: 'paid' } | { outcome: 'notConfigured' };

export type Payments = {
  /** Whether fees can be taken at all. */
  readonly configured: boolean;
  /** Takes the signup fee and starts the monthly fee for a new broadcaster. */
  chargeSignup(input: { broadcasterId: string; userId: number; coupon: string | null }): Promise<SignupCharge>;
  /** The broadcaster's next bill, or null when none is due (or payments are not configured). */
  nextBill(broadcasterId: string): Promise<Bill | null>;
};

export const notConfiguredPayments: Payments = {
  configured: false,
  chargeSignup: async () => ({ outcome: 'notConfigured' }),
  nextBill: async () => null,
};
