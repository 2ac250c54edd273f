import type { FastifyBaseLogger } from 'fastify';
import type { LiveIngest } from '../live-ingest.ts';
import type { Restreams } from './restreams.ts';

/**
 * Restreams follow the ingest in its process: a broadcaster going live starts its auto-start
 * destinations from the stream as published (copied, not encoded again); going offline or
 * ending stops them (a publish again within the offline window starts them again).
 */
export function restreamWhileLive(ingest: LiveIngest, restreams: Restreams, log: FastifyBaseLogger): void {
  const failed = (broadcasterId: string) => (err: unknown) =>
    log.error({ err, broadcasterId }, 'restreams: could not follow the webcast');
  ingest.events.on('live', (s) =>
    restreams.startBroadcasterRestreams(s.broadcasterId, s.rtmpUrl).catch(failed(s.broadcasterId)),
  );
  const stop = ({ broadcasterId }: { broadcasterId: string }) =>
    restreams.stopBroadcasterRestreams(broadcasterId).catch(failed(broadcasterId));
  ingest.events.on('offline', stop);
  ingest.events.on('ended', stop);
}
