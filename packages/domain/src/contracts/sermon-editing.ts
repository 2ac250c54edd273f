import { z } from 'zod';
import { EVENT_TYPES } from '../event-types.ts';
import { feedLinksSchema } from '../feeds.ts';
import { SERMON_LANGUAGES } from '../languages.ts';
import { knownOr, PAGE_SIZES, pageNumber, pageSize } from '../query.ts';
import { DASHBOARD_SERMON_SORTS, PUBLISH_STATES, SERMON_LIMITS } from '../sermon-editing.ts';
import { contract } from './contract.ts';
import { broadcasterIdParams, sermonIdParams } from './params.ts';

/**
 * The write half of the catalogue for a broadcaster's managers (spec §3 Sermon, Series,
 * Speaker; §4 publish states; §7 Sermons and Broadcasters calls): sermons created as drafts,
 * edited, published now or at a minute, taken down, duplicated, deleted (kept 30 days,
 * restorable by a site admin); the broadcaster's speakers and series; the dashboard's list of
 * its sermons in every state. For the broadcaster's Admins and Uploaders and site admins.
 */

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max);
/** YYYY-MM-DD. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const languageCodes = SERMON_LANGUAGES.map((l) => l.languageCode) as [string, ...string[]];

export const editorSpeakerSchema = z.object({
  speakerID: z.number().int(),
  displayName: z.string(),
  sortName: z.string(),
  bio: z.string(),
  /** The broadcaster it belongs to; null for a speaker shared by several (not editable here). */
  broadcasterLock: z.string().nullable(),
  /** Its sermons at this broadcaster, in every state. */
  sermonCount: z.number().int(),
  editable: z.boolean(),
});

export const editorSeriesSchema = z.object({
  seriesID: z.number().int(),
  broadcasterID: z.string(),
  title: z.string(),
  description: z.string(),
  podcastEnabled: z.boolean(),
  /** Where its podcast is also listed (§3 feedLinks). */
  feedLinks: feedLinksSchema,
  /** Its sermons, in every state. */
  sermonCount: z.number().int(),
});

/** A sermon as its editor sees it, in any state. */
export const editableSermonSchema = z.object({
  sermonID: z.string(),
  broadcasterID: z.string(),
  fullTitle: z.string(),
  displayTitle: z.string(),
  subtitle: z.string(),
  bibleText: z.string(),
  speaker: z.object({ speakerID: z.number().int(), displayName: z.string() }),
  series: z.object({ seriesID: z.number().int(), title: z.string() }).nullable(),
  eventType: z.string(),
  languageCode: z.string(),
  preachDate: day,
  /** ISO 8601; null for a draft or a sermon taken down. */
  publishTimestamp: z.string().nullable(),
  publishState: z.enum(PUBLISH_STATES),
  /** Space separated; each becomes a hashtag (`hashtags`). */
  keywords: z.string(),
  hashtags: z.array(z.string()),
  moreInfoText: z.string(),
  acceptCopyright: z.boolean(),
  hasAudio: z.boolean(),
  hasVideo: z.boolean(),
  /** Whether it may be published (§4: a named speaker and a title other than 'Untitled Sermon'). */
  publishable: z.boolean(),
  /** ISO 8601. */
  updated: z.string(),
  /** ISO 8601 when deleted (then `purgeAfter`: when it and its media are removed for good). */
  deleted: z.string().nullable(),
  purgeAfter: z.string().nullable(),
});
export type EditableSermon = z.infer<typeof editableSermonSchema>;

/** Every editable field (§3). PATCH sends some, PUT all. */
export const sermonFieldsSchema = z.object({
  fullTitle: text(SERMON_LIMITS.fullTitle).trim().min(1),
  displayTitle: text(SERMON_LIMITS.displayTitle).trim(),
  subtitle: text(SERMON_LIMITS.subtitle).trim(),
  /** A Bible reference checked against the Bible's books, chapters and verses ('John 3:16-21'). */
  bibleText: text(SERMON_LIMITS.bibleText).trim(),
  /** One of the broadcaster's speakers (`editableSpeakers`). */
  speakerID: id,
  /** One of the broadcaster's series, or null for none. */
  seriesID: id.nullable(),
  eventType: z.enum(EVENT_TYPES),
  languageCode: z.enum(languageCodes),
  preachDate: day,
  keywords: text(SERMON_LIMITS.keywords).trim(),
  moreInfoText: text(SERMON_LIMITS.moreInfoText),
  /** The copyright acknowledgement (§5: required to publish). */
  acceptCopyright: z.boolean(),
});
export type SermonFields = z.infer<typeof sermonFieldsSchema>;

export const publishRequestSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('published') }),
  /** `publishTimestamp`: ISO 8601, in the future; published by a job at that minute. */
  z.object({ state: z.literal('scheduled'), publishTimestamp: z.iso.datetime({ offset: true }) }),
  z.object({ state: z.literal('draft') }),
  z.object({ state: z.literal('unpublished') }),
]);

export const dashboardSermonSchema = z.object({
  sermonID: z.string(),
  fullTitle: z.string(),
  displayTitle: z.string(),
  speaker: z.object({ speakerID: z.number().int(), displayName: z.string() }),
  series: z.object({ seriesID: z.number().int(), title: z.string() }).nullable(),
  eventType: z.string(),
  languageCode: z.string(),
  preachDate: day,
  publishTimestamp: z.string().nullable(),
  publishState: z.enum(PUBLISH_STATES),
  hasAudio: z.boolean(),
  hasVideo: z.boolean(),
  updated: z.string(),
});
export type DashboardSermon = z.infer<typeof dashboardSermonSchema>;

export const dashboardSermonListQuery = z.object({
  page: pageNumber,
  pageSize: pageSize(PAGE_SIZES.sermons),
  /** From the previous answer's `next`: the following page by keyset, fast at any depth. */
  cursor: z.string().max(500).optional(),
  /** Case- and accent-insensitive, in the full and display titles, the speaker's name and the series' title; its matches are counted up to 1,000. */
  search: z.string().trim().max(SERMON_LIMITS.search).optional(),
  state: z.enum(PUBLISH_STATES).optional(),
  speakerID: id.optional(),
  seriesID: id.optional(),
  eventType: z.enum(EVENT_TYPES).optional(),
  sortBy: knownOr(DASHBOARD_SERMON_SORTS, 'newest'),
});
export type DashboardSermonListQuery = z.infer<typeof dashboardSermonListQuery>;

export const dashboardSermonListSchema = z.object({
  results: z.array(dashboardSermonSchema),
  totalCount: z.number().int(),
  /** The following page's path with its cursor; null on the last page. */
  next: z.string().nullable(),
  nodeType: z.string(),
  nodeDisplayName: z.string(),
});

export const sermonConfigSchema = z.object({
  eventTypes: z.array(z.object({ description: z.string(), displayEventType: z.string() })),
  defaultEventType: z.string(),
  languages: z.array(z.object({ languageCode: z.string(), name: z.string(), localizedName: z.string() })),
  publishStates: z.array(z.enum(PUBLISH_STATES)),
  limits: z.record(z.string(), z.number().int()),
  deletedSermonKeptDays: z.number().int(),
  /** Scheduled times are shown in this zone (§9). */
  timeZone: z.string(),
});

export const editorDropdownContentsSchema = z.object({
  speakers: z.array(editorSpeakerSchema),
  series: z.array(editorSeriesSchema),
});

const speakerParams = z.object({ speaker: id });
const seriesParams = z.object({ seriesID: id });
const createSpeakerBody = z.object({
  broadcasterID: z.string().min(1).max(100),
  speakerName: text(SERMON_LIMITS.speakerName).trim().min(1),
  sortName: text(SERMON_LIMITS.speakerName).trim().min(1).optional(),
  bio: text(SERMON_LIMITS.speakerBio).optional(),
});
const speakerFields = z.object({
  displayName: text(SERMON_LIMITS.speakerName).trim().min(1),
  sortName: text(SERMON_LIMITS.speakerName).trim().min(1),
  bio: text(SERMON_LIMITS.speakerBio),
});
const seriesFields = z.object({
  title: text(SERMON_LIMITS.seriesTitle).trim().min(1),
  description: text(SERMON_LIMITS.seriesDescription),
  podcastEnabled: z.boolean(),
  /** Replaces the links: a kind left out is removed. */
  feedLinks: feedLinksSchema,
});
const deletedSchema = z.object({ sermonID: z.string(), deleted: z.string(), purgeAfter: z.string() });
const done = z.object({ ok: z.literal(true) });
const tag = 'Sermon editing';
const session = 'session' as const;

export const sermonEditingContracts = {
  createSermon: contract({
    method: 'POST',
    path: '/node/sermons',
    tag,
    summary: 'Create a sermon',
    description:
      "Creates a draft sermon for the broadcaster: 'Untitled Sermon' by 'Unknown Speaker', preached today, in `languageCode` (the interface's language when it is a sermon language, else English). For its Admins and Uploaders.",
    auth: session,
    body: z.object({
      broadcasterID: z.string().min(1).max(100),
      languageCode: z.enum(languageCodes).optional(),
    }),
    responses: { 201: editableSermonSchema },
    errors: [401, 403, 404],
  }),
  editableSermon: contract({
    method: 'GET',
    path: '/node/sermons/:sermonID/editor',
    tag,
    summary: 'Get a sermon for editing',
    description: "A sermon in any state (drafts, scheduled, taken down, deleted) for its broadcaster's managers.",
    auth: session,
    params: sermonIdParams,
    responses: { 200: editableSermonSchema },
    errors: [401, 403, 404],
  }),
  updateSermon: contract({
    method: 'PATCH',
    path: '/node/sermons/:sermonID',
    tag,
    summary: 'Edit a sermon',
    description:
      "Changes the fields sent. Titles may not hold HTML; the Bible reference must exist in the Bible; the speaker and series must be the broadcaster's; the language cannot change once media are uploaded (§5). A published sermon's pages change at once.",
    auth: session,
    params: sermonIdParams,
    body: sermonFieldsSchema.partial(),
    responses: { 200: editableSermonSchema },
    errors: [401, 403, 404, 409],
  }),
  replaceSermon: contract({
    method: 'PUT',
    path: '/node/sermons/:sermonID',
    tag,
    summary: "Replace a sermon's fields",
    description: 'As PATCH, with every editable field.',
    auth: session,
    params: sermonIdParams,
    body: sermonFieldsSchema,
    responses: { 200: editableSermonSchema },
    errors: [401, 403, 404, 409],
  }),
  setSermonPublishState: contract({
    method: 'PUT',
    path: '/node/sermons/:sermonID/publish_state',
    tag,
    summary: 'Publish, schedule, draft or unpublish a sermon',
    description:
      "`published` publishes it now; `scheduled` at `publishTimestamp` (a future minute; a job publishes it then); `draft` makes it a draft again; `unpublished` takes it down. Publishing or scheduling needs a named speaker, a title other than 'Untitled Sermon' and the copyright acknowledgement (409 otherwise).",
    auth: session,
    params: sermonIdParams,
    body: publishRequestSchema,
    responses: { 200: editableSermonSchema },
    errors: [401, 403, 404, 409],
  }),
  duplicateSermon: contract({
    method: 'POST',
    path: '/node/sermons/:sermonID/duplicate',
    tag,
    summary: 'Duplicate a sermon',
    description: "A new draft with the sermon's fields and none of its media.",
    auth: session,
    params: sermonIdParams,
    responses: { 201: editableSermonSchema },
    errors: [401, 403, 404],
  }),
  deleteSermon: contract({
    method: 'DELETE',
    path: '/node/sermons/:sermonID',
    tag,
    summary: 'Delete a sermon',
    description:
      'Removes the sermon from every public page, list, feed and search at once and stops serving its media. It and its media are kept for 30 days, restorable by a site admin, then purged.',
    auth: session,
    params: sermonIdParams,
    responses: { 200: deletedSchema },
    errors: [401, 403, 404],
  }),
  restoreSermon: contract({
    method: 'POST',
    path: '/node/sermons/:sermonID/restore',
    tag,
    summary: 'Restore a deleted sermon',
    description: 'Brings a sermon deleted in the last 30 days back, in the state it had. Site admins only.',
    auth: session,
    params: sermonIdParams,
    responses: { 200: editableSermonSchema },
    errors: [401, 403, 404],
  }),
  sermonConfig: contract({
    method: 'GET',
    path: '/sermon_config',
    tag,
    summary: "The sermon editor's settings",
    description: 'Event types, sermon languages, publish states and field lengths the editor offers and checks.',
    responses: { 200: sermonConfigSchema },
  }),
  editorDropdownContents: contract({
    method: 'GET',
    path: '/node/sermons/:sermonID/editor_dropdown_contents',
    tag,
    summary: "The sermon editor's pickers",
    description: "The speakers and series of the sermon's broadcaster, for the editor's pickers.",
    auth: session,
    params: sermonIdParams,
    responses: { 200: editorDropdownContentsSchema },
    errors: [401, 403, 404],
  }),
  dashboardSermonList: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/legacy-sermon-list',
    tag,
    summary: "A broadcaster's sermons in every state",
    description:
      "The dashboard's list: drafts, scheduled, published and taken-down sermons (not deleted ones), searched, filtered and sorted. Follow `next` for the following page (a keyset cursor, fast at any depth).",
    auth: session,
    params: broadcasterIdParams,
    query: dashboardSermonListQuery,
    responses: { 200: dashboardSermonListSchema },
    errors: [401, 403, 404],
  }),
  editableSpeakers: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/editable_speakers',
    tag,
    summary: "A broadcaster's speakers, for editing",
    description: 'The speakers the broadcaster may give its sermons, by sort name, with unpublished sermons counted.',
    auth: session,
    params: broadcasterIdParams,
    responses: { 200: z.object({ results: z.array(editorSpeakerSchema) }) },
    errors: [401, 403, 404],
  }),
  createSpeaker: contract({
    method: 'POST',
    path: '/node/speakers',
    tag,
    summary: 'Create a speaker',
    description:
      "Adds a speaker to the broadcaster's speakers. A name already known and not another broadcaster's is linked to the broadcaster instead (200); another broadcaster's is 409.",
    auth: session,
    body: createSpeakerBody,
    responses: { 201: editorSpeakerSchema, 200: editorSpeakerSchema },
    errors: [401, 403, 404, 409],
  }),
  updateSpeaker: contract({
    method: 'PATCH',
    path: '/node/speakers/:speaker',
    tag,
    summary: 'Edit a speaker',
    description: "A speaker of one broadcaster, by that broadcaster's managers (shared speakers by site admins).",
    auth: session,
    params: speakerParams,
    body: speakerFields.partial(),
    responses: { 200: editorSpeakerSchema },
    errors: [401, 403, 404, 409],
  }),
  deleteSpeaker: contract({
    method: 'DELETE',
    path: '/node/speakers/:speaker',
    tag,
    summary: 'Delete a speaker',
    description: 'A speaker of one broadcaster with no sermons (409 while it has some).',
    auth: session,
    params: speakerParams,
    responses: { 200: done },
    errors: [401, 403, 404, 409],
  }),
  editableSeries: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/editable_series',
    tag,
    summary: "A broadcaster's series, for editing",
    description: 'Every series of the broadcaster by title, with unpublished sermons counted.',
    auth: session,
    params: broadcasterIdParams,
    responses: { 200: z.object({ results: z.array(editorSeriesSchema) }) },
    errors: [401, 403, 404],
  }),
  createSeries: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/series',
    tag,
    summary: 'Create a series',
    description: 'A new series of the broadcaster, named `series_name`.',
    auth: session,
    params: broadcasterIdParams,
    body: z.object({
      series_name: text(SERMON_LIMITS.seriesTitle).trim().min(1),
      description: text(SERMON_LIMITS.seriesDescription).optional(),
    }),
    responses: { 201: editorSeriesSchema },
    errors: [401, 403, 404],
  }),
  updateSeries: contract({
    method: 'PATCH',
    path: '/node/series/:seriesID',
    tag,
    summary: 'Edit a series',
    description:
      "Its title, description, podcast setting and the podcast's links elsewhere (`feedLinks`, http or https addresses, replaced as a whole); by its broadcaster's managers.",
    auth: session,
    params: seriesParams,
    body: seriesFields.partial(),
    responses: { 200: editorSeriesSchema },
    errors: [401, 403, 404],
  }),
  deleteSeries: contract({
    method: 'DELETE',
    path: '/node/series/:seriesID',
    tag,
    summary: 'Delete a series',
    description: 'Its sermons stay, in no series.',
    auth: session,
    params: seriesParams,
    responses: { 200: done },
    errors: [401, 403, 404],
  }),
};
