import type { CallRequest } from '@kerygma/api/transport';
import type { feedImportContracts } from '@kerygma/domain/contracts/feed-import';
import { call, routeOf } from '../session.ts';

/** The feed import screen's calls, by their contract's routes (issue 25 "Feeds in"). */
type Imports = typeof feedImportContracts;
type Request<C extends keyof Imports> = CallRequest<Imports[C]>;

const routes = {
  createFeedImport: routeOf<Imports['createFeedImport']>({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/feed-imports',
  }),
  listFeedImports: routeOf<Imports['listFeedImports']>({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/feed-imports',
  }),
  getFeedImport: routeOf<Imports['getFeedImport']>({ method: 'GET', path: '/node/feed-imports/:importID' }),
  updateFeedImport: routeOf<Imports['updateFeedImport']>({ method: 'PATCH', path: '/node/feed-imports/:importID' }),
  startFeedImport: routeOf<Imports['startFeedImport']>({ method: 'POST', path: '/node/feed-imports/:importID/start' }),
  deleteFeedImport: routeOf<Imports['deleteFeedImport']>({ method: 'DELETE', path: '/node/feed-imports/:importID' }),
};

/** How often an import under way is asked for its progress. */
export const POLL_MS = 3000;

/** The query key of one import (its preview or progress). */
export const importKey = (importID: number) => ['feed-import', importID];

export const feedImportApi = {
  createFeedImport: (r: Request<'createFeedImport'>) => call<Imports['createFeedImport']>(routes.createFeedImport, r),
  listFeedImports: (r: Request<'listFeedImports'>) =>
    call<Imports['listFeedImports']>(routes.listFeedImports, { ...r, noCache: true }),
  getFeedImport: (r: Request<'getFeedImport'>) =>
    call<Imports['getFeedImport']>(routes.getFeedImport, { ...r, noCache: true }),
  updateFeedImport: (r: Request<'updateFeedImport'>) => call<Imports['updateFeedImport']>(routes.updateFeedImport, r),
  startFeedImport: (r: Request<'startFeedImport'>) => call<Imports['startFeedImport']>(routes.startFeedImport, r),
  deleteFeedImport: (r: Request<'deleteFeedImport'>) => call<Imports['deleteFeedImport']>(routes.deleteFeedImport, r),
};
