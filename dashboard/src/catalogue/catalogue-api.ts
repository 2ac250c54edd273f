import type { CallRequest } from '@kerygma/api/transport';
import type { broadcasterAccountContracts } from '@kerygma/domain/contracts/broadcaster-account';
import type { broadcasterContracts } from '@kerygma/domain/contracts/broadcasters';
import { call, routeOf } from '../session.ts';

/** The notices and highlighted sermons screens' calls, by their contracts' routes. */
type Account = typeof broadcasterAccountContracts;
type Broadcasters = typeof broadcasterContracts;

const routes = {
  notices: routeOf<Account['broadcasterNotices']>({ method: 'GET', path: '/node/broadcasters/:broadcasterID/notices' }),
  postNotice: routeOf<Account['postNotice']>({ method: 'POST', path: '/node/broadcasters/:broadcasterID/notices' }),
  deleteNotice: routeOf<Account['deleteNotice']>({
    method: 'DELETE',
    path: '/node/broadcasters/:broadcasterID/notices/:noticeID',
  }),
  highlighted: routeOf<Broadcasters['highlightedSermons']>({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/highlighted_sermons',
  }),
  updateHighlighted: routeOf<Account['updateHighlightedSermons']>({
    method: 'PATCH',
    path: '/node/broadcasters/:broadcasterID/highlighted_sermons',
  }),
};

export const catalogueApi = {
  notices: (r: CallRequest<Account['broadcasterNotices']>) =>
    call<Account['broadcasterNotices']>(routes.notices, { ...r, noCache: true }),
  postNotice: (r: CallRequest<Account['postNotice']>) => call<Account['postNotice']>(routes.postNotice, r),
  deleteNotice: (r: CallRequest<Account['deleteNotice']>) => call<Account['deleteNotice']>(routes.deleteNotice, r),
  highlighted: (r: CallRequest<Broadcasters['highlightedSermons']>) =>
    call<Broadcasters['highlightedSermons']>(routes.highlighted, { ...r, noCache: true }),
  updateHighlighted: (r: CallRequest<Account['updateHighlightedSermons']>) =>
    call<Account['updateHighlightedSermons']>(routes.updateHighlighted, r),
};
