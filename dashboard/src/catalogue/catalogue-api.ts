import type { broadcasterAccountContracts } from '@kerygma/domain/contracts/broadcaster-account';
import type { broadcasterContracts } from '@kerygma/domain/contracts/broadcasters';
import { callOf } from '../session.ts';

/** The notices and highlighted sermons screens' calls, by their contracts' routes. */
type Account = typeof broadcasterAccountContracts;
type Broadcasters = typeof broadcasterContracts;
const at = '/node/broadcasters/:broadcasterID';

export const catalogueApi = {
  notices: callOf<Account['broadcasterNotices']>({ method: 'GET', path: `${at}/notices` }, { fresh: true }),
  postNotice: callOf<Account['postNotice']>({ method: 'POST', path: `${at}/notices` }),
  deleteNotice: callOf<Account['deleteNotice']>({ method: 'DELETE', path: `${at}/notices/:noticeID` }),
  highlighted: callOf<Broadcasters['highlightedSermons']>(
    { method: 'GET', path: `${at}/highlighted_sermons` },
    { fresh: true },
  ),
  updateHighlighted: callOf<Account['updateHighlightedSermons']>({
    method: 'PATCH',
    path: `${at}/highlighted_sermons`,
  }),
};
