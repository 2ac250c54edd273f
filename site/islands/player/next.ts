import type { LiteSermon, Sermon } from '@kerygma/domain/catalogue';
import { toPlayerSermon } from './sermon-media.ts';
import type { AutoplayMode } from './settings.ts';
import type { PlayerSermon } from './types.ts';

const API = '/api/v2/node/sermons';
/** How far along a series or broadcaster list the next sermon is looked for. */
const PAGE_SIZE = 100;

/**
 * The sermon to play after `current` ends (spec §4 autoplay next): the next one by preach date
 * in the same series, else from the same broadcaster; 'forward' goes to later sermons,
 * 'reverse' to earlier ones. Only sermons with media count.
 */
export async function fetchNextSermon(
  current: PlayerSermon,
  mode: Exclude<AutoplayMode, 'off'>,
  uiLanguage: string,
): Promise<PlayerSermon | null> {
  const scopes: Record<string, string>[] = [{ broadcasterID: current.broadcasterID }];
  if (current.seriesID !== null) scopes.unshift({ seriesID: String(current.seriesID) });
  for (const scope of scopes) {
    const query = new URLSearchParams({
      ...scope,
      media: 'audio',
      sortBy: mode === 'forward' ? 'oldest' : 'newest',
      pageSize: String(PAGE_SIZE),
      lite: 'true',
    });
    const list = (await (await fetch(`${API}?${query}`)).json()) as { results?: LiteSermon[] };
    const results = list.results ?? [];
    const index = results.findIndex((s) => s.sermonID === current.sermonID);
    const next = index >= 0 ? results[index + 1] : undefined;
    if (!next) continue;
    const response = await fetch(`${API}/${encodeURIComponent(next.sermonID)}?lite=false`);
    if (!response.ok) return null;
    const sermon = (await response.json()) as Sermon;
    // Same locale prefix as the current sermon's page link.
    const prefix = current.pageURL.replace(/\/sermons\/[^/]*$/, '');
    return toPlayerSermon(sermon, `${prefix}/sermons/${encodeURIComponent(sermon.sermonID)}`, uiLanguage);
  }
  return null;
}
