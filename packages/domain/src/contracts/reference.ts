import { z } from 'zod';
import {
  bibleBookSchema,
  eventTypeSchema,
  languageSchema,
  listSchema,
  seriesSchema,
  speakerSchema,
} from '../catalogue.ts';
import { contract } from './contract.ts';

/** Everything a sermon filter form offers, site-wide or for one broadcaster (existing clients' FilterOptions). */
export const filterOptionsSchema = z.object({
  bibleBooks: z.array(bibleBookSchema),
  languages: z.array(languageSchema),
  series: z.array(seriesSchema),
  speakers: z.array(speakerSchema),
  sermonCountsForSpeakers: z.array(z.object({ speaker: z.string(), count: z.number().int() })),
  sermonEventTypes: z.array(eventTypeSchema),
  years: z.array(z.object({ year: z.number().int() })),
});

export const bibleVersionSchema = z.object({
  bibleVersionID: z.string(),
  abbreviation: z.string(),
  name: z.string(),
  languageCode: z.string(),
  hasText: z.boolean(),
});

/** Where an address the site does not know goes (spec §7 POST map-path). */
export const pathMappingSchema = z.object({
  status: z.union([z.literal(301), z.literal(302)]),
  url: z.string(),
  internal: z.boolean(),
});

const broadcasterFilter = z.object({
  broadcasterID: z.string().min(1).max(100).optional(),
  /** The Python client's spelling. */
  broadcaster_id: z.string().min(1).max(100).optional(),
});

const tag = 'Reference data';

export const referenceContracts = {
  languages: contract({
    method: 'GET',
    path: '/node/languages',
    tag,
    summary: 'List sermon languages',
    description: 'The languages sermons can be in, with the number of published sermons in each.',
    responses: { 200: listSchema(languageSchema) },
  }),
  filterOptions: contract({
    method: 'GET',
    path: '/node/filter_options',
    tag,
    summary: 'Filter options',
    description:
      'What a sermon filter form can offer: books, languages, event types and years (and, for one broadcaster, its series and speakers).',
    query: broadcasterFilter.pick({ broadcasterID: true }),
    responses: { 200: filterOptionsSchema },
    errors: [404],
  }),
  sermonEventTypes: contract({
    method: 'GET',
    path: '/node/filter_options/sermon_event_types',
    tag,
    summary: 'List sermon event types',
    description:
      'Event types (Sunday service, Bible study, …) with their sermon counts, site-wide or for one broadcaster (then only those it has).',
    query: broadcasterFilter,
    responses: { 200: listSchema(eventTypeSchema) },
    errors: [404],
  }),
  bibleVersions: contract({
    method: 'GET',
    path: '/node/bible_versions',
    tag,
    summary: 'List Bible versions',
    description: 'The Bible versions whose text the site can show.',
    responses: { 200: listSchema(bibleVersionSchema) },
  }),
  mapPath: contract({
    method: 'POST',
    path: '/map-path',
    tag,
    summary: 'Map an old address',
    description:
      'Where an address from an earlier site goes: a redirect status, the new URL and whether it is on this site; 404 when it has none.',
    body: z.object({ url: z.string().min(1).max(2000) }),
    responses: { 200: pathMappingSchema },
    errors: [404],
  }),
};
