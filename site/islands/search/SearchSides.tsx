import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatSnippetCount } from '../../lib/format.ts';
import { $searchSides, type SearchSides as Loaded, loadSearchSides } from '../../stores/search-sides.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';

export const SEARCH_SIDES_MESSAGES = [
  'nav.speakers',
  'nav.series',
  'nav.broadcasters',
  'sermons.search.hashtags',
  'sermons.count',
  'sermons.viewAll',
] as const;

export type SideResults = Extract<Loaded, { status: 'done' }>['results'];

/** One kind of result as the column shows it: a few rows and, past them, a link to all. */
type Kind = {
  id: string;
  heading: string;
  rows: { key: string | number; href: string; label: string; note: string | null }[];
  total?: number | null;
  all?: string;
  /** Shown as a row of tags (hashtags) rather than a list. */
  tags?: true;
};

type Props = {
  messages: IslandMessages<(typeof SEARCH_SIDES_MESSAGES)[number]>;
  /** The locale's path prefix ('' or '/es'), for links to each result. */
  base: string;
  /** Where each kind's 'view all' link goes (its own search page). */
  viewAll: { speakers: string; series: string; broadcasters: string };
} & (
  | { /** Rendered on the server: the results the page fetched. */ results: SideResults; query?: undefined }
  | { /** Fetched in the browser after the page (the search page's All tab). */ query: string; results?: undefined }
);

/**
 * The search page's other kinds of result: the first speakers, series, broadcasters and
 * hashtags matching the query, each kind with a link to all of them. On a kind's own tab the
 * server renders it with the page; on the All tab it is an island that fetches them after the
 * page (stores/search-sides.ts), so the sermons are not held up by five more searches.
 */
export default function SearchSides(props: Props) {
  const loaded = useStore($searchSides);
  const { query } = props;
  useEffect(() => {
    if (query !== undefined) void loadSearchSides(query, props.messages.lang);
  }, [query, props.messages.lang]);
  const results = props.results ?? (loaded.status === 'done' && loaded.query === query ? loaded.results : null);
  if (!results) return null;
  const t = islandTranslator(props.messages);
  const { base, viewAll } = props;
  const lang = props.messages.lang;
  const sermons = (count: number) => t('sermons.count', { count });
  /** A kind's results as rows: each result's key, path (under the locale's prefix), label and note. */
  const rowsOf = <R,>(
    results: R[],
    row: (result: R) => [key: string | number, path: string, label: string, note: string | null],
  ): Kind['rows'] =>
    results.map((result) => {
      const [key, path, label, note] = row(result);
      return { key, href: `${base}${path}`, label, note };
    });
  const kinds: Kind[] = [
    {
      id: 'speakers',
      heading: t('nav.speakers'),
      rows: rowsOf(results.speakerResults, (s) => [
        s.speakerID,
        `/speakers/${s.speakerID}`,
        s.displayName,
        sermons(s.sermonCount),
      ]),
      total: results.speakerCount,
      all: viewAll.speakers,
    },
    {
      id: 'series',
      heading: t('nav.series'),
      rows: rowsOf(results.seriesResults, (s) => [s.seriesID, `/series/${s.seriesID}`, s.title, sermons(s.count)]),
      total: results.seriesCount,
      all: viewAll.series,
    },
    {
      id: 'broadcasters',
      heading: t('nav.broadcasters'),
      rows: rowsOf(results.broadcasterResults, (b) => [
        b.broadcasterID,
        `/broadcasters/${encodeURIComponent(b.broadcasterID)}`,
        b.displayName,
        b.location,
      ]),
      total: results.broadcasterCount,
      all: viewAll.broadcasters,
    },
    {
      id: 'hashtags',
      heading: t('sermons.search.hashtags'),
      rows: rowsOf(results.hashtagResults, (h) => [
        h.hashtag,
        `/hashtag/${encodeURIComponent(h.hashtag)}`,
        `#${h.displayHashtag}`,
        sermons(h.sermonCount),
      ]),
      tags: true,
    },
  ];
  return (
    <>
      {kinds
        .filter((kind) => kind.rows.length > 0)
        .map((kind) => (
          <section key={kind.id} aria-labelledby={`results-${kind.id}`}>
            <h2 id={`results-${kind.id}`}>{kind.heading}</h2>
            <ul className={kind.tags ? 'side tags' : 'side'}>
              {kind.rows.map((row) => (
                <li key={row.key}>
                  <a href={row.href}>{row.label}</a> <span className="muted">{row.note}</span>
                </li>
              ))}
            </ul>
            {kind.all && (kind.total ?? 0) > kind.rows.length && (
              <p className="more">
                <a href={kind.all}>{t('sermons.viewAll', { count: formatSnippetCount(kind.total ?? 0, lang) })}</a>
              </p>
            )}
          </section>
        ))}
    </>
  );
}
