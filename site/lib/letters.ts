/** The letter bar of the A–Z lists (speakers, broadcasters). */

/** Letters of the alphabetical bar; '#' collects names that do not start with A–Z. */
export const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

/** A letter from the path ('a' → 'A', '#'), or undefined for none or anything else. */
export function letterParam(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const upper = (/^%23$/i.test(value) ? '#' : value).toUpperCase();
  return (LETTERS as readonly string[]).includes(upper) ? upper : undefined;
}
