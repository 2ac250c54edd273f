import { z } from 'zod';
import { broadcasterSchema, sermonSchema } from '../catalogue.ts';

/**
 * Response shapes of the calls SermonAudio API v2 clients make that the catalogue answers since
 * they were found missing (spec §3, §7): broadcasters near a place and a broadcaster's
 * highlighted sermons. The official Python client (`sermonaudio` 6.x) reads each key named here.
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
