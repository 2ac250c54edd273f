import { z } from 'zod';
import {
  broadcasterSchema,
  listSchema,
  liteBroadcasterSchema,
  seriesSchema,
  sermonSchema,
  speakerSchema,
} from '../catalogue.ts';
import { broadcasterListQuery, seriesListQuery, speakerListQuery } from '../catalogue-queries.ts';
import { PAGE_SIZES, pageNumber, pageSize } from '../query.ts';
import { contract } from './contract.ts';
import { broadcasterIdParams, liteQuery } from './params.ts';
import { filterOptionsSchema } from './reference.ts';

/** A broadcaster, full or (with `lite`) trimmed. */
export const anyBroadcasterSchema = z.union([broadcasterSchema, liteBroadcasterSchema]);

/** A broadcaster's own call answers its primary speakers too (names, and their ids in the same order). */
export const broadcasterDetailSchema = broadcasterSchema.extend({
  primarySpeakers: z.array(z.string()),
  primarySpeakerIDs: z.array(z.number().int()),
  soloSite: z.null(),
  followed: z.null(),
});

export const speakerSermonCountSchema = z.object({
  speaker: z.string(),
  speakerID: z.number().int(),
  count: z.number().int(),
  speakerDetail: speakerSchema,
});

/** One broadcaster of GET node/broadcasters/near_location, with its distance from the place asked about. */
export const nearbyBroadcasterSchema = z.object({
  broadcaster: broadcasterSchema,
  /** Great-circle distance in whole metres. */
  meters: z.number().int(),
});
export type NearbyBroadcaster = z.infer<typeof nearbyBroadcasterSchema>;

/**
 * The widest circle near_location searches, 1,000 km: of 20,000 broadcasters spread over the
 * United States it holds about 4,400, answered in 30 ms; a wider one reads ever more for one page.
 */
const MAX_METERS = 1_000_000;
/** A number written out (an empty value is not 0). */
const writtenNumber = z.string().trim().min(1).transform(Number);
const numberIn = (min: number, max: number) => writtenNumber.pipe(z.number().min(min).max(max));
export const nearLocationQuery = z.object({
  latitude: numberIn(-90, 90),
  longitude: numberIn(-180, 180),
  meters: writtenNumber.pipe(z.number().positive().max(MAX_METERS)),
  page: pageNumber,
  pageSize: pageSize(PAGE_SIZES.sermons),
  cursor: z.string().max(500).optional(),
});

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

const seriesParams = broadcasterIdParams.extend({ seriesName: z.string().min(1).max(300) });
const tag = 'Broadcasters';

export const broadcasterContracts = {
  broadcasterList: contract({
    method: 'GET',
    path: '/node/broadcasters',
    tag,
    summary: 'List broadcasters',
    description:
      'Broadcasters (churches, schools, seminaries, radio) matching the filters, alphabetical by default. With `linkedOnly=true`, the signed-in user’s own broadcasters (those they hold a role on), 100 to a page; signed out, 401.',
    query: broadcasterListQuery,
    responses: { 200: listSchema(anyBroadcasterSchema) },
    errors: [401],
  }),
  broadcastersNearLocation: contract({
    method: 'GET',
    path: '/node/broadcasters/near_location',
    tag,
    summary: 'Find broadcasters near a place',
    description:
      'Broadcasters within `meters` (at most 1,000 km) of a latitude and longitude, nearest first, each with its distance in whole metres.',
    query: nearLocationQuery,
    responses: { 200: listSchema(nearbyBroadcasterSchema) },
  }),
  broadcasterDetail: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID',
    tag,
    summary: 'Get a broadcaster',
    description: 'One broadcaster by its id (any case), with its primary speakers; `lite` trims it.',
    params: broadcasterIdParams,
    query: liteQuery,
    responses: { 200: z.union([broadcasterDetailSchema, liteBroadcasterSchema]) },
    errors: [404],
  }),
  broadcasterSeriesList: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/series',
    tag,
    summary: "List a broadcaster's series",
    description: "The broadcaster's sermon series, most recently updated first unless `sort_by` says otherwise.",
    params: broadcasterIdParams,
    query: seriesListQuery,
    responses: { 200: listSchema(seriesSchema) },
    errors: [404],
  }),
  broadcasterSeries: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/series/:seriesName',
    tag,
    summary: "Get one of a broadcaster's series",
    description: 'A series of the broadcaster by its title or its id.',
    params: seriesParams,
    responses: { 200: seriesSchema },
    errors: [404],
  }),
  broadcasterSeriesSpeakers: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/series/:seriesName/speakers',
    tag,
    summary: "List the speakers of a broadcaster's series",
    description: 'Everyone who preached in the series.',
    params: seriesParams,
    responses: { 200: listSchema(speakerSchema) },
    errors: [404],
  }),
  broadcasterSpeakers: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/speakers',
    tag,
    summary: "List a broadcaster's speakers",
    description: 'The speakers with sermons at the broadcaster, by name unless `sortBy` says otherwise.',
    params: broadcasterIdParams,
    query: speakerListQuery.omit({ broadcasterID: true }),
    responses: { 200: listSchema(speakerSchema) },
    errors: [404],
  }),
  broadcasterSpeakerCounts: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/speakers/sermon_counts',
    tag,
    summary: "Count a broadcaster's sermons by speaker",
    description: 'Each speaker with the number of sermons they preached at the broadcaster.',
    params: broadcasterIdParams,
    responses: { 200: listSchema(speakerSermonCountSchema) },
    errors: [404],
  }),
  highlightedSermons: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/highlighted_sermons',
    tag,
    summary: "Get a broadcaster's highlighted sermons",
    description:
      "How the broadcaster's home page orders its short list of sermons, its titles, and the sermon it highlights; each null where the broadcaster has set nothing.",
    params: broadcasterIdParams,
    responses: { 200: highlightedSermonsSchema },
    errors: [404],
  }),
  broadcasterFilterOptions: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/filter_options',
    tag,
    summary: "Filter options for a broadcaster's sermons",
    description:
      "What a sermon filter form can offer for the broadcaster's sermons: books, languages, series, speakers, event types and years.",
    params: broadcasterIdParams,
    responses: { 200: filterOptionsSchema },
    errors: [404],
  }),
};
