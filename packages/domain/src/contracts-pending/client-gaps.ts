import { z } from 'zod';
import { broadcasterSchema, liteBroadcasterSchema, sermonSchema } from '../catalogue.ts';

/**
 * Response shapes of the calls SermonAudio API v2 clients make that the catalogue answers since
 * they were found missing (spec §3, §7): broadcasters near a place, a broadcaster's highlighted
 * sermons, the daily devotional with a sermon, and sermon lists with lite broadcasters. The
 * official Python client (`sermonaudio` 6.x) reads each key named here.
 */

/** One broadcaster of GET node/broadcasters/near_location, with its distance from the place asked about. */
export const nearbyBroadcasterSchema = z.object({
  broadcaster: broadcasterSchema,
  /** Great-circle distance in whole metres. */
  meters: z.number().int(),
});
export type NearbyBroadcaster = z.infer<typeof nearbyBroadcasterSchema>;

/**
 * How a broadcaster's home page orders its short list of sermons: newest preached, most
 * downloaded, newest added, listeners' picks (newest or random), sermon clips (newest or random).
 */
export const HIGHLIGHTED_SORT_ORDERS = [
  'preached',
  'popular',
  'added',
  'picklistnewest',
  'picklistrandom',
  'clipsnewest',
  'clipsrandom',
] as const;
export type HighlightedSortOrder = (typeof HIGHLIGHTED_SORT_ORDERS)[number];

/** GET node/broadcasters/{id}/highlighted_sermons: null where the broadcaster has set nothing. */
export const highlightedSermonsSchema = z.object({
  sortOrder: z.enum(HIGHLIGHTED_SORT_ORDERS).nullable(),
  /** The title over the short list. */
  sortTitle: z.string().nullable(),
  /** The title over the highlighted sermon. */
  audioTitle: z.string().nullable(),
  audioSermon: sermonSchema.nullable(),
});
export type HighlightedSermons = z.infer<typeof highlightedSermonsSchema>;

/** The readings' names as clients send and read them: Morning and Evening's morning and evening, Faith's Checkbook. */
export const SPURGEON_DEVOTIONAL_TYPES = ['AM', 'PM', 'CHECKBOOK'] as const;

/**
 * The `results` of GET node/spurgeon_devotional: one reading. `quote` is its key verse as
 * printed, `content` its text, paragraphs apart by a blank line (a quoted stanza's lines by a
 * line break); `sermon` a sermon on the reading's passage (null only in a catalogue without
 * sermons). `work`, `author`, `title` and `missingQuotationAfter` are Kerygma's own.
 */
export const spurgeonDevotionalSchema = z.object({
  type: z.enum(SPURGEON_DEVOTIONAL_TYPES),
  month: z.number().int(),
  day: z.number().int(),
  quote: z.string().nullable(),
  reference: z.string().nullable(),
  content: z.string(),
  sermon: sermonSchema.nullable(),
  work: z.string(),
  author: z.string(),
  title: z.string().nullable(),
  /** Paragraphs (by index) that introduce a quotation the source text lacks. */
  missingQuotationAfter: z.array(z.number().int()),
});
export type SpurgeonDevotional = z.infer<typeof spurgeonDevotionalSchema>;

/** GET node/spurgeon_devotional's answer: a list's envelope whose `results` is the one reading. */
export const spurgeonDevotionalResponseSchema = z.object({
  nodeType: z.literal('spurgeon_devotional'),
  nodeDisplayName: z.string(),
  totalCount: z.literal(1),
  next: z.null(),
  results: spurgeonDevotionalSchema,
});
export type SpurgeonDevotionalResponse = z.infer<typeof spurgeonDevotionalResponseSchema>;

/** A full sermon of a list asked for with `liteBroadcaster=true`: its broadcaster in the lite form. */
export const sermonWithLiteBroadcasterSchema = sermonSchema.extend({ broadcaster: liteBroadcasterSchema });
export type SermonWithLiteBroadcaster = z.infer<typeof sermonWithLiteBroadcasterSchema>;
