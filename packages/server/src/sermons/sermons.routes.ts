import { sermonContracts as c } from '@kerygma/domain/contracts/sermons';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { requestLanguage, requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { sermonDetail, sermonList, waveformKey } from './sermons.service.ts';

export function sermonRoutes(app: FastifyInstance, { db, config, media, stats, entities }: ApiDeps) {
  route(app, c.sermonList, ({ query }, req) => {
    const urls = urlsFor(config, req);
    return sermonList(db, query, {
      urls,
      requestUrl: requestUrl(urls, req),
      languageCode: requestLanguage(req),
      stats,
      entities,
    });
  });

  route(app, c.sermonDetail, ({ params, query }, req) =>
    sermonDetail(db, entities, params.sermonID, query.lite ?? false, urlsFor(config, req)),
  );

  // The peaks file is sent as stored.
  route(app, c.sermonWaveform, async ({ params }, _req, reply) => {
    const key = await waveformKey(db, params.sermonID);
    reply.header('cache-control', 'public, max-age=3600');
    reply.type('application/json');
    return reply.send(await media.read(key));
  });
}
