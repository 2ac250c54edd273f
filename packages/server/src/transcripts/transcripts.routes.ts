import { transcriptContracts as c } from '@kerygma/domain/contracts/transcripts';
import type { FastifyInstance } from 'fastify';
import { guards } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { route } from '../http/route.ts';
import { correctTranscript, publishCaptions, readTranscript, transcribeAgain } from './transcripts.service.ts';

/**
 * A sermon's transcript (issue 26): read by signed-in users (a draft by its broadcaster's managers
 * or key), corrected, published as captions
 * and transcribed again by the broadcaster's Uploaders and Admins or its API key.
 */
export function transcriptRoutes(app: FastifyInstance, deps: ApiDeps) {
  const g = guards({ db: deps.db, now: deps.now ?? Date.now });
  route(
    app,
    c.sermonTranscript,
    ({ params, auth }) => readTranscript(deps, auth, params.sermonID),
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.updateSermonTranscript,
    ({ params, body, auth }) => correctTranscript(deps, auth, params.sermonID, body.segments),
    // An hour's corrected segments run to a few hundred kilobytes.
    { ...g.broadcasterKeyOrSession, bodyLimit: 8 * 1024 ** 2 },
  );
  route(
    app,
    c.publishSermonCaptions,
    ({ params, auth }) => publishCaptions(deps, auth, params.sermonID),
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.transcribeSermon,
    ({ params, auth }) => transcribeAgain(deps, auth, params.sermonID),
    g.broadcasterKeyOrSession,
  );
}
