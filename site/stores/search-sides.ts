import { createTransport } from '@kerygma/api/transport';
import type { contracts } from '@kerygma/domain/contracts/index';
import { atom } from 'nanostores';

type SearchContract = (typeof contracts)['search'];
type SearchResults = Awaited<ReturnType<typeof fetchSides>>;

/**
 * The search page's other kinds of result (speakers, series, broadcasters, hashtags, with their
 * capped totals) for one query, fetched in the browser after the page: the server renders the
 * sermons at once and these five side searches come after (bench/README.md, "Search page").
 * Written only by `loadSearchSides`; the search pills show the totals and the side column
 * the first few of each.
 */
export type SearchSides =
  | { query: ''; status: 'idle' }
  | { query: string; status: 'loading' | 'failed' }
  | { query: string; status: 'done'; results: Pick<SearchResults, SideKey> };

type SideKey =
  | 'speakerResults'
  | 'speakerCount'
  | 'seriesResults'
  | 'seriesCount'
  | 'broadcasterResults'
  | 'broadcasterCount'
  | 'hashtagResults';

export const $searchSides = atom<SearchSides>({ query: '', status: 'idle' });

/** The call's route, checked against its contract; the contract's schemas stay on the server. */
const SEARCH_ROUTE = { method: 'GET', path: '/node/search' } as const satisfies Pick<SearchContract, 'method' | 'path'>;

function fetchSides(query: string, language: string) {
  return createTransport({ origin: location.origin, language }).call<SearchContract>(SEARCH_ROUTE, {
    query: { query, lite: true, liteBroadcaster: true, types: 'speaker,series,broadcaster,hashtag' },
  });
}

/** Fetches the side results of `query` once (again only after a failure). */
export async function loadSearchSides(query: string, language: string): Promise<void> {
  const now = $searchSides.get();
  if (now.query === query && now.status !== 'failed') return;
  $searchSides.set({ query, status: 'loading' });
  try {
    const results = await fetchSides(query, language);
    // A newer query may have started meanwhile (a client-side navigation): its answer wins.
    if ($searchSides.get().query === query) $searchSides.set({ query, status: 'done', results });
  } catch {
    if ($searchSides.get().query === query) $searchSides.set({ query, status: 'failed' });
  }
}
