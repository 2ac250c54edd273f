import type { multicastContracts } from '@kerygma/domain/contracts/multicast';
import type { webcastContracts } from '@kerygma/domain/contracts/webcasts';
import { callOf } from '../session.ts';

/** The webcast screen's calls, by their contract's routes (spec §7 Webcasts, multicast). */
type Webcasts = typeof webcastContracts;
type Multicasts = typeof multicastContracts;
const at = '/node/broadcasters/:broadcasterID';
const one = `${at}/multicast/:multicastID`;
const scheduled = `${at}/webcasts/scheduled`;

/** How often a live webcast and a restream on the move are asked for again. */
export const POLL_MS = 5000;

export const webcastKeys = {
  metadata: (broadcasterID: string) => ['webcast-metadata', broadcasterID],
  webcasts: (broadcasterID: string) => ['webcasts', broadcasterID],
  multicasts: (broadcasterID: string) => ['multicasts', broadcasterID],
  scheduled: (broadcasterID: string) => ['scheduled-webcasts', broadcasterID],
};

export const webcastApi = {
  metadata: callOf<Webcasts['webcastDefaults']>({ method: 'GET', path: `${at}/webcast_metadata` }, { fresh: true }),
  updateMetadata: callOf<Webcasts['updateWebcastDefaults']>({ method: 'PUT', path: `${at}/webcast_metadata` }),
  webcasts: callOf<Webcasts['broadcasterWebcasts']>({ method: 'GET', path: `${at}/webcasts` }, { fresh: true }),
  /** One webcast; with `preview`, its managers' view of it (the live preview's playlist, password or not). */
  webcast: callOf<Webcasts['broadcasterWebcast']>(
    { method: 'GET', path: `${at}/webcasts/:webcastID` },
    { fresh: true },
  ),
  totals: callOf<Webcasts['broadcasterWebcastTotals']>(
    { method: 'GET', path: `${at}/webcasts/stats/totals` },
    { fresh: true },
  ),
  stats: callOf<Webcasts['webcastStats']>({ method: 'GET', path: '/webcasts/:webcastID/stats' }, { fresh: true }),
  health: callOf<Webcasts['webcastHealth']>({ method: 'GET', path: '/webcasts/:webcastID/health' }, { fresh: true }),
  /** Site admins: every webcast on air with its health (/admin/webcast-health). */
  healthOverview: callOf<Webcasts['webcastHealthOverview']>(
    { method: 'GET', path: '/admin/webcasts/health' },
    { fresh: true },
  ),
  scheduled: callOf<Webcasts['broadcasterWebcastsScheduled']>({ method: 'GET', path: scheduled }, { fresh: true }),
  createScheduled: callOf<Webcasts['createScheduledWebcast']>({ method: 'POST', path: scheduled }),
  updateScheduled: callOf<Webcasts['updateScheduledWebcast']>({
    method: 'PATCH',
    path: `${scheduled}/:scheduledWebcastID`,
  }),
  deleteScheduled: callOf<Webcasts['deleteScheduledWebcast']>({
    method: 'DELETE',
    path: `${scheduled}/:scheduledWebcastID`,
  }),
  multicasts: callOf<Multicasts['multicastList']>({ method: 'GET', path: `${at}/multicast_list` }, { fresh: true }),
  createMulticast: callOf<Multicasts['createMulticast']>({ method: 'POST', path: `${at}/multicast` }),
  updateMulticast: callOf<Multicasts['updateMulticast']>({ method: 'PATCH', path: one }),
  deleteMulticast: callOf<Multicasts['deleteMulticast']>({ method: 'DELETE', path: one }),
  startMulticast: callOf<Multicasts['startMulticast']>({ method: 'POST', path: `${one}/start` }),
  stopMulticast: callOf<Multicasts['stopMulticast']>({ method: 'POST', path: `${one}/stop` }),
  restartMulticast: callOf<Multicasts['restartMulticast']>({ method: 'POST', path: `${one}/restart` }),
};
