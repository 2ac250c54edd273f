import { z } from 'zod';
import { bibleBookSchema, listSchema, seriesSchema, speakerSchema } from '../catalogue.ts';
import { broadcasterListQuery, seriesListQuery, speakerListQuery } from '../catalogue-queries.ts';
import { anyBroadcasterSchema } from './broadcasters.ts';
import { contract } from './contract.ts';

export const broadcasterLocationSchema = z.object({
  broadcasterID: z.string(),
  displayName: z.string(),
  shortName: z.string(),
  location: z.string(),
  countryISOCode: z.string().nullable(),
  state: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  categories: z.number().int(),
});

export const bibleVerseSchema = z.object({
  /** OSIS book code. */
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  text: z.string(),
});

export const biblePassageSchema = z.object({
  bibleVersion: z.string(),
  reference: z.string(),
  displayBookName: z.string().nullable(),
  truncated: z.boolean(),
  verses: z.array(bibleVerseSchema).readonly(),
});

export const hashtagSchema = z.object({
  hashtag: z.string(),
  displayHashtag: z.string(),
  sermonCount: z.number().int(),
});

export const topicSchema = z.object({
  topicID: z.number().int(),
  name: z.string(),
  description: z.string(),
  sermonCount: z.number().int(),
});

export const broadcasterGroupSchema = z.object({ group: z.string(), broadcasterCount: z.number().int() });

const bibleTextQuery = z.object({
  reference: z.string().min(2).max(100).optional(),
  book: z.string().min(1).max(40).optional(),
  chapter: z.coerce.number().int().min(1).max(200).optional(),
  verse: z.coerce.number().int().min(1).max(200).optional(),
  chapterEnd: z.coerce.number().int().min(1).max(200).optional(),
  verseEnd: z.coerce.number().int().min(1).max(200).optional(),
});

const hashtagQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(14),
  /** Another name for pageSize. */
  size: z.coerce.number().int().min(1).max(1000).optional(),
});

const groupList = {
  method: 'GET',
  tag: 'Discover',
  summary: 'List broadcaster groups',
  description: 'Groups of broadcasters (networks, associations) with the number of broadcasters in each.',
  responses: { 200: listSchema(broadcasterGroupSchema) },
} as const;
const tag = 'Discover';

export const discoverContracts = {
  discoverBroadcasters: contract({
    method: 'GET',
    path: '/node/discover/broadcasters',
    tag,
    summary: 'Discover broadcasters',
    description: 'The broadcaster list, taking the same filters as `node/broadcasters`.',
    query: broadcasterListQuery,
    responses: { 200: listSchema(anyBroadcasterSchema) },
  }),
  broadcasterLocations: contract({
    method: 'GET',
    path: '/node/discover/broadcaster_locations',
    tag,
    summary: 'Broadcasters on a map',
    description: 'Every broadcaster with coordinates, for placing them on a map.',
    responses: { 200: listSchema(broadcasterLocationSchema) },
  }),
  discoverSeries: contract({
    method: 'GET',
    path: '/node/discover/series',
    tag,
    summary: 'Discover series',
    description: 'Sermon series across all broadcasters.',
    query: seriesListQuery,
    responses: { 200: listSchema(seriesSchema) },
  }),
  discoverSpeakers: contract({
    method: 'GET',
    path: '/node/discover/speakers',
    tag,
    summary: 'Discover speakers',
    description: 'The speaker list, taking the same filters as `node/speakers`.',
    query: speakerListQuery,
    responses: { 200: listSchema(speakerSchema) },
  }),
  speakerNames: contract({
    method: 'GET',
    path: '/node/discover/speakers/list',
    tag,
    summary: 'All speaker names as text',
    description: 'Every speaker as a line `id|sortName|isPrimary` (1 or 0), lines separated by CRLF.',
    responses: { 200: z.string() },
    produces: 'text/plain',
  }),
  bibleStructure: contract({
    method: 'GET',
    path: '/node/discover/bible_structure',
    tag,
    summary: 'The books of the Bible',
    description: 'The 66 books with their names, OSIS codes and chapter lengths in verses.',
    responses: { 200: listSchema(bibleBookSchema) },
  }),
  bibleText: contract({
    method: 'GET',
    path: '/node/discover/bible_text',
    tag,
    summary: 'Bible text',
    description:
      'The KJV text of a passage, given as `reference` (e.g. `John 3:16-21`) or as `book` and `chapter` with optional verses. Long passages are cut (`truncated`).',
    query: bibleTextQuery,
    responses: { 200: biblePassageSchema },
    errors: [404],
  }),
  hashtags: contract({
    method: 'GET',
    path: '/node/discover/hashtags',
    tag,
    summary: 'List hashtags',
    description: 'Hashtags (from sermon keywords), most used first, with their sermon counts.',
    query: hashtagQuery,
    responses: { 200: listSchema(hashtagSchema) },
  }),
  topics: contract({
    method: 'GET',
    path: '/node/discover/topics',
    tag,
    summary: 'List topics',
    description: 'Topics with the number of sermons on each.',
    responses: { 200: listSchema(topicSchema) },
  }),
  catalogueStats: contract({
    method: 'GET',
    path: '/node/discover/sastats',
    tag,
    summary: 'Catalogue totals',
    description: 'How many sermons there are, how many in English, and their total length in seconds.',
    responses: {
      200: z.object({ english: z.number().int(), seconds: z.number().int(), sermonCount: z.number().int() }),
    },
  }),
  groups: contract({ ...groupList, path: '/node/discover/groups' }),
  legacyGroups: contract({
    ...groupList,
    path: '/node/discover/legacy_groups',
    summary: 'List broadcaster groups (old name)',
    description: 'The same as `node/discover/groups`, under the name older clients ask for.',
  }),
};
