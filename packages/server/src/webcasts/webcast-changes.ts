import type { CatalogueChanges } from '../catalogue/catalogue-changes.ts';
import type { LiveIngest } from './live-ingest.ts';

/**
 * A webcast going live, offline or ending changes what the public sees without a catalogue
 * write: the pages listing webcasts in progress (home, /webcasts) and the broadcaster's pages
 * (its live banner, `webcastInProgress`). Announced as a catalogue change, so the page cache and
 * the entity cache drop them at once (and, on PostgreSQL, the other processes' too).
 */
export function announceWebcastChanges(ingest: Pick<LiveIngest, 'events'>, changes: CatalogueChanges): void {
  const announce = ({ broadcasterId }: { broadcasterId: string }) =>
    changes.announce({ broadcasterIds: [broadcasterId], webcasts: true });
  ingest.events.on('live', announce);
  ingest.events.on('offline', announce);
  ingest.events.on('ended', announce);
}
