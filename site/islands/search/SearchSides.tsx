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
  const more = (count: number | null, shown: number, href: string) =>
    (count ?? 0) > shown && (
      <p className="more">
        <a href={href}>{t('sermons.viewAll', { count: formatSnippetCount(count ?? 0, lang) })}</a>
      </p>
    );
  const { speakerResults: speakers, seriesResults: series, broadcasterResults: broadcasters } = results;
  const hashtags = results.hashtagResults;
  return (
    <>
      {speakers.length > 0 && (
        <section aria-labelledby="results-speakers">
          <h2 id="results-speakers">{t('nav.speakers')}</h2>
          <ul className="side">
            {speakers.map((s) => (
              <li key={s.speakerID}>
                <a href={`${base}/speakers/${s.speakerID}`}>{s.displayName}</a>{' '}
                <span className="muted">{t('sermons.count', { count: s.sermonCount })}</span>
              </li>
            ))}
          </ul>
          {more(results.speakerCount, speakers.length, viewAll.speakers)}
        </section>
      )}
      {series.length > 0 && (
        <section aria-labelledby="results-series">
          <h2 id="results-series">{t('nav.series')}</h2>
          <ul className="side">
            {series.map((s) => (
              <li key={s.seriesID}>
                <a href={`${base}/series/${s.seriesID}`}>{s.title}</a>{' '}
                <span className="muted">{t('sermons.count', { count: s.count })}</span>
              </li>
            ))}
          </ul>
          {more(results.seriesCount, series.length, viewAll.series)}
        </section>
      )}
      {broadcasters.length > 0 && (
        <section aria-labelledby="results-broadcasters">
          <h2 id="results-broadcasters">{t('nav.broadcasters')}</h2>
          <ul className="side">
            {broadcasters.map((b) => (
              <li key={b.broadcasterID}>
                <a href={`${base}/broadcasters/${encodeURIComponent(b.broadcasterID)}`}>{b.displayName}</a>{' '}
                <span className="muted">{b.location}</span>
              </li>
            ))}
          </ul>
          {more(results.broadcasterCount, broadcasters.length, viewAll.broadcasters)}
        </section>
      )}
      {hashtags.length > 0 && (
        <section aria-labelledby="results-hashtags">
          <h2 id="results-hashtags">{t('sermons.search.hashtags')}</h2>
          <ul className="side tags">
            {hashtags.map((h) => (
              <li key={h.hashtag}>
                <a href={`${base}/hashtag/${encodeURIComponent(h.hashtag)}`}>#{h.displayHashtag}</a>{' '}
                <span className="muted">{t('sermons.count', { count: h.sermonCount })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
