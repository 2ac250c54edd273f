import { z } from 'zod';
import { listSchema } from '../catalogue.ts';
import {
  type HymnDetail,
  type HymnSummary,
  hymnListQuery,
  hymnQuery,
  type PsalmDetail,
  type PsalmSummary,
  type Tune,
  tuneListQuery,
} from '../hymnal.ts';
import { contract } from './contract.ts';
import type { Expect, SameType } from './same-type.ts';

const person = z.object({ name: z.string(), lifeDates: z.string().nullable() });
const stanza = z.object({ number: z.number().int().nullable(), refrain: z.boolean(), lines: z.array(z.string()) });
const scriptureLink = z.object({
  reference: z.string(),
  osisAbbrev: z.string(),
  passage: z.string(),
  book: z.string(),
  chapter: z.number().int(),
});

export const hymnSummarySchema = z.object({
  hymnID: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  titleShared: z.boolean(),
  firstLine: z.string(),
  authors: z.array(person),
  tune: z.object({ tuneID: z.string(), name: z.string() }).nullable(),
  meter: z.string(),
  meterKey: z.string().nullable(),
  category: z.string().nullable(),
  viewCount: z.number().int(),
});

export const hymnDetailSchema = hymnSummarySchema.extend({
  alsoKnownAs: z.string().nullable(),
  translators: z.array(person),
  composers: z.array(person),
  arrangers: z.array(person),
  wordsCredit: z.string().nullable(),
  musicCredit: z.string().nullable(),
  topics: z.array(z.string()),
  scripture: z.string().nullable(),
  scriptureReferences: z.array(scriptureLink),
  stanzas: z.array(stanza),
  lyricsNote: z.string().nullable(),
  copyright: z.string(),
  source: z.array(z.string()),
});

export const psalmSummarySchema = z.object({
  psalmID: z.string(),
  edition: z.enum(['1912', '1650']),
  number: z.number().int().nullable(),
  psalm: z.number().int(),
  version: z.enum(['first', 'second']).nullable(),
  title: z.string(),
  firstLine: z.string(),
  meter: z.string(),
  meterKey: z.string().nullable(),
  viewCount: z.number().int(),
});

export const psalmDetailSchema = psalmSummarySchema.extend({
  superscription: z.string().nullable(),
  stanzas: z.array(stanza),
  headings: z.array(z.object({ beforeStanza: z.number().int(), text: z.string() })),
  scriptureReferences: z.array(scriptureLink),
});

export const tuneSchema = z.object({
  tuneID: z.string(),
  name: z.string(),
  meter: z.string(),
  meterKey: z.string().nullable(),
  hymnIDs: z.array(z.number().int()),
  psalmCount: z.number().int(),
  hasAudio: z.boolean(),
});

// The hymnal's types (hymnal.ts) and these schemas describe the same objects.
type _Checks = [
  Expect<SameType<z.output<typeof hymnSummarySchema>, HymnSummary>>,
  Expect<SameType<z.output<typeof hymnDetailSchema>, HymnDetail>>,
  Expect<SameType<z.output<typeof psalmSummarySchema>, PsalmSummary>>,
  Expect<SameType<z.output<typeof psalmDetailSchema>, PsalmDetail>>,
  Expect<SameType<z.output<typeof tuneSchema>, Tune>>,
];

/** A hymn, or with `psalter` a psalm; the detail first, so a parse keeps every key. */
const songList = listSchema(z.union([hymnSummarySchema, psalmSummarySchema]));
const tag = 'Hymnal and psalter';

export const hymnalContracts = {
  hymnList: contract({
    method: 'GET',
    path: '/node/discover/hymns',
    tag,
    summary: 'List hymns or psalms',
    description:
      'The hymnal (274 public-domain hymns), or with `psalter` the psalms of The Psalter (1912) and the Scottish Metrical Psalter (1650), alphabetical unless `sortBy` says otherwise.',
    query: hymnListQuery,
    responses: { 200: songList },
  }),
  psalterTunes: contract({
    method: 'GET',
    path: '/node/discover/hymns/psalter/tunes',
    tag,
    summary: 'List tunes for the psalter',
    description: 'Hymn tunes that fit the metre of some psalm.',
    responses: { 200: listSchema(tuneSchema) },
  }),
  meterTunes: contract({
    method: 'GET',
    path: '/node/discover/hymns/metric/:metric/tunes',
    tag,
    summary: 'List the tunes of a metre',
    description: 'Tunes in a metre (`8.6.8.6`, `C.M.`); with `psalter` only those a psalm fits.',
    params: z.object({ metric: z.string().min(1).max(100) }),
    query: tuneListQuery,
    responses: { 200: listSchema(tuneSchema) },
  }),
  tunePsalms: contract({
    method: 'GET',
    path: '/node/discover/hymns/tune/:tune/psalms',
    tag,
    summary: 'List the psalms a tune fits',
    description: "Psalms in the tune's metre.",
    params: z.object({ tune: z.string().min(1).max(200) }),
    query: hymnListQuery,
    responses: { 200: songList },
    errors: [404],
  }),
  hymnDetail: contract({
    method: 'GET',
    path: '/node/discover/hymns/:id',
    tag,
    summary: 'Get a hymn or a psalm',
    description:
      'A hymn by its number (`hymnID`), or with `psalter` a psalm by its id (`53`, `scottish-23`, `scottish-6-2`), with its words.',
    params: z.object({ id: z.string().min(1).max(40) }),
    query: hymnQuery,
    responses: { 200: z.union([hymnDetailSchema, psalmDetailSchema]) },
    errors: [404],
  }),
};
