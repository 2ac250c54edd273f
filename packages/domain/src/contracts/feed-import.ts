import { z } from 'zod';
import { contract } from './contract.ts';
import { broadcasterIdParams } from './params.ts';

/**
 * Feed import (issue 25 "Feeds in"): a broadcaster moving from another host gives its existing
 * podcast feed (an address, or the XML itself); Kerygma reads it into a preview (speakers,
 * series and sermons as it understood them), the broadcaster corrects it, then it is imported:
 * sermons made at once, each item's media fetched and encoded by jobs. Every item keeps its
 * guid (so podcast apps that follow the church to Kerygma see no duplicates), and importing the
 * same feed again adds only the items not imported before (by guid, else enclosure address).
 * For the broadcaster's Admins and Uploaders, or its API key.
 */

const tag = 'Feed import';

/** A feed that cannot be read is refused when asked (422) and nothing is kept, so an import never fails as a whole. */
export const FEED_IMPORT_STATES = ['preview', 'importing', 'done'] as const;
export const FEED_ITEM_MEDIA_STATES = ['waiting', 'fetching', 'encoding', 'done', 'failed'] as const;
export const FEED_IMPORT_PUBLISH = ['published', 'draft'] as const;

/** The longest XML accepted as a body, and from an address (bytes). */
export const FEED_IMPORT_LIMITS = {
  feedMaxBytes: 20 * 1024 * 1024,
  itemsMax: 5000,
  mediaMaxBytes: 2 * 1024 * 1024 * 1024,
} as const;

export const feedImportItemSchema = z.object({
  /** The item's guid as the feed has it (else its enclosure address): the key of its episode. */
  guid: z.string(),
  title: z.string(),
  /** YYYY-MM-DD, from pubDate. */
  preachDate: z.iso.date(),
  description: z.string(),
  /** The preacher as understood (itunes:author, dc:creator or podcast:person), after merges. */
  speakerName: z.string(),
  /** The series as understood (itunes:subtitle, season or a title pattern), or null for none. */
  seriesTitle: z.string().nullable(),
  /** Bible references found in the title and description, as the sermon's bibleText. */
  bibleText: z.string().nullable(),
  enclosureURL: z.string().nullable(),
  enclosureType: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** False: left out of the import by the broadcaster. */
  include: z.boolean(),
  /** A sermon of the broadcaster already has this guid or enclosure: it will not be imported again. */
  alreadyImported: z.boolean(),
  /** Once imported: the sermon made, its media's progress and, when that failed, why. */
  sermonID: z.string().nullable(),
  mediaState: z.enum(FEED_ITEM_MEDIA_STATES).nullable(),
  error: z.string().nullable(),
});

export const feedImportSchema = z.object({
  importID: z.number().int(),
  broadcasterID: z.string(),
  /** The address read, or null when the XML was sent. */
  sourceURL: z.string().nullable(),
  state: z.enum(FEED_IMPORT_STATES),
  channel: z.object({
    title: z.string(),
    description: z.string(),
    author: z.string().nullable(),
    imageURL: z.string().nullable(),
    languageCode: z.string().nullable(),
    link: z.string().nullable(),
  }),
  /** Kerygma's feed of the broadcaster: the address to give the old host as itunes:new-feed-url. */
  newFeedURL: z.string(),
  publish: z.enum(FEED_IMPORT_PUBLISH),
  /** Each preacher named in the feed; `mergeInto` names the one it is imported as, when merged. */
  speakers: z.array(
    z.object({
      name: z.string(),
      sermonCount: z.number().int(),
      /** The catalogue's speaker of that name, when there is one. */
      speakerID: z.number().int().nullable(),
      mergeInto: z.string().nullable(),
    }),
  ),
  series: z.array(
    z.object({ title: z.string(), sermonCount: z.number().int(), seriesID: z.number().int().nullable() }),
  ),
  items: z.array(feedImportItemSchema),
  progress: z.object({
    total: z.number().int(),
    imported: z.number().int(),
    mediaDone: z.number().int(),
    mediaFailed: z.number().int(),
  }),
  /** Epoch seconds. */
  createdAt: z.number().int(),
});
export type FeedImport = z.infer<typeof feedImportSchema>;
export type FeedImportItem = z.infer<typeof feedImportItemSchema>;

const importIdParams = z.object({ importID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const feedImportContracts = {
  createFeedImport: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/feed-imports',
    tag,
    summary: 'Read a feed into a preview',
    description: `Reads a podcast feed, from \`url\` (http or https; public addresses only, checked after every DNS lookup and redirect) or from \`xml\`, into a preview to correct before importing. At most ${FEED_IMPORT_LIMITS.feedMaxBytes / 1024 / 1024} MB and ${FEED_IMPORT_LIMITS.itemsMax} items; XML with entity declarations is refused. 422 with the reason when the feed cannot be read.`,
    auth: 'apiKeyOrSession',
    params: broadcasterIdParams,
    body: z.union([
      z.object({ url: z.string().trim().min(1).max(2000) }),
      z.object({ xml: z.string().min(1).max(FEED_IMPORT_LIMITS.feedMaxBytes) }),
    ]),
    responses: { 201: feedImportSchema },
    errors: [401, 403, 404, 413, 422],
  }),
  listFeedImports: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/feed-imports',
    tag,
    summary: "A broadcaster's feed imports",
    description: 'Its imports, newest first, without their items.',
    auth: 'apiKeyOrSession',
    params: broadcasterIdParams,
    responses: { 200: z.object({ results: z.array(feedImportSchema.omit({ items: true })) }) },
    errors: [401, 403, 404],
  }),
  getFeedImport: contract({
    method: 'GET',
    path: '/node/feed-imports/:importID',
    tag,
    summary: 'One feed import',
    description: 'The preview, or the import with its progress.',
    auth: 'apiKeyOrSession',
    params: importIdParams,
    responses: { 200: feedImportSchema },
    errors: [401, 403, 404],
  }),
  updateFeedImport: contract({
    method: 'PATCH',
    path: '/node/feed-imports/:importID',
    tag,
    summary: 'Correct a preview',
    description:
      'Merges speakers (`mergeInto`: the name the speaker is imported as; null undoes it), changes an item (left out, its speaker or series) and chooses whether the sermons are published or drafts. Only while it is a preview (409 after).',
    auth: 'apiKeyOrSession',
    params: importIdParams,
    body: z.object({
      publish: z.enum(FEED_IMPORT_PUBLISH).optional(),
      speakers: z
        .array(z.object({ name: z.string().min(1).max(200), mergeInto: z.string().trim().min(1).max(200).nullable() }))
        .max(FEED_IMPORT_LIMITS.itemsMax)
        .optional(),
      items: z
        .array(
          z.object({
            guid: z.string().min(1).max(2000),
            include: z.boolean().optional(),
            speakerName: z.string().trim().min(1).max(200).optional(),
            seriesTitle: z.string().trim().min(1).max(200).nullable().optional(),
          }),
        )
        .max(FEED_IMPORT_LIMITS.itemsMax)
        .optional(),
    }),
    responses: { 200: feedImportSchema },
    errors: [401, 403, 404, 409],
  }),
  startFeedImport: contract({
    method: 'POST',
    path: '/node/feed-imports/:importID/start',
    tag,
    summary: 'Import a preview',
    description:
      "Makes the included items' sermons (speakers and series made as needed) in one transaction and queues a job per item to fetch and encode its media; answers at once with the progress to follow. Items already imported are skipped. 409 unless it is a preview.",
    auth: 'apiKeyOrSession',
    params: importIdParams,
    responses: { 202: feedImportSchema },
    errors: [401, 403, 404, 409],
  }),
  deleteFeedImport: contract({
    method: 'DELETE',
    path: '/node/feed-imports/:importID',
    tag,
    summary: 'Discard a preview',
    description: 'Forgets a preview (sermons already imported stay). 409 while importing.',
    auth: 'apiKeyOrSession',
    params: importIdParams,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: [401, 403, 404, 409],
  }),
};
