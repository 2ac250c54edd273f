import { speakerContracts as c } from '@kerygma/domain/contracts/speakers';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { highlightedSpeakerList, speakerBroadcasterList, speakerDetail, speakerList } from './speakers.service.ts';

export function speakerRoutes(app: FastifyInstance, { db, config }: ApiDeps) {
  route(app, c.speakerList, ({ query }, req) => {
    const urls = urlsFor(config, req);
    return speakerList(db, query, urls, requestUrl(urls, req));
  });

  route(app, c.speakerHighlighted, ({ query }, req) =>
    highlightedSpeakerList(db, urlsFor(config, req), query.pageSize),
  );

  route(app, c.speakerDetail, ({ params }, req) => speakerDetail(db, params.speaker, urlsFor(config, req)));

  route(app, c.speakerBroadcasters, ({ params, query }, req) => {
    const urls = urlsFor(config, req);
    return speakerBroadcasterList(db, params.speaker, query, urls, requestUrl(urls, req));
  });
}
