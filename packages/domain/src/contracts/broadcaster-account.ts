import { z } from 'zod';
import { emailSchema } from '../account-rules.ts';
import {
  ALL_CATEGORIES,
  BROADCASTER_ID_PATTERN,
  INVITE_STATES,
  MANAGER_ROLE_IDS,
  BROADCASTER_ACCOUNT_RULES as R,
  SIGNUP_STATES,
} from '../broadcaster-account-values.ts';
import { podcastTxtSchema, podrollSchema } from '../feeds.ts';
import { webAddress as webAddressOf } from '../web-address.ts';
import { HIGHLIGHTED_SORT_ORDERS, highlightedSermonsSchema } from './broadcasters.ts';
import { contract } from './contract.ts';
import { broadcasterIdParams } from './params.ts';

/**
 * Becoming a broadcaster and the broadcaster's account (spec §2 Broadcaster account, §3
 * Broadcaster, §6 managers and invites, §7 Broadcasters). Who may call what (§6): the account's
 * settings, managers, invites, connections and API key are its Admins'; notices and highlighted
 * sermons its Uploaders'; donations and the next bill its Billers'; the overview's figures any
 * manager's. A site admin counts as every broadcaster's Admin and approves new broadcasters.
 */

const tag = 'Broadcaster account';
const done = z.object({ ok: z.literal(true) });
const trimmed = (max: number) => z.string().trim().max(max);
const webAddress = webAddressOf();

/** A broadcaster ID as chosen at sign-up (§5: digits and lower-case letters, unique). */
export const newBroadcasterIdSchema = z
  .string()
  .trim()
  .min(R.idMinLength)
  .max(R.idMaxLength)
  .regex(BROADCASTER_ID_PATTERN, 'broadcasterIDCharacters');

/** The manager roles (§6): 2 Admin, 3 Uploader, 4 Biller; at least one (§5). */
export const managerRolesSchema = z
  .array(z.union(MANAGER_ROLE_IDS.map((id) => z.literal(id))))
  .min(1)
  .max(3)
  .transform((roles) => [...new Set(roles)].sort());

// ---- Becoming a broadcaster ------------------------------------------------------------------

/** What the payments interface says about the fees (spec §1: amounts are not shown). */
export const paymentsStatusSchema = z.object({
  /** False until payments are built: a sign-up then waits for a site admin's approval. */
  configured: z.boolean(),
});

export const signupParamsSchema = z.object({
  payments: paymentsStatusSchema,
  /** Where the articles of faith a broadcaster accepts are read. */
  articlesOfFaithPath: z.string(),
  rules: z.object({ idMinLength: z.number().int(), idMaxLength: z.number().int() }),
});

export const signupCouponSchema = z.object({ code: z.string(), kind: z.string(), description: z.string() });

export const broadcasterSignupSchema = z.object({
  signupID: z.number().int(),
  broadcasterID: z.string(),
  displayName: z.string(),
  location: z.string(),
  countryISOCode: z.string(),
  contactEmail: z.string(),
  categories: z.number().int(),
  coupon: z.string().nullable(),
  signupInfo: z.string().nullable(),
  state: z.enum(SIGNUP_STATES),
  /** Who signed up (the broadcaster's first Admin once approved). */
  user: z.object({ userID: z.number().int(), username: z.string(), email: z.string() }),
  /** Epoch seconds. */
  created: z.number().int(),
  decided: z.number().int().nullable(),
});
export type BroadcasterSignup = z.infer<typeof broadcasterSignupSchema>;

export const createBroadcasterBody = z.object({
  broadcasterID: newBroadcasterIdSchema,
  displayName: z.string().trim().min(1).max(R.displayNameMaxLength),
  location: trimmed(R.textMaxLength).default(''),
  countryISOCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  categories: z.number().int().min(1).max(ALL_CATEGORIES).default(1),
  /** Where listeners' messages and the account's mail go; the user's own address when left out. */
  contactEmail: emailSchema.optional(),
  /** Must be true (§1: broadcasters subscribe to the articles of faith). */
  acceptArticlesOfFaith: z.literal(true),
  coupon: trimmed(R.couponMaxLength).optional(),
  /** The sign-up page's `info` query, kept with the sign-up (a referral, a campaign). */
  signupInfo: trimmed(R.signupInfoMaxLength).optional(),
});

const signupIdParams = z.object({ signupID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

// ---- The account's settings ------------------------------------------------------------------

export const soloSiteSchema = z.object({
  solo_id: z.number().int(),
  domain: z.string(),
  status: z.enum(['pending', 'active', 'disabled']),
  /** Epoch seconds. */
  create_date: z.number().int(),
  update_date: z.number().int(),
});

export const socialLinksSchema = z.object({
  twitter: z.string().optional(),
  google: z.string().optional(),
  facebook: z.string().optional(),
});

/** Everything the broadcaster's Admins edit on the settings screen (§3 Broadcaster), as stored. */
export const broadcasterSettingsSchema = z.object({
  broadcasterID: z.string(),
  displayName: z.string(),
  shortName: z.string(),
  location: z.string(),
  country: z.string(),
  countryISOCode: z.string(),
  state: z.string().nullable(),
  churchSize: z.number().int().nullable(),
  minister: z.string(),
  denomination: z.string(),
  aboutUs: z.string(),
  address: z.string(),
  addressMail: z.string(),
  phone: z.string(),
  listenLineNumber: z.string().nullable(),
  homePageURL: z.string().nullable(),
  bibleVersion: z.string().nullable(),
  languageCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  serviceTimes: z.string(),
  serviceTimesList: z.array(z.string()),
  /** Bit flags: 1 church, 2 school, 4 seminary, 8 radio broadcast. */
  categories: z.number().int(),
  vacantPulpit: z.boolean(),
  welcomeVideoID: z.string().nullable(),
  facebookUsername: z.string().nullable(),
  twitterUsername: z.string().nullable(),
  socialLinks: socialLinksSchema,
  /** Never shown to listeners; their messages are mailed here. */
  contactEmail: z.string().nullable(),
  soloSiteDisabled: z.boolean(),
  soloSite: soloSiteSchema.nullable(),
  /** Whether its sermons are transcribed automatically from their audio (issue 26). */
  autoTranscripts: z.boolean(),
});
export type BroadcasterSettings = z.infer<typeof broadcasterSettingsSchema>;

const optionalText = (max: number) => trimmed(max).nullable();
export const updateBroadcasterBody = z
  .object({
    displayName: z.string().trim().min(1).max(R.displayNameMaxLength),
    shortName: z.string().trim().min(1).max(R.shortNameMaxLength),
    location: trimmed(R.textMaxLength),
    country: trimmed(R.textMaxLength),
    countryISOCode: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{2})?$/)
      .transform((v) => v.toUpperCase()),
    state: optionalText(10),
    churchSize: z.number().int().min(0).max(1_000_000).nullable(),
    minister: trimmed(R.textMaxLength),
    denomination: trimmed(R.textMaxLength),
    aboutUs: trimmed(R.aboutUsMaxLength),
    address: trimmed(R.textMaxLength),
    addressMail: trimmed(R.textMaxLength),
    phone: trimmed(40),
    listenLineNumber: optionalText(40),
    homePageURL: webAddress.nullable(),
    bibleVersion: optionalText(40),
    languageCode: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}$/),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    serviceTimes: trimmed(2_000),
    serviceTimesList: z.array(z.string().trim().min(1).max(R.textMaxLength)).max(R.serviceTimesMaxEntries),
    categories: z.number().int().min(1).max(ALL_CATEGORIES),
    vacantPulpit: z.boolean(),
    welcomeVideoID: optionalText(100),
    facebookUsername: optionalText(100),
    twitterUsername: optionalText(100),
    socialLinks: z.object({
      twitter: webAddress.optional(),
      google: webAddress.optional(),
      facebook: webAddress.optional(),
    }),
    contactEmail: emailSchema.nullable(),
    soloSiteDisabled: z.boolean(),
    autoTranscripts: z.boolean(),
    /** The solo site's domain (a host name such as `sermons.example.org`); null removes it. */
    soloSiteDomain: z
      .string()
      .trim()
      .toLowerCase()
      .max(253)
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'invalidDomain')
      .nullable(),
    /** A new RTMP stream key for webcasts (spec §7); the old one stops working at once. */
    resetStreamToken: z.boolean(),
  })
  .partial()
  .refine((b) => (b.latitude === undefined) === (b.longitude === undefined), {
    message: 'latitudeWithLongitude',
    path: ['latitude'],
  });

export const emailSettingsSchema = z.object({
  /** Mail the contact address when a comment waits for review. */
  commentNotifications: z.boolean(),
  /** Mail the contact address a copy of each listener's message (else it is kept only). */
  messageNotifications: z.boolean(),
  /** Mail when a sermon's media is ready or failed. */
  mediaNotifications: z.boolean(),
  /** A weekly e-mail of plays and downloads. */
  weeklyStats: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

export const donationOptionSchema = z.object({
  label: z.string().trim().min(1).max(R.textMaxLength),
  url: webAddress.refine((v) => v.startsWith(R.donationURLPrefix), 'donationURLPrefix'),
});
export const donationSettingsSchema = z.object({
  donatable: z.boolean(),
  donationOptions: z.array(donationOptionSchema).max(R.donationOptionsMax),
});
export type DonationSettings = z.infer<typeof donationSettingsSchema>;
/** §5: a broadcaster taking donations offers at least one option. */
const donationSettingsBody = donationSettingsSchema.refine((d) => !d.donatable || d.donationOptions.length > 0, {
  message: 'donationOptionRequired',
  path: ['donationOptions'],
});

/** What the broadcaster's podcast feeds carry beyond its sermons (issue 25: feeds/). */
export const podcastSettingsSchema = z.object({
  /** podcast:podroll: the feeds it recommends. */
  podroll: podrollSchema,
  /** podcast:txt: verification tokens a podcast directory asked for. */
  txt: podcastTxtSchema,
  /** podcast:locked: other hosts may not import its feeds (true by default). */
  locked: z.boolean(),
});
export type PodcastSettings = z.infer<typeof podcastSettingsSchema>;

/** One outside service the account may connect to; `configured` is false without the site's credentials for it. */
export const connectionSchema = z.object({
  service: z.enum(['ftp', 'dropbox', 'twitter', 'google', 'facebook']),
  configured: z.boolean(),
  connected: z.boolean(),
});
export const connectionsSchema = z.object({ results: z.array(connectionSchema) });

/** What is known of the broadcaster's API key after it was shown once. */
export const keyInfoSchema = z.object({
  exists: z.boolean(),
  /** The key's last four characters, to tell it apart. */
  lastFour: z.string().nullable(),
  /** Epoch seconds. */
  created: z.number().int().nullable(),
});
export const newApiKeySchema = z.object({
  /** Shown this once; only its key info is kept readable. */
  apiKey: z.string(),
  keyInfo: keyInfoSchema,
});

// ---- Managers and invites (§6) ---------------------------------------------------------------

export const managerSchema = z.object({
  userID: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** 2 Admin, 3 Uploader, 4 Biller. */
  roles: z.array(z.number().int()),
});
export const managersSchema = z.object({ results: z.array(managerSchema) });

export const inviteSchema = z.object({
  inviteID: z.number().int(),
  email: z.string(),
  roles: z.array(z.number().int()),
  state: z.enum(INVITE_STATES),
  invitedBy: z.string(),
  /** Epoch seconds. */
  created: z.number().int(),
  lastSent: z.number().int(),
  expires: z.number().int(),
});
export const invitesSchema = z.object({ results: z.array(inviteSchema) });

/** An invite as its code's holder sees it, before accepting. */
export const invitePreviewSchema = z.object({
  broadcasterID: z.string(),
  broadcasterName: z.string(),
  email: z.string(),
  roles: z.array(z.number().int()),
  state: z.enum(INVITE_STATES),
  /** Whether an account with the invited address exists (else the page offers sign-up first). */
  accountExists: z.boolean(),
});

const userIdParams = broadcasterIdParams.extend({
  userID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
const inviteIdParams = broadcasterIdParams.extend({
  inviteID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
const inviteCodeParams = z.object({ code: z.string().min(10).max(100) });

// ---- Notices, highlighted sermons, figures ---------------------------------------------------

export const noticeSchema = z.object({
  noticeID: z.number().int(),
  broadcasterID: z.string(),
  title: z.string(),
  text: z.string(),
  /** Epoch seconds. */
  created: z.number().int(),
  /** Epoch seconds; null for a notice that stays until deleted. */
  expires: z.number().int().nullable(),
});
export const noticeListSchema = z.object({
  results: z.array(noticeSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
const noticeIdParams = broadcasterIdParams.extend({
  noticeID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const updateHighlightedBody = z.object({
  sortOrder: z.enum(HIGHLIGHTED_SORT_ORDERS).nullable(),
  sortTitle: trimmed(R.textMaxLength).nullable(),
  audioTitle: trimmed(R.textMaxLength).nullable(),
  /** The highlighted sermon: one of the broadcaster's own; null for none. */
  audioSermonID: z.string().min(1).max(40).nullable(),
});

export const lifetimeStatsSchema = z.object({
  sermons: z.number().int(),
  plays: z.number().int(),
  audioPlays: z.number().int(),
  videoPlays: z.number().int(),
  downloads: z.number().int(),
  videoDownloads: z.number().int(),
});
export const recentStatsSchema = z.object({
  /** One entry per day, oldest first, today last; days without any are zero. */
  days: z.array(z.object({ date: z.string(), plays: z.number().int(), downloads: z.number().int() })),
});
export const sermonStatsSchema = z.object({
  results: z.array(
    z.object({
      sermonID: z.string(),
      fullTitle: z.string(),
      preachDate: z.string().nullable(),
      plays: z.number().int(),
      downloads: z.number().int(),
    }),
  ),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const nextBillSchema = z.object({
  payments: paymentsStatusSchema,
  /** Null while payments are not configured. */
  bill: z.object({ amountCents: z.number().int(), currency: z.string(), due: z.string() }).nullable(),
});

const paging = (size: number) => ({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(size),
});

/** FTP and Dropbox connections (§7: POST connects, DELETE disconnects, 204 on success). */
const connectionCalls = <const S extends 'ftp' | 'dropbox'>(service: S, name: string) =>
  ({
    connect: contract({
      method: 'POST',
      path: `/node/broadcasters/:broadcasterID/${service}`,
      tag,
      summary: `Connect ${name}`,
      description: `Connects the account's ${name} uploads. 503 while the site has no ${name} credentials configured.`,
      auth: 'session',
      params: broadcasterIdParams,
      body: z.object({ settings: z.record(z.string(), z.string().max(500)).optional() }),
      responses: { 204: z.undefined() },
      errors: [401, 403, 404, 503],
    }),
    disconnect: contract({
      method: 'DELETE',
      path: `/node/broadcasters/:broadcasterID/${service}`,
      tag,
      summary: `Disconnect ${name}`,
      description: `Disconnects the account's ${name} uploads (204 also when none was connected).`,
      auth: 'session',
      params: broadcasterIdParams,
      responses: { 204: z.undefined() },
      errors: [401, 403, 404],
    }),
  }) as const;
const ftp = connectionCalls('ftp', 'FTP');
const dropbox = connectionCalls('dropbox', 'Dropbox');

/** Signing in to a social account (§7 twitter_auth, google_auth, facebook_auth). */
const socialAuth = <const S extends 'twitter' | 'google' | 'facebook'>(service: S) =>
  contract({
    method: 'GET',
    path: `/${service}_auth/:broadcasterID`,
    tag,
    summary: `Connect a ${service} account`,
    description: `Where to send the Admin to authorise the account's ${service} publishing. 503 while the site has no ${service} credentials configured.`,
    auth: 'session',
    params: broadcasterIdParams,
    query: z.object({ newBehavior: z.string().optional() }),
    responses: { 200: z.object({ url: z.string() }) },
    errors: [401, 403, 404, 503],
  });

export const broadcasterAccountContracts = {
  // Becoming a broadcaster
  broadcasterIdAvailable: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/available',
    tag,
    summary: 'Is a broadcaster ID free?',
    description: `Whether the ID may be signed up: ${R.idMinLength}-${R.idMaxLength} digits and lower-case letters, not taken by a broadcaster or a pending sign-up. \`problem\` names the §5 rule a malformed ID breaks.`,
    params: broadcasterIdParams,
    responses: {
      200: z.object({
        isAvailable: z.boolean(),
        problem: z.enum(['tooShort', 'tooLong', 'characters', 'taken']).nullable(),
      }),
    },
  }),
  signupParams: contract({
    method: 'GET',
    path: '/signup_params',
    tag,
    summary: 'What a broadcaster sign-up needs',
    description: 'Whether payments are configured (else a sign-up waits for a site admin), and the ID rules.',
    responses: { 200: signupParamsSchema },
  }),
  signupCoupon: contract({
    method: 'GET',
    path: '/signup_params/coupon/:code',
    tag,
    summary: 'Look a sign-up coupon up',
    description: 'A sign-up coupon by its code (any case); 404 when there is none.',
    params: z.object({ code: z.string().min(1).max(R.couponMaxLength) }),
    responses: { 200: signupCouponSchema },
    errors: [404],
  }),
  createBroadcaster: contract({
    method: 'POST',
    path: '/node/broadcasters',
    tag,
    summary: 'Sign up a broadcaster',
    description:
      'Signs a church (or school, seminary, radio broadcast) up for the signed-in user, who must have a verified e-mail address (403) and accept the articles of faith. The fees go through the payments interface; while payments are not configured the sign-up waits, `pending`, until a site admin approves it, and the user then becomes its Admin. 409 when the ID is taken; 404 for an unknown coupon.',
    auth: 'session',
    body: createBroadcasterBody,
    responses: { 201: broadcasterSignupSchema },
    errors: [401, 403, 404, 409],
  }),
  mySignups: contract({
    method: 'GET',
    path: '/site/users/broadcaster_signups',
    tag,
    summary: "The signed-in user's broadcaster sign-ups",
    description: 'Every broadcaster the user has signed up, newest first, with its state.',
    auth: 'session',
    responses: { 200: z.object({ results: z.array(broadcasterSignupSchema) }) },
    errors: [401],
  }),
  pendingSignups: contract({
    method: 'GET',
    path: '/admin/broadcaster_signups',
    tag,
    summary: 'Broadcaster sign-ups waiting for approval',
    description: 'Site admins only: the sign-ups in a state (pending by default), oldest first.',
    auth: 'session',
    query: z.object({ state: z.enum(SIGNUP_STATES).default('pending') }),
    responses: { 200: z.object({ results: z.array(broadcasterSignupSchema) }) },
    errors: [401, 403],
  }),
  approveSignup: contract({
    method: 'POST',
    path: '/admin/broadcaster_signups/:signupID/approve',
    tag,
    summary: 'Approve a broadcaster sign-up',
    description:
      'Site admins only: creates the broadcaster and makes its signer its Admin, then mails them. 404 for an unknown sign-up, 409 for one already decided.',
    auth: 'session',
    params: signupIdParams,
    responses: { 200: broadcasterSignupSchema },
    errors: [401, 403, 404, 409],
  }),
  rejectSignup: contract({
    method: 'POST',
    path: '/admin/broadcaster_signups/:signupID/reject',
    tag,
    summary: 'Reject a broadcaster sign-up',
    description: 'Site admins only: the ID is free again. 404 for an unknown sign-up, 409 for one already decided.',
    auth: 'session',
    params: signupIdParams,
    responses: { 200: broadcasterSignupSchema },
    errors: [401, 403, 404, 409],
  }),

  // Settings (Admin)
  broadcasterPrivateData: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/private_data',
    tag,
    summary: "A broadcaster's settings",
    description: 'Every setting the Admins edit, the contact e-mail and the solo site included.',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: broadcasterSettingsSchema },
    errors: [401, 403, 404],
  }),
  updateBroadcaster: contract({
    method: 'PATCH',
    path: '/node/broadcasters/:broadcasterID',
    tag,
    summary: "Change a broadcaster's profile",
    description:
      'Changes the fields sent (latitude and longitude together) and answers every setting. `soloSiteDomain` sets the solo site (pending until its address points here) or, null, removes it; 409 when another broadcaster has that domain.',
    auth: 'session',
    params: broadcasterIdParams,
    body: updateBroadcasterBody,
    responses: { 200: broadcasterSettingsSchema },
    errors: [401, 403, 404, 409],
  }),
  emailSettings: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/email_settings',
    tag,
    summary: "A broadcaster's e-mail settings",
    description: 'Which e-mails the account gets at its contact address.',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: emailSettingsSchema },
    errors: [401, 403, 404],
  }),
  updateEmailSettings: contract({
    method: 'PATCH',
    path: '/node/broadcasters/:broadcasterID/email_settings',
    tag,
    summary: "Change a broadcaster's e-mail settings",
    description: 'Changes the settings sent; answers them all.',
    auth: 'session',
    params: broadcasterIdParams,
    body: emailSettingsSchema.partial(),
    responses: { 200: emailSettingsSchema },
    errors: [401, 403, 404],
  }),
  donationSettings: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/donations',
    tag,
    summary: "A broadcaster's donation settings",
    description: 'Whether the broadcaster takes donations, and where (for its Billers and Admins).',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: donationSettingsSchema },
    errors: [401, 403, 404],
  }),
  updateDonationSettings: contract({
    method: 'PUT',
    path: '/node/broadcasters/:broadcasterID/donations',
    tag,
    summary: "Set a broadcaster's donation settings",
    description: `Replaces them: taking donations needs at least one option, each a label and an address starting \`${R.donationURLPrefix}\` (§5).`,
    auth: 'session',
    params: broadcasterIdParams,
    body: donationSettingsBody,
    responses: { 200: donationSettingsSchema },
    errors: [401, 403, 404],
  }),
  podcastSettings: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/podcast_settings',
    tag,
    summary: "A broadcaster's podcast settings",
    description:
      'What its podcast feeds carry beyond its sermons: the feeds it recommends, verification tokens, and whether other hosts may import its feeds.',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: podcastSettingsSchema },
    errors: [401, 403, 404],
  }),
  updatePodcastSettings: contract({
    method: 'PATCH',
    path: '/node/broadcasters/:broadcasterID/podcast_settings',
    tag,
    summary: "Change a broadcaster's podcast settings",
    description: 'Changes the settings sent (a list replaced as a whole); answers them all. Its feeds change at once.',
    auth: 'session',
    params: broadcasterIdParams,
    body: podcastSettingsSchema.partial(),
    responses: { 200: podcastSettingsSchema },
    errors: [401, 403, 404],
  }),
  broadcasterConnections: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/connections',
    tag,
    summary: "A broadcaster's connections",
    description:
      'FTP, Dropbox and the social accounts: whether the site has credentials for each (`configured`) and whether the broadcaster is connected.',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: connectionsSchema },
    errors: [401, 403, 404],
  }),
  connectFtp: ftp.connect,
  disconnectFtp: ftp.disconnect,
  connectDropbox: dropbox.connect,
  disconnectDropbox: dropbox.disconnect,
  twitterAuth: socialAuth('twitter'),
  googleAuth: socialAuth('google'),
  facebookAuth: socialAuth('facebook'),
  apiKeyInfo: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/keyinfo',
    tag,
    summary: "What is known of a broadcaster's API key",
    description: 'Whether it has one, its last four characters and when it was made; never the key.',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: keyInfoSchema },
    errors: [401, 403, 404],
  }),
  regenerateApiKey: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/api_key',
    tag,
    summary: 'Make a new API key',
    description: 'Makes the broadcaster a new API key and answers it, this once; any key it had stops working at once.',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 201: newApiKeySchema },
    errors: [401, 403, 404],
  }),

  // Managers and invites (Admin; removing yourself: any manager)
  userRoles: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/user_roles',
    tag,
    summary: "A broadcaster's managers",
    description: 'The users holding roles on the broadcaster, with their roles (2 Admin, 3 Uploader, 4 Biller).',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: managersSchema },
    errors: [401, 403, 404],
  }),
  changeUserRoles: contract({
    method: 'PUT',
    path: '/node/broadcasters/:broadcasterID/user_roles/:userID',
    tag,
    summary: "Set a manager's roles",
    description:
      "Replaces a manager's roles (at least one, §5). 409 when it would leave the broadcaster without an Admin; 404 for a user who is no manager of it.",
    auth: 'session',
    params: userIdParams,
    body: z.object({ roles: managerRolesSchema }),
    responses: { 200: managersSchema },
    errors: [401, 403, 404, 409],
  }),
  removeManager: contract({
    method: 'DELETE',
    path: '/node/broadcasters/:broadcasterID/user_roles/:userID',
    tag,
    summary: 'Remove a manager',
    description:
      "Takes all of a user's roles on the broadcaster. Admins remove anyone; any manager may remove themselves. 409 when it would leave the broadcaster without an Admin.",
    auth: 'session',
    params: userIdParams,
    responses: { 200: managersSchema },
    errors: [401, 403, 404, 409],
  }),
  userInvites: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/user_invites',
    tag,
    summary: "A broadcaster's invites",
    description: 'Invites not yet accepted, newest first (pending ones can be resent or revoked).',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: invitesSchema },
    errors: [401, 403, 404],
  }),
  inviteUser: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/user_invites',
    tag,
    summary: 'Invite a manager by e-mail',
    description: `Mails the address a link to accept the roles (valid ${R.inviteLifetimeDays} days). 409 when the address's account already manages the broadcaster or has a pending invite.`,
    auth: 'session',
    params: broadcasterIdParams,
    body: z.object({ email: emailSchema, roles: managerRolesSchema }),
    responses: { 201: inviteSchema },
    errors: [401, 403, 404, 409, 429],
  }),
  resendInvite: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/user_invites/:inviteID/resend',
    tag,
    summary: 'Send an invite again',
    description: 'Mails a pending invite again with a new link (the old one stops working) and a new expiry.',
    auth: 'session',
    params: inviteIdParams,
    responses: { 200: inviteSchema },
    errors: [401, 403, 404, 409, 429],
  }),
  revokeInvite: contract({
    method: 'DELETE',
    path: '/node/broadcasters/:broadcasterID/user_invites/:inviteID',
    tag,
    summary: 'Revoke an invite',
    description: 'Its link stops working.',
    auth: 'session',
    params: inviteIdParams,
    responses: { 200: done },
    errors: [401, 403, 404],
  }),
  invitePreview: contract({
    method: 'GET',
    path: '/user_invites/:code',
    tag,
    summary: 'An invite by its code',
    description: "What the invite's link offers, for the page that accepts it; 404 for an unknown code.",
    params: inviteCodeParams,
    responses: { 200: invitePreviewSchema },
    errors: [404],
  }),
  acceptInvite: contract({
    method: 'POST',
    path: '/user_invites/:code/accept',
    tag,
    summary: 'Accept an invite',
    description:
      'Gives the signed-in user (verified e-mail, 403 otherwise) the invite’s roles on its broadcaster. 404 for an unknown code, 409 for one accepted, revoked or expired.',
    auth: 'session',
    params: inviteCodeParams,
    responses: { 200: z.object({ broadcasterID: z.string(), roles: z.array(z.number().int()) }) },
    errors: [401, 403, 404, 409],
  }),

  // Notices (public list; Uploaders write) and highlighted sermons (Uploaders)
  broadcasterNotices: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/notices',
    tag,
    summary: "A broadcaster's notices",
    description: `Notices not expired, newest first, ${R.noticePageSize} a page.`,
    params: broadcasterIdParams,
    query: z.object(paging(R.noticePageSize)),
    responses: { 200: noticeListSchema },
    errors: [404],
  }),
  postNotice: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/notices',
    tag,
    summary: 'Post a notice',
    description: 'Adds a notice to the broadcaster page, until `expires` (epoch seconds, in the future) or deleted.',
    auth: 'session',
    params: broadcasterIdParams,
    body: z.object({
      title: z.string().trim().min(1).max(R.noticeTitleMaxLength),
      text: z.string().trim().min(1).max(R.noticeTextMaxLength),
      expires: z.number().int().positive().nullable().default(null),
    }),
    responses: { 201: noticeSchema },
    errors: [401, 403, 404],
  }),
  deleteNotice: contract({
    method: 'DELETE',
    path: '/node/broadcasters/:broadcasterID/notices/:noticeID',
    tag,
    summary: 'Delete a notice',
    description: 'Removes one of the broadcaster’s notices.',
    auth: 'session',
    params: noticeIdParams,
    responses: { 200: done },
    errors: [401, 403, 404],
  }),
  updateHighlightedSermons: contract({
    method: 'PATCH',
    path: '/node/broadcasters/:broadcasterID/highlighted_sermons',
    tag,
    summary: 'Set the highlighted sermons',
    description:
      "How the broadcaster page orders its short list, its titles, and the highlighted sermon (404 for a sermon that is not the broadcaster's).",
    auth: 'session',
    params: broadcasterIdParams,
    body: updateHighlightedBody,
    responses: { 200: highlightedSermonsSchema },
    errors: [401, 403, 404],
  }),

  // Overview (any manager) and the bill (Billers)
  lifetimeStats: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/lifetime_stats',
    tag,
    summary: "A broadcaster's lifetime figures",
    description: 'Sermons, plays and downloads over all time.',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: lifetimeStatsSchema },
    errors: [401, 403, 404],
  }),
  recentStats: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/recent_stats',
    tag,
    summary: 'Recent plays and downloads by day',
    description: `The last ${R.recentStatsDays} days (UTC), today included.`,
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: recentStatsSchema },
    errors: [401, 403, 404],
  }),
  sermonStats: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/sermon_stats',
    tag,
    summary: 'Plays and downloads per sermon',
    description: 'The broadcaster’s sermons, most played first, 25 a page.',
    auth: 'session',
    params: broadcasterIdParams,
    query: z.object(paging(25)),
    responses: { 200: sermonStatsSchema },
    errors: [401, 403, 404],
  }),
  nextBill: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/next_bill',
    tag,
    summary: "A broadcaster's next bill",
    description: 'From the payments interface; `bill` is null while payments are not configured.',
    auth: 'session',
    params: broadcasterIdParams,
    responses: { 200: nextBillSchema },
    errors: [401, 403, 404],
  }),
} as const;
