import { z } from 'zod';
import { ACCOUNT_RULES, codeSchema, emailSchema, passwordSchema, usernameSchema } from '../account-rules.ts';
import { queryBoolean } from '../query.ts';
import { contract } from './contract.ts';

/**
 * Accounts (spec §7 Users): sign-up and its checks, e-mail verification, sign-in and sessions,
 * password resets, the signed-in user. Sessions travel in httpOnly cookies set by these calls;
 * apps without cookies send `Authorization: Bearer <access_token>` and refresh with the token.
 */

/** The signed-in user as the site and the dashboard see them (spec §3 User). */
export const userSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  display_name: z.string(),
  verified: z.boolean(),
  /** Site roles (§6): 1 Translate, 2 Admin, 3 VideoWall. */
  roles: z.array(z.number().int()),
  admin: z.boolean(),
  /** JSON text, as the spec's clients store it. */
  web_preferences: z.string(),
  /** Epoch seconds. */
  date_added: z.number().int(),
  last_login: z.number().int().nullable(),
  display_location: z.string(),
  /** The picture's address with a `{size}` placeholder; null when none. */
  profile_picture: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  birth_year: z.number().int().nullable(),
  church_leader: z.boolean(),
  newsletter_opt_in: z.boolean(),
  /** The daily e-mail of new sermons from what the user follows. */
  notify_email: z.boolean(),
  notify_mobile: z.boolean(),
  myChurchBroadcasterID: z.string().nullable(),
  /** A new address waiting for its verification; `email` stays until then. */
  pending_email: z.string().nullable(),
  /** Broadcaster roles (§6): 2 Admin, 3 Uploader, 4 Biller. */
  broadcasterRoles: z.array(z.object({ broadcasterID: z.string(), broadcasterRoleID: z.number().int() })),
  /** Broadcasters the user holds the Admin role of. */
  broadcasterAdminIds: z.array(z.string()),
  /** Broadcasters the user holds any role of. */
  broadcasterIds: z.array(z.string()),
});

export const sessionTokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
});

const usernameParams = z.object({ username: z.string().min(1).max(ACCOUNT_RULES.emailMaxLength) });
const done = z.object({ ok: z.literal(true) });
const tag = 'Accounts';

export const userContracts = {
  userAvailable: contract({
    method: 'GET',
    path: '/site/users/available',
    tag,
    summary: 'Is a username or e-mail address free',
    description:
      'Whether an account could be made with this username or e-mail address (give one). Names differing only in case are the same name.',
    query: z
      .object({ username: z.string().max(100).optional(), email: z.string().max(300).optional() })
      .refine((q) => q.username !== undefined || q.email !== undefined, { message: 'give username or email' }),
    responses: { 200: z.object({ available: z.boolean() }) },
  }),
  signUp: contract({
    method: 'POST',
    path: '/site/users/:username',
    tag,
    summary: 'Create an account',
    description: `Creates an unverified account and mails its verification code (${ACCOUNT_RULES.codeLength} letters) in the request's language. Usernames are ${ACCOUNT_RULES.usernameMinLength}-${ACCOUNT_RULES.usernameMaxLength} letters and digits; passwords at least ${ACCOUNT_RULES.passwordMinLength} characters with a lower-case letter and a capital or digit. 409 when the name or address is taken; 429 after too many sign-ups from one address.`,
    params: z.object({ username: usernameSchema }),
    body: z
      .object({
        email: emailSchema,
        password: passwordSchema,
        /** When sent, must equal `password`. */
        password_confirmation: z.string().max(ACCOUNT_RULES.passwordMaxLength).optional(),
        display_name: z.string().trim().max(ACCOUNT_RULES.displayNameMaxLength).optional(),
      })
      .refine((b) => b.password_confirmation === undefined || b.password_confirmation === b.password, {
        message: 'does not match the password',
        path: ['password_confirmation'],
      }),
    responses: { 201: z.object({ user: userSchema }) },
    errors: [409, 429],
  }),
  activateAccount: contract({
    method: 'POST',
    path: '/site/activations/:code/activate',
    tag,
    summary: 'Verify an e-mail address',
    description: 'Marks the account the code was mailed to as verified. A code works once and expires after 2 days.',
    params: z.object({ code: z.string().max(40) }),
    responses: { 200: z.object({ verified: z.literal(true) }) },
  }),
  resendActivation: contract({
    method: 'POST',
    path: '/site/activations/resend',
    tag,
    summary: 'Mail the verification code again',
    description:
      'Mails a new verification code to an unverified account (older codes stop working). Answers the same whether or not the account exists; 429 after too many resends.',
    body: z.object({ username: z.string().min(1).max(ACCOUNT_RULES.emailMaxLength) }),
    responses: { 202: done },
    errors: [429],
  }),
  signIn: contract({
    method: 'POST',
    path: '/site/users/:username/login',
    tag,
    summary: 'Sign in',
    description:
      'Checks the password (the username or the e-mail address in the path) and starts a session: the access token lives 900 s, the refresh token about a year. Sets them as httpOnly cookies, one-year cookies with `remember`, else cookies that end with the browser. 429 after too many attempts for the account or from the address.',
    params: usernameParams,
    body: z.object({
      password: z.string().min(1).max(ACCOUNT_RULES.passwordMaxLength),
      remember: queryBoolean.optional(),
    }),
    responses: { 200: sessionTokensSchema.extend({ user: userSchema }) },
    errors: [401, 403, 429],
  }),
  refreshSession: contract({
    method: 'POST',
    path: '/site/users/refresh',
    tag,
    summary: 'Renew the tokens',
    description:
      'Trades the refresh token (the body, else the cookie) for a new pair; the old one stops working. A refresh token used twice ends its whole session, on every device it reached.',
    body: z.object({ refresh_token: z.string().max(200).optional() }).optional(),
    responses: { 200: sessionTokensSchema },
    errors: [401, 403],
  }),
  signOut: contract({
    method: 'POST',
    path: '/site/users/logout',
    tag,
    summary: 'Sign out',
    description: 'Ends this session and clears its cookies.',
    responses: { 200: done },
    errors: [403],
  }),
  signOutEverywhere: contract({
    method: 'POST',
    path: '/site/users/logout_all',
    tag,
    summary: 'Sign out everywhere',
    description: "Ends every one of the user's sessions at once, this one included.",
    auth: 'session',
    responses: { 200: done },
    errors: [401, 403],
  }),
  requestPasswordReset: contract({
    method: 'POST',
    path: '/site/users/:username/requestreset',
    tag,
    summary: 'Mail a password-reset code',
    description:
      'Mails a reset code (one use, valid 1 hour) to the account with this username or e-mail address. Answers the same whether or not it exists; 429 after too many requests.',
    params: usernameParams,
    responses: { 202: done },
    errors: [429],
  }),
  resetPassword: contract({
    method: 'POST',
    path: '/site/users/reset',
    tag,
    summary: 'Set a new password with a reset code',
    description: "Sets the password and ends every session of the account. The code's address counts as verified.",
    body: z.object({ password_reset_code: codeSchema, password: passwordSchema }),
    responses: { 200: done },
    errors: [429],
  }),
  currentUser: contract({
    method: 'GET',
    path: '/site/users',
    tag,
    summary: 'The signed-in user',
    description: 'The user of this session; 401 when signed out or the session has ended.',
    auth: 'session',
    responses: { 200: userSchema },
    errors: [401],
  }),
};
