import { AsyncLocalStorage } from 'node:async_hooks';
import { CACHE_TAGS } from '../catalogue/catalogue-changes.ts';
import { API_BASE } from '../http/api-base.ts';

/**
 * The cache tags of a page being rendered: what catalogue items it shows, gathered from the
 * API calls its render makes (inject-fetch.ts), so that the page cache can drop just the pages
 * a catalogue change touches (catalogue/catalogue-changes.ts). A call for one item tags the page
 * with it; a list filtered by a broadcaster, speaker or series with that; any other sermon list
 * with `sermon-lists`; a webcast list or webcast with `webcasts`; and every sermon, broadcaster,
 * speaker and series in an answer with itself.
 */

const current = new AsyncLocalStorage<Set<string>>();

/** Runs a render, collecting the tags of the API calls made within it. */
export function collectRenderTags<T>(render: () => Promise<T>): { done: Promise<T>; tags: Set<string> } {
  const tags = new Set<string>();
  return { done: current.run(tags, render), tags };
}

/** Tags the page being rendered (nothing outside a render). */
export function tagRender(tags: Iterable<string>): void {
  const set = current.getStore();
  if (set) for (const tag of tags) set.add(tag);
}

/** Webcast lists: what is live changes without a catalogue write (webcasts/webcast-changes.ts). */
const WEBCAST_PATHS = /^\/node\/(webcasts(\/|$)|broadcasters\/[^/]+\/webcasts(\/|$))/;
/** Paths of single items, by the tag their id gives. */
const ITEM_PATHS: [RegExp, (id: string) => string][] = [
  [/^\/node\/sermons\/([^/]+)/, CACHE_TAGS.sermon],
  [/^\/node\/broadcasters\/([^/]+)/, CACHE_TAGS.broadcaster],
  [/^\/node\/speakers\/(\d+)/, CACHE_TAGS.speaker],
  [/^\/node\/series\/(\d+)/, CACHE_TAGS.series],
];
/** Lists that may show any sermon (or count them): they change whenever what is published does. */
const LIST_PATHS =
  /^\/(node\/(sermons|search|discover\/|speakers$|speakers\/highlighted|broadcasters$|filter_options|collections|hashtags|topics)|sitemap)/;
const FILTERS: [string, (id: string) => string][] = [
  ['broadcasterID', CACHE_TAGS.broadcaster],
  ['speakerID', CACHE_TAGS.speaker],
  ['seriesID', CACHE_TAGS.series],
];
const ANSWER_KEYS: Record<string, (id: string) => string> = {
  sermonID: CACHE_TAGS.sermon,
  broadcasterID: CACHE_TAGS.broadcaster,
  speakerID: CACHE_TAGS.speaker,
  seriesID: CACHE_TAGS.series,
};
/** Deeper than any answer's items are nested; a guard against walking large documents. */
const MAX_DEPTH = 6;

/** The tags of one API call: from its path and query, and the items its answer holds. */
export function apiCallTags(url: URL, answer: unknown): string[] {
  const tags: string[] = [];
  const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
  if (WEBCAST_PATHS.test(path)) tags.push(CACHE_TAGS.webcasts);
  const item = ITEM_PATHS.find(([pattern]) => pattern.test(path));
  if (item) tags.push(item[1](decodeURIComponent(item[0].exec(path)?.[1] ?? '')));
  else if (LIST_PATHS.test(path)) {
    const filters = FILTERS.filter(([name]) => url.searchParams.has(name));
    if (filters.length === 0) tags.push(CACHE_TAGS.lists);
    for (const [name, tag] of filters) tags.push(tag(url.searchParams.get(name) as string));
  }
  collectAnswerTags(answer, tags, 0);
  return tags;
}

function collectAnswerTags(value: unknown, tags: string[], depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collectAnswerTags(v, tags, depth + 1);
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    const tag = ANSWER_KEYS[key];
    if (tag && (typeof v === 'string' || typeof v === 'number')) tags.push(tag(String(v)));
    else if (typeof v === 'object') collectAnswerTags(v, tags, depth + 1);
  }
}
