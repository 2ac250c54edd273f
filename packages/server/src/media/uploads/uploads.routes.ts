import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mediaLanguage } from '@kerygma/domain/media';
import { queryBoolean } from '@kerygma/domain/query';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../../app-deps.ts';
import { notFound } from '../../errors.ts';
import { API_BASE } from '../../http/api-base.ts';
import { parseInput } from '../../http/parse.ts';
import { urlsFor } from '../../http/request-context.ts';
import { requireBroadcasterKey } from '../api-keys.ts';
import { answerTus, keepHookError } from './tus-answer.ts';
import { uploadByGuid } from './uploads.queries.ts';
import { continueUpload, discard, finishUpload, openUpload, startUpload, UPLOADS_PATH } from './uploads.service.ts';

/** Largest original accepted (a long HD video). */
const MAX_UPLOAD_BYTES = 20 * 1024 ** 3;

const startInput = z.object({
  sermonID: z.string().min(1).max(40),
  uploadType: z.enum(['original-audio', 'original-video', 'caption', 'pdf', 'text']),
  twoStep: queryBoolean.optional(),
  language: mediaLanguage.optional(),
  filenames: z.union([z.string().max(300), z.array(z.string().max(300)).max(20)]).optional(),
});
const guidParams = z.object({ guid: z.string().uuid() });
const continueInput = z.object({ guid: z.string().uuid().optional(), sermonID: z.string().min(1).max(40).optional() });

/**
 * Media uploads (spec §7 Sermons: POST media, PUT media/{guid}/continue). The
 * bytes go to `uploadURL` either with the tus resumable protocol (a dropped connection resumes
 * where it stopped) or as one plain POST/PUT body. The upload's unguessable id, issued only to
 * the broadcaster's key, authorises the bytes, like a pre-signed URL.
 */
export async function uploadRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db, config, media } = deps;
  const incoming = path.join(config.dataDir, 'uploads');
  await mkdir(incoming, { recursive: true });

  const requireBroadcaster = (req: FastifyRequest) => requireBroadcasterKey(db, req);

  app.post('/media', async (req, reply) => {
    const broadcasterId = await requireBroadcaster(req);
    // Existing clients send these as query parameters, others as a JSON body.
    const input = parseInput(startInput, { ...(req.query as object), ...((req.body as object | null) ?? {}) });
    const filename = Array.isArray(input.filenames) ? input.filenames[0] : input.filenames;
    const started = await startUpload(
      db,
      broadcasterId,
      {
        sermonId: input.sermonID,
        uploadType: input.uploadType,
        languageCode: input.language ?? null,
        filename: filename ?? null,
        twoStep: input.twoStep ?? false,
      },
      urlsFor(config, req).origin,
    );
    return reply.status(201).send(started);
  });

  const continueHandler = async (req: FastifyRequest) => {
    const broadcasterId = await requireBroadcaster(req);
    const input = parseInput(continueInput, { ...(req.params as object), ...((req.body as object | null) ?? {}) });
    return continueUpload(db, broadcasterId, input.guid, input.sermonID);
  };
  app.put('/media/:guid/continue', continueHandler);
  app.put('/media/continue', continueHandler);

  // Made on first use: FileStore's constructor starts an unawaited mkdir that must not outlive
  // a short-lived app (tests build and remove many).
  let tus: TusServer | undefined;
  const tusServer = () =>
    (tus ??= new TusServer({
      path: API_BASE + UPLOADS_PATH,
      datastore: new FileStore({ directory: incoming }),
      maxSize: MAX_UPLOAD_BYTES,
      respectForwardedHeaders: true,
      // The upload's id is the slot's guid from the URL it was created at.
      namingFunction: async (req) => {
        const guid = new URL(req.url).pathname.split('/').pop() ?? '';
        await openUpload(db, guid);
        return guid;
      },
      onResponseError: (req, error) => keepHookError(req, error),
      onUploadFinish: async (_req, upload) => {
        await finishUpload(db, media, upload.id, path.join(incoming, upload.id));
        await discard(path.join(incoming, `${upload.id}.json`));
        return {};
      },
    }));

  await app.register(async (uploads) => {
    // Leave request bodies unread: tus and the plain handler stream them to disk themselves.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handle = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const { guid } = parseInput(guidParams, req.params);
      if (req.headers['tus-resumable'] || req.method === 'HEAD' || req.method === 'PATCH' || req.method === 'OPTIONS') {
        // An unknown slot is refused here, before the tus server would look for its file.
        if (!(await uploadByGuid(db, guid))) throw notFound('error.uploadNotFound');
        return answerTus(tusServer(), req, reply);
      }
      // A plain upload: the whole file as the request body.
      await openUpload(db, guid);
      const file = path.join(incoming, `${guid}.plain`);
      try {
        await pipeline(req.raw, createWriteStream(file));
      } catch (error) {
        await discard(file);
        throw error;
      }
      const upload = await finishUpload(db, media, guid, file);
      return reply.status(upload.state === 'failed' ? 422 : 201).send({
        guid,
        state: upload.state,
        ...(upload.error ? { errors: { file: upload.error } } : {}),
      });
    };
    uploads.route({
      method: ['POST', 'PUT', 'PATCH', 'HEAD', 'OPTIONS', 'DELETE'],
      url: `${UPLOADS_PATH}/:guid`,
      handler: handle,
    });
  });
}
