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
  /** An e-mail when a broadcaster the user follows goes live (off by default). */
  notify_webcast_email: z.boolean(),
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

const updateUserBody = z
  .object({
    display_name: z.string().trim().min(1).max(ACCOUNT_RULES.displayNameMaxLength),
    display_location: z.string().trim().max(ACCOUNT_RULES.displayLocationMaxLength),
    gender: z.enum(['male', 'female']).nullable(),
    birth_year: z.number().int().min(ACCOUNT_RULES.birthYearMin).max(2100).nullable(),
    church_leader: z.boolean(),
    newsletter_opt_in: z.boolean(),
    notify_email: z.boolean(),
    notify_webcast_email: z.boolean(),
    notify_mobile: z.boolean(),
    myChurchBroadcasterID: z.string().trim().min(1).max(100).nullable(),
    /** JSON text of an object (spec §4). */
    web_preferences: z.string().max(ACCOUNT_RULES.webPreferencesMaxLength),
  })
  .partial();

const usernameParams = z.object({ username: z.string().min(1).max(ACCOUNT_RULES.emailMaxLength) });
const done = z.object({ ok: z.literal(true) });
const tag = 'Accounts';

/** What signing out here and everywhere share: a POST with no input that answers `ok`. */
const signOutCall = <const P extends string>(path: P, summary: string, description: string) =>
  ({ method: 'POST', path, tag, summary, description, responses: { 200: done } }) as const;

/** The account's password, asked again before a change that matters. */
const currentPassword = z.string().min(1).max(ACCOUNT_RULES.passwordMaxLength);

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
    description:
      "Uses a mailed code once: a verification code (valid 2 days) marks the account verified; an e-mail change code (valid 1 day) makes the new address the account's, and the old address is told. 409 when the new address was taken meanwhile.",
    params: z.object({ code: z.string().max(40) }),
    responses: { 200: z.object({ verified: z.literal(true) }) },
    errors: [409],
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
    ...signOutCall('/site/users/logout', 'Sign out', 'Ends this session and clears its cookies.'),
    errors: [403],
  }),
  signOutEverywhere: contract({
    ...signOutCall(
      '/site/users/logout_all',
      'Sign out everywhere',
      "Ends every one of the user's sessions at once, this one included.",
    ),
    auth: 'session',
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
  updateUser: contract({
    method: 'PATCH',
    path: '/site/users',
    tag,
    summary: 'Change the profile and preferences',
    description:
      'Changes the fields sent and answers the user. `myChurchBroadcasterID` must name a broadcaster (null clears it). `web_preferences` is JSON text: only its known keys are kept (`t`, `shown`, `transcripts`: `shown` or `hidden`, `multiviewId`, `multiviewIds`), the dismissed messages in `shown` are added to those stored, and `t` is set to the time of saving (epoch ms).',
    auth: 'session',
    body: updateUserBody,
    responses: { 200: userSchema },
    errors: [401, 403],
  }),
  changePassword: contract({
    method: 'POST',
    path: '/site/users/change_password',
    tag,
    summary: 'Change the password',
    description:
      'Needs the current password. Every other session of the user ends; this one goes on with a new token pair (answered and set as cookies, as signing in does). 403 when the current password is wrong; 429 after too many attempts, as for signing in.',
    auth: 'session',
    body: z.object({ current_password: currentPassword, password: passwordSchema }),
    responses: { 200: sessionTokensSchema.extend({ user: userSchema }) },
    errors: [401, 403, 429],
  }),
  changeEmail: contract({
    method: 'POST',
    path: '/site/users/change_email',
    tag,
    summary: 'Change the e-mail address',
    description: `Needs the current password. Mails a code (${ACCOUNT_RULES.codeLength} letters, valid 1 day) to the new address, in the account's language, and answers the user with the address as \`pending_email\`. The address changes when the code is used at \`POST site/activations/{code}/activate\`; until then signing in uses the old one. 403 when the password is wrong; 409 when the address is taken; 429 after too many attempts.`,
    auth: 'session',
    body: z.object({ current_password: currentPassword, email: emailSchema }),
    responses: { 202: z.object({ user: userSchema }) },
    errors: [401, 403, 409, 429],
  }),
  uploadProfilePicture: contract({
    method: 'POST',
    path: '/site/users/upload_profile_picture',
    tag,
    summary: 'Start a profile picture upload',
    description: `Answers an \`uploadURL\` (valid 1 hour, one use) that the picture's bytes are PUT to as the request body. JPEG, PNG, GIF, WebP or BMP, checked by content, at least ${ACCOUNT_RULES.pictureMinPixels} pixels on each side, at most ${ACCOUNT_RULES.pictureMaxBytes / 1024 ** 2} MB; it is cropped square and stored in sizes ${ACCOUNT_RULES.pictureSizes.join(', ')}, served at the user's \`profile_picture\` address.`,
    auth: 'session',
    responses: { 200: z.object({ uploadURL: z.string() }) },
    errors: [401, 403],
  }),
  putProfilePicture: contract({
    method: 'PUT',
    path: '/site/users/profile_picture/:guid',
    tag,
    summary: "Send a profile picture's bytes",
    description:
      'The `uploadURL` of `upload_profile_picture`: the picture as the request body. Replaces the earlier picture (its files are removed) and answers the user. 400 when the bytes are not a picture of an accepted format and size; 404 for an unknown, used or expired slot; 413 when too large.',
    params: z.object({ guid: z.string().max(40) }),
    responses: { 200: userSchema },
    errors: [404, 413],
  }),
  deleteProfilePicture: contract({
    method: 'POST',
    path: '/site/users/delete_profile_picture',
    tag,
    summary: 'Remove the profile picture',
    description: 'Removes the picture and its files; answers the user.',
    auth: 'session',
    responses: { 200: userSchema },
    errors: [401, 403],
  }),
  deleteUser: contract({
    method: 'DELETE',
    path: '/site/users',
    tag,
    summary: 'Delete the account',
    description:
      'Needs the password. Deletes the account and everything kept for it (sessions, codes, roles, follows and history, the profile picture) and clears the cookies. 403 when the password is wrong; 429 after too many attempts.',
    auth: 'session',
    body: z.object({ password: currentPassword }),
    responses: { 200: done },
    errors: [401, 403, 429],
  }),
  deviceAuthorization: contract({
    method: 'POST',
    path: '/site/device/code',
    tag,
    summary: 'Start a device activation (TV and car apps)',
    description: `The device authorisation request of RFC 8628: the device shows \`user_code\` (XXXX-XXXX) and \`verification_uri\`, where a signed-in user enters it, and polls \`POST site/device/token\` with \`device_code\` no more often than every \`interval\` seconds until \`expires_in\` runs out. 429 after too many requests from one address.`,
    responses: {
      200: z.object({
        device_code: z.string(),
        user_code: z.string(),
        verification_uri: z.string(),
        verification_uri_complete: z.string(),
        expires_in: z.number().int(),
        interval: z.number().int(),
      }),
    },
    errors: [429],
  }),
  activateDevice: contract({
    method: 'POST',
    path: '/site/device/activate',
    tag,
    summary: 'Approve (or refuse) a device',
    description:
      "The signed-in user enters the code the device shows (case, spaces and the dash forgiven): the device's next poll gets a session of this user. `approve: false` refuses it. 400 for a wrong, used or expired code; 429 after too many attempts.",
    auth: 'session',
    body: z.object({
      userCode: z.string().max(20),
      approve: z.boolean().optional(),
    }),
    responses: { 200: done },
    errors: [401, 403, 429],
  }),
  deviceToken: contract({
    method: 'POST',
    path: '/site/device/token',
    tag,
    summary: "The device's token request",
    description:
      'The device access token request of RFC 8628 §3.4 (JSON body). Until the user acts, 400 with `code` `authorization_pending`; polling faster than `interval`, `slow_down` (the interval grows by 5 s); after `expires_in`, `expired_token`; when refused, `access_denied`; an unknown or used device code, `invalid_grant`. Once approved it answers a token pair once, a session like signing in with remember-me.',
    body: z.object({
      device_code: z.string().max(100),
      grant_type: z.literal('urn:ietf:params:oauth:grant-type:device_code').optional(),
      client_id: z.string().max(100).optional(),
    }),
    responses: { 200: sessionTokensSchema },
    errors: [429],
  }),
};
