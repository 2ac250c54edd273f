import type { feedImportContracts } from '@kerygma/domain/contracts/feed-import';
import { callOf } from '../session.ts';

/** The feed import screen's calls, by their contract's routes (issue 25 "Feeds in"). */
type Imports = typeof feedImportContracts;
const at = '/node/broadcasters/:broadcasterID';

/** How often an import under way is asked for its progress. */
export const POLL_MS = 3000;

/** The query key of one import (its preview or progress). */
export const importKey = (importID: number) => ['feed-import', importID];

export const feedImportApi = {
  createFeedImport: callOf<Imports['createFeedImport']>({ method: 'POST', path: `${at}/feed-imports` }),
  listFeedImports: callOf<Imports['listFeedImports']>({ method: 'GET', path: `${at}/feed-imports` }, { fresh: true }),
  getFeedImport: callOf<Imports['getFeedImport']>(
    { method: 'GET', path: '/node/feed-imports/:importID' },
    { fresh: true },
  ),
  updateFeedImport: callOf<Imports['updateFeedImport']>({ method: 'PATCH', path: '/node/feed-imports/:importID' }),
  startFeedImport: callOf<Imports['startFeedImport']>({ method: 'POST', path: '/node/feed-imports/:importID/start' }),
  deleteFeedImport: callOf<Imports['deleteFeedImport']>({ method: 'DELETE', path: '/node/feed-imports/:importID' }),
};
