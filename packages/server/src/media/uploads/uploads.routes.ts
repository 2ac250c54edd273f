import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mediaContracts as c } from '@kerygma/domain/contracts/media';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { guards } from '../../accounts/guards.ts';
import type { ApiDeps } from '../../app-deps.ts';
import { notFound } from '../../errors.ts';
import { API_BASE } from '../../http/api-base.ts';
import { urlsFor } from '../../http/request-context.ts';
import { route } from '../../http/route.ts';
import { answerTus, keepHookError } from './tus-answer.ts';
import { uploadByGuid } from './uploads.queries.ts';
import { continueUpload, discard, finishUpload, openUpload, startUpload, UPLOADS_PATH } from './uploads.service.ts';

/** Largest original accepted (a long HD video). */
const MAX_UPLOAD_BYTES = 20 * 1024 ** 3;

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

  // The broadcaster's API key, or a signed-in Uploader of the sermon's broadcaster (checked by the service).
  const withKey = guards({ db, now: deps.now ?? Date.now }).broadcasterKeyOrSession;

  // Existing clients send these as query parameters, others as a JSON body.
  route(
    app,
    c.startUpload,
    async ({ body: input, auth }, req) => {
      const filename = Array.isArray(input.filenames) ? input.filenames[0] : input.filenames;
      return startUpload(
        db,
        auth,
        {
          sermonId: input.sermonID,
          uploadType: input.uploadType,
          languageCode: input.language ?? null,
          filename: filename ?? null,
          twoStep: input.twoStep ?? false,
        },
        urlsFor(config, req).origin,
      );
    },
    withKey,
  );

  route(
    app,
    c.continueUpload,
    ({ params, body, auth }) => continueUpload(db, auth, params.guid, body?.sermonID),
    withKey,
  );
  route(app, c.continueLatestUpload, ({ body, auth }) => continueUpload(db, auth, body?.guid, body?.sermonID), withKey);

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
    route(uploads, c.uploadFile, async ({ params: { guid } }, req, reply) => {
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
      reply.status(upload.state === 'failed' ? 422 : 201);
      return { guid, state: upload.state, ...(upload.error ? { errors: { file: upload.error } } : {}) };
    });
  });
}
