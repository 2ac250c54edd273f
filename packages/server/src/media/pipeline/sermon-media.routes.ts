import { mediaContracts as c } from '@kerygma/domain/contracts/media';
import type { FastifyInstance } from 'fastify';
import { guards } from '../../accounts/guards.ts';
import type { ApiDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';
import { mediaTracker } from './media-tracker.ts';
import { deleteMedia, reencode, setEncodingOptions } from './sermon-media.service.ts';

/**
 * Media calls on an uploaded sermon (spec §7 Sermons): POST jobs/encode, POST jobs/delete,
 * PATCH node/sermons/{id}/encoding_options, authorised by the broadcaster's API key or a
 * signed-in Uploader of it (accounts/guards.ts); and GET node/sermons/{id}/media_tracker for
 * the key, the broadcaster's managers and site admins.
 * Parameters come as a JSON body or, for existing clients, as query parameters.
 */
export function sermonMediaRoutes(app: FastifyInstance, { db, now }: ApiDeps) {
  const withKey = guards({ db, now: now ?? Date.now }).broadcasterKeyOrSession;

  route(app, c.encodeAgain, ({ body, auth }) => reencode(db, auth, body.sermonID, body.target), withKey);

  route(
    app,
    c.deleteMedia,
    ({ body: { sermonID, target, language }, auth }) => deleteMedia(db, auth, { sermonId: sermonID, target, language }),
    withKey,
  );

  route(app, c.mediaTracker, ({ params, auth }) => mediaTracker(db, auth, params.sermonID), withKey);

  route(
    app,
    c.encodingOptions,
    ({ params, body, auth }) => setEncodingOptions(db, auth, params.sermonID, body),
    withKey,
  );
}
