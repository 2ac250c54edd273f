/**
 * The broadcaster account's rules (spec §5, §6, §9), without zod: the site's sign-up island
 * checks its form against them in the browser, and the contracts build their schemas from them.
 */
export const BROADCASTER_ACCOUNT_RULES = {
  /** A broadcaster ID: digits and lower-case letters (§5), this many of them. */
  idMinLength: 3,
  idMaxLength: 30,
  displayNameMaxLength: 100,
  shortNameMaxLength: 30,
  textMaxLength: 200,
  aboutUsMaxLength: 10_000,
  serviceTimesMaxEntries: 20,
  signupInfoMaxLength: 500,
  couponMaxLength: 40,
  noticeTitleMaxLength: 150,
  noticeTextMaxLength: 2_000,
  /** Notices are listed this many a page (§9). */
  noticePageSize: 10,
  /** Invites wait this long for their answer. */
  inviteLifetimeDays: 30,
  /** Donation options a broadcaster may offer; each links to an address starting `https://` (§5). */
  donationOptionsMax: 10,
  donationURLPrefix: 'https://',
  /** Recent plays and downloads: this many days, today included. */
  recentStatsDays: 30,
} as const;

/** The sign-up coupon kinds of spec §3 (a site admin makes coupons with `pnpm coupon`). */
export const SIGNUP_COUPON_KINDS = [
  'free-signup',
  'signup',
  'signup-refer-rep',
  'signup-referral',
  'signup-referral-repeat',
  'signup-repeat',
  'signup-repeat-3m',
  'signup-repeat-6m',
  'signup-repeat-1y',
  'signup-repeat-10USD-1y',
  'signup-repeat-1USD-1y',
] as const;

/** Digits and lower-case letters (§5). */
export const BROADCASTER_ID_PATTERN = /^[a-z0-9]+$/;

/** The §5 ID rules: the first one a candidate breaks, or undefined when it is a well-formed ID. */
export function broadcasterIdProblem(id: string): 'tooShort' | 'tooLong' | 'characters' | undefined {
  if (id.length < BROADCASTER_ACCOUNT_RULES.idMinLength) return 'tooShort';
  if (id.length > BROADCASTER_ACCOUNT_RULES.idMaxLength) return 'tooLong';
  if (!BROADCASTER_ID_PATTERN.test(id)) return 'characters';
  return undefined;
}

/** Broadcaster categories (§3): bit flags. */
export const BROADCASTER_CATEGORY = { church: 1, school: 2, seminary: 4, radioBroadcast: 8 } as const;
export const ALL_CATEGORIES = 15;

/** The manager roles an invite or a manager may hold (§6): 2 Admin, 3 Uploader, 4 Biller. */
export const MANAGER_ROLE_IDS = [2, 3, 4] as const;

/** A broadcaster sign-up's states: waiting for its fees or a site admin, approved, rejected. */
export const SIGNUP_STATES = ['pending', 'approved', 'rejected'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

/** An invite's states (§4: pending, resendable, revocable). */
export const INVITE_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InviteState = (typeof INVITE_STATES)[number];
