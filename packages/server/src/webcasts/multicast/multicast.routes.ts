import { multicastContracts as c } from '@kerygma/domain/contracts/multicast';
import type { FastifyInstance } from 'fastify';
import { guards } from '../../accounts/guards.ts';
import type { ApiDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';
import {
  createMulticast,
  deleteMulticast,
  listMulticasts,
  restartMulticast,
  startMulticast,
  stopMulticast,
  updateMulticast,
} from './multicast.service.ts';
import type { MulticastRuntime } from './restreams.ts';

/** Restream destinations (spec §7): the broadcaster's Admins and site admins. */
export function multicastRoutes(app: FastifyInstance, api: ApiDeps, multicast: MulticastRuntime) {
  const g = guards({ db: api.db, now: api.now ?? Date.now });
  const deps = { db: api.db, ...multicast };
  const admin = g.broadcasterRole('admin');
  route(
    app,
    c.multicastList,
    ({ query, auth }, _req, reply) => {
      // A broadcaster's own destinations: never kept by the browser or a shared cache (the
      // default would keep them a minute, and a restream's status changes within seconds).
      reply.header('cache-control', 'private, no-store');
      return listMulticasts(deps, auth, query.include_system ?? false);
    },
    admin,
  );
  route(app, c.createMulticast, ({ body, auth }) => createMulticast(deps, auth, body), admin);
  route(
    app,
    c.updateMulticast,
    ({ params, body, auth }) => updateMulticast(deps, auth, params.multicastID, body),
    admin,
  );
  route(app, c.deleteMulticast, ({ params, auth }) => deleteMulticast(deps, auth, params.multicastID), admin);
  route(app, c.startMulticast, ({ params, auth }) => startMulticast(deps, auth, params.multicastID), admin);
  route(app, c.stopMulticast, ({ params, auth }) => stopMulticast(deps, auth, params.multicastID), admin);
  route(app, c.restartMulticast, ({ params, auth }) => restartMulticast(deps, auth, params.multicastID), admin);
}
