import { z } from 'zod';
import { listSchema, liteBroadcasterSchema, speakerSchema } from '../catalogue.ts';
import { speakerBroadcastersQuery, speakerListQuery } from '../catalogue-queries.ts';
import { pageSize } from '../query.ts';
import { contract } from './contract.ts';

/** A speaker is addressed by numeric id or by display name (percent-encoded, one path segment). */
const speakerParams = z.object({ speaker: z.string().min(1).max(300) });

/** A broadcaster a speaker preached at, with the number of their sermons there. */
export const speakerBroadcasterSchema = liteBroadcasterSchema.extend({ sermonCount: z.number().int() });

const tag = 'Speakers';

export const speakerContracts = {
  speakerList: contract({
    method: 'GET',
    path: '/node/speakers',
    tag,
    summary: 'List speakers',
    description: 'Speakers matching the filters, by name unless `sortBy` says otherwise.',
    query: speakerListQuery,
    responses: { 200: listSchema(speakerSchema) },
  }),
  speakerHighlighted: contract({
    method: 'GET',
    path: '/node/speakers/highlighted',
    tag,
    summary: 'List highlighted speakers',
    description: 'The speakers the catalogue highlights.',
    query: z.object({ pageSize: pageSize(25) }),
    responses: { 200: listSchema(speakerSchema) },
  }),
  speakerDetail: contract({
    method: 'GET',
    path: '/node/speakers/:speaker',
    tag,
    summary: 'Get a speaker',
    description: 'One speaker by id or by display name.',
    params: speakerParams,
    responses: { 200: speakerSchema },
    errors: [404],
  }),
  speakerBroadcasters: contract({
    method: 'GET',
    path: '/node/speakers/:speaker/broadcasters',
    tag,
    summary: "List a speaker's broadcasters",
    description: 'The broadcasters the speaker preached at, most sermons first.',
    params: speakerParams,
    query: speakerBroadcastersQuery,
    responses: { 200: listSchema(speakerBroadcasterSchema) },
    errors: [404],
  }),
};
