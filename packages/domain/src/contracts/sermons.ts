import { z } from 'zod';
import { listSchema, liteBroadcasterSchema, liteSermonSchema, sermonSchema } from '../catalogue.ts';
import { sermonListQuery } from '../catalogue-queries.ts';
import { contract } from './contract.ts';
import { liteQuery, sermonIdParams } from './params.ts';

/** A sermon, full or (with `lite`) trimmed; full first, so a parse keeps every full key. */
export const anySermonSchema = z.union([sermonSchema, liteSermonSchema]);

/** A full sermon of a list asked for with `liteBroadcaster=true`: its broadcaster in the lite form. */
export const sermonWithLiteBroadcasterSchema = sermonSchema.extend({ broadcaster: liteBroadcasterSchema });
export type SermonWithLiteBroadcaster = z.infer<typeof sermonWithLiteBroadcasterSchema>;

/** Peaks of the audio for drawing its waveform (audiowaveform's JSON format). */
export const waveformSchema = z.object({
  version: z.number().int(),
  channels: z.number().int(),
  sample_rate: z.number().int(),
  samples_per_pixel: z.number().int(),
  bits: z.number().int(),
  length: z.number().int(),
  data: z.array(z.number()),
});

const tag = 'Sermons';

export const sermonContracts = {
  sermonList: contract({
    method: 'GET',
    path: '/node/sermons',
    tag,
    summary: 'List sermons',
    description:
      'Published sermons matching every filter given, in the order of `sortBy` (newest first by default). ' +
      'Objects are full unless `lite` is true. Follow `next` for the following page: it carries a cursor, ' +
      'which is faster than asking for a page by number.',
    query: sermonListQuery,
    responses: { 200: listSchema(z.union([sermonSchema, sermonWithLiteBroadcasterSchema, liteSermonSchema])) },
  }),
  sermonDetail: contract({
    method: 'GET',
    path: '/node/sermons/:sermonID',
    tag,
    summary: 'Get a sermon',
    description: 'One sermon by its id, with its media, broadcaster, speaker and series. `lite` trims it.',
    params: sermonIdParams,
    query: liteQuery,
    responses: { 200: anySermonSchema },
    errors: [404],
  }),
  sermonWaveform: contract({
    method: 'GET',
    path: '/node/sermons/:sermonID/waveform',
    tag,
    summary: "Get a sermon's waveform",
    description: "The peaks of the sermon's audio, for drawing its waveform in a player.",
    params: sermonIdParams,
    responses: { 200: waveformSchema },
    errors: [404],
  }),
};
