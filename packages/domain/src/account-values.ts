/**
 * The account rules' values (spec §5, whose numbers the spec leaves open) and the session's
 * browser-visible names, without zod: the site's islands check forms against them in the browser
 * (account-rules.ts builds the zod schemas the server and the dashboard use from the same values).
 */
export const ACCOUNT_RULES = {
  usernameMinLength: 3,
  usernameMaxLength: 30,
  passwordMinLength: 8,
  /** Long enough for a pass phrase, short enough that hashing it stays cheap. */
  passwordMaxLength: 200,
  emailMaxLength: 254,
  displayNameMaxLength: 100,
  /** E-mail verification and password-reset codes: this many capital letters. */
  codeLength: 8,
  commentMinLength: 10,
  pictureMinPixels: 200,
} as const;

/** Letters a code is made of: capitals without I and O, which read as 1 and 0. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Only a-z, A-Z and 0-9 (§5). */
export const USERNAME_PATTERN = /^[A-Za-z0-9]+$/;
/** A password needs a lower-case letter (§5)… */
export const PASSWORD_LOWER = /[a-z]/;
/** …and a capital letter or a digit (§5). */
export const PASSWORD_CAPITAL_OR_DIGIT = /[A-Z0-9]/;
/** Non-space text, one @, a dot in the domain (§5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Set beside the httpOnly session cookies, with their lifetime, and cleared with them: not a
 * secret (its value is `1`), readable by script, so that a page asks who is signed in only when
 * someone may be (spec §9 cookies; server `accounts/cookies.ts`, site `islands/session/`).
 */
export const SIGNED_IN_COOKIE = 'kerygma_signed_in';
