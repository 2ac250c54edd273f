import { z } from 'zod';
import { broadcasterSchema, listSchema, liteBroadcasterSchema, seriesSchema, speakerSchema } from '../catalogue.ts';
import { broadcasterListQuery, seriesListQuery, speakerListQuery } from '../catalogue-queries.ts';
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

const seriesParams = broadcasterIdParams.extend({ seriesName: z.string().min(1).max(300) });
const tag = 'Broadcasters';

export const broadcasterContracts = {
  broadcasterList: contract({
    method: 'GET',
    path: '/node/broadcasters',
    tag,
    summary: 'List broadcasters',
    description: 'Broadcasters (churches, schools, seminaries, radio) matching the filters, alphabetical by default.',
    query: broadcasterListQuery,
    responses: { 200: listSchema(anyBroadcasterSchema) },
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
