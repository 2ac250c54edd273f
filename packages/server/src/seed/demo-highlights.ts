import type { HighlightedSortOrder } from '@kerygma/domain/contracts/broadcasters';
import { DEMO_ANCHOR, type DemoCatalogue } from './demo-catalogue.ts';

/** A broadcaster's highlighted sermons in the demo (GET node/broadcasters/{id}/highlighted_sermons). */
export type DemoHighlight = {
  broadcasterId: string;
  sortOrder: HighlightedSortOrder;
  sortTitle: string;
  audioTitle: string;
  sermonId: string;
};

/** The orders the demo's broadcasters use, with the title a church might give each list. */
const ORDERS: readonly [HighlightedSortOrder, string][] = [
  ['added', 'Recently added'],
  ['preached', 'Latest sermons'],
  ['popular', 'Most listened to'],
  ['picklistnewest', 'Listeners’ picks'],
];
const AUDIO_TITLES = ['Featured sermon', 'Sermon of the week', 'Start here'] as const;

/**
 * Every third broadcaster with published sermons (in the catalogue's order) highlights its most
 * downloaded one, so that some broadcasters have highlighted sermons and others none.
 */
export function demoHighlights(c: DemoCatalogue): DemoHighlight[] {
  const mostDownloaded = new Map<string, DemoCatalogue['sermons'][number]>();
  for (const s of c.sermons) {
    if (s.publishTimestamp === null || s.publishTimestamp > DEMO_ANCHOR) continue;
    const best = mostDownloaded.get(s.broadcasterId);
    if (!best || s.downloadCount > best.downloadCount) mostDownloaded.set(s.broadcasterId, s);
  }
  return c.broadcasters
    .filter((b) => mostDownloaded.has(b.broadcasterId))
    .filter((_, i) => i % 3 === 0)
    .map((b, i) => {
      const [sortOrder, sortTitle] = ORDERS[i % ORDERS.length] as [HighlightedSortOrder, string];
      return {
        broadcasterId: b.broadcasterId,
        sortOrder,
        sortTitle,
        audioTitle: AUDIO_TITLES[i % AUDIO_TITLES.length] as string,
        sermonId: (mostDownloaded.get(b.broadcasterId) as DemoCatalogue['sermons'][number]).sermonId,
      };
    });
}
