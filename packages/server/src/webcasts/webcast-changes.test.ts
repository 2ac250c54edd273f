import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type CatalogueChange, catalogueChanges, changeTags } from '../catalogue/catalogue-changes.ts';
import { apiCallTags } from '../site/render-tags.ts';
import type { LiveIngestEvents, LiveStream } from './live-ingest.ts';
import { announceWebcastChanges } from './webcast-changes.ts';

/**
 * Pages listing what is live must not be served stale: a webcast going live, offline or ending
 * drops from the page cache the pages that asked for webcasts (and the broadcaster's pages).
 */
describe('webcast changes', () => {
  const api = (path: string) => new URL(`http://kerygma.test/api/v2${path}`);

  it('tags the pages that asked for webcasts, and only those', () => {
    for (const path of [
      '/node/webcasts/lite',
      '/node/webcasts/count',
      '/node/webcasts/history?page=2',
      '/node/broadcasters/gracechurch/webcasts',
      '/node/broadcasters/gracechurch/webcasts/w1',
    ]) {
      expect(apiCallTags(api(path), {}), path).toContain('webcasts');
    }
    expect(apiCallTags(api('/node/broadcasters/gracechurch'), {})).not.toContain('webcasts');
    expect(apiCallTags(api('/node/sermons'), {})).not.toContain('webcasts');
  });

  it("announces each start, stop and end with the broadcaster, dropping the webcast pages' tags", () => {
    const events = new EventEmitter<LiveIngestEvents>();
    const changes = catalogueChanges();
    const heard: CatalogueChange[] = [];
    changes.subscribe((c) => heard.push(c));
    announceWebcastChanges({ events }, changes);
    const stream: LiveStream = { webcastId: 'w1', broadcasterId: 'gracechurch', rtmpUrl: '', hlsDir: '' };
    events.emit('live', stream);
    events.emit('offline', stream);
    events.emit('ended', { webcastId: 'w1', broadcasterId: 'gracechurch', replay: true, sermonId: null });
    expect(heard).toHaveLength(3);
    for (const change of heard) {
      expect(changeTags(change).sort()).toEqual(['broadcaster:gracechurch', 'webcasts']);
    }
  });
});
