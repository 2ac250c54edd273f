import { mediaLanguage } from '@kerygma/domain/media';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../../app-deps.ts';
import { parseInput } from '../../http/parse.ts';
import { requireBroadcasterKey } from '../api-keys.ts';
import { mediaTracker } from './media-tracker.ts';
import { deleteMedia, reencode, setEncodingOptions } from './sermon-media.service.ts';

const sermonID = z.string().min(1).max(40);

const encodeInput = z.object({ sermonID, target: z.enum(['audio', 'video', 'all']).default('all') });
const deleteInput = z.object({
  sermonID,
  target: z.enum(['audio', 'video', 'caption', 'pdf', 'text', 'all']),
  language: mediaLanguage.optional(),
});

/** Seconds into the video: a JSON number or a numeric string, null to go back to the default. */
const seconds = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().min(0).max(86_400))
  .nullable()
  .optional();
const encodingOptionsInput = z
  .object({ videoTrimStart: seconds, videoThumbPosition: seconds })
  .strict()
  .refine((o) => o.videoTrimStart !== undefined || o.videoThumbPosition !== undefined, {
    message: 'give videoTrimStart or videoThumbPosition',
  });

/**
 * Media calls on an uploaded sermon (spec §7 Sermons): POST jobs/encode, POST jobs/delete,
 * PATCH node/sermons/{id}/encoding_options, authorised by the broadcaster's API key; and the
 * public GET node/sermons/{id}/media_tracker.
 * Parameters come as a JSON body or, for existing clients, as query parameters.
 */
export function sermonMediaRoutes(app: FastifyInstance, { db }: ApiDeps) {
  const input = (req: { query: unknown; body: unknown }) => ({
    ...(req.query as object),
    ...((req.body as object | null) ?? {}),
  });

  app.post('/jobs/encode', async (req, reply) => {
    const broadcasterId = await requireBroadcasterKey(db, req);
    const { sermonID: id, target } = parseInput(encodeInput, input(req));
    return reply.status(202).send(await reencode(db, broadcasterId, id, target));
  });

  app.post('/jobs/delete', async (req) => {
    const broadcasterId = await requireBroadcasterKey(db, req);
    const { sermonID: id, target, language } = parseInput(deleteInput, input(req));
    return deleteMedia(db, broadcasterId, { sermonId: id, target, language });
  });

  app.get('/node/sermons/:sermonID/media_tracker', async (req) => {
    const { sermonID } = parseInput(z.object({ sermonID: z.string().min(1).max(40) }), req.params);
    return mediaTracker(db, sermonID);
  });

  app.patch('/node/sermons/:sermonID/encoding_options', async (req) => {
    const broadcasterId = await requireBroadcasterKey(db, req);
    const { sermonID: id } = parseInput(z.object({ sermonID }), req.params);
    const options = parseInput(encodingOptionsInput, req.body);
    return setEncodingOptions(db, broadcasterId, id, options);
  });
}
