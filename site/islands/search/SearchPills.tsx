import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatSnippetCount } from '../../lib/format.ts';
import { $searchSides, loadSearchSides } from '../../stores/search-sides.ts';

/** A result type's pill: its label, link (keeping the query and sort) and what it counts. */
export type Pill = {
  label: string;
  href: string;
  current: boolean;
  /** The total the page knows at once (the sermons'), or the side total it waits for. */
  count?: number | 'speakerCount' | 'seriesCount' | 'broadcasterCount';
};

type Props = { label: string; pills: Pill[]; lang: string /** The search, for the side totals. */; query: string };

/**
 * The search page's result-type pills: links to each kind of result for the same query. Each
 * shows how many there are once known: the sermons' total comes with the page, the others when
 * the side results arrive (stores/search-sides.ts, one fetch shared with SearchSides), up to '100+'.
 */
export default function SearchPills({ label, pills, lang, query }: Props) {
  const sides = useStore($searchSides);
  useEffect(() => {
    void loadSearchSides(query, lang);
  }, [query, lang]);
  const total = (count: Pill['count']): number | null => {
    if (typeof count === 'number') return count;
    if (count === undefined || sides.status !== 'done' || sides.query !== query) return null;
    return sides.results[count];
  };
  return (
    <nav className="pills" aria-label={label}>
      <ul>
        {pills.map((p) => {
          const n = total(p.count);
          return (
            <li key={p.href}>
              <a href={p.href} aria-current={p.current ? 'page' : undefined}>
                {p.label}
                {n !== null && <span className="count"> {formatSnippetCount(n, lang)}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
