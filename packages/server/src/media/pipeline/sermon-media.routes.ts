import { mediaContracts as c } from '@kerygma/domain/contracts/media';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';
import { requireBroadcasterKey } from '../api-keys.ts';
import { mediaTracker } from './media-tracker.ts';
import { deleteMedia, reencode, setEncodingOptions } from './sermon-media.service.ts';

/**
 * Media calls on an uploaded sermon (spec §7 Sermons): POST jobs/encode, POST jobs/delete,
 * PATCH node/sermons/{id}/encoding_options, authorised by the broadcaster's API key; and the
 * public GET node/sermons/{id}/media_tracker.
 * Parameters come as a JSON body or, for existing clients, as query parameters.
 */
export function sermonMediaRoutes(app: FastifyInstance, { db }: ApiDeps) {
  const withKey = { authorize: (req: FastifyRequest) => requireBroadcasterKey(db, req) };

  route(app, c.encodeAgain, ({ body, auth }) => reencode(db, auth, body.sermonID, body.target), withKey);

  route(
    app,
    c.deleteMedia,
    ({ body: { sermonID, target, language }, auth }) => deleteMedia(db, auth, { sermonId: sermonID, target, language }),
    withKey,
  );

  route(app, c.mediaTracker, ({ params }) => mediaTracker(db, params.sermonID));

  route(
    app,
    c.encodingOptions,
    ({ params, body, auth }) => setEncodingOptions(db, auth, params.sermonID, body),
    withKey,
  );
}
