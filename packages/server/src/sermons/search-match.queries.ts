import type { BibleReference } from '@kerygma/domain/bible';
import type { SearchMatch, TextPart } from '@kerygma/domain/search-match';
import type { Db } from '../db/db.ts';
import { PASSAGE_TIERS, type Param, passageTierJoin } from './passage.queries.ts';
import { type SermonFilters, tsQuery } from './sermons.queries.ts';

/**
 * Why each sermon of a search's page matched (issue 26): its title with the words marked, a
 * snippet of its description or, failing that, the transcript's first sentence holding the words
 * (with the second it is said at), and how its passage meets the one searched for. Only the
 * page's rows are looked at, so the cost stays with the page, not with the matches.
 */

/** Private-use characters ts_headline puts around matched words; they cannot occur in stored text. */
const START = '\uE000';
const STOP = '\uE001';
const MARKS = `StartSel=${START}, StopSel=${STOP}`;
/** A description's snippet: one fragment of about 15 to 35 words around the matches. */
const FRAGMENT = `${MARKS}, MaxFragments=1, MinWords=15, MaxWords=35, FragmentDelimiter=" … "`;

/** Text with START/STOP marks → runs, marked where matched. */
export function textParts(marked: string): TextPart[] {
  const parts: TextPart[] = [];
  for (const [i, piece] of marked.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (!piece) continue;
    const match = i % 2 === 1;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  }
  return parts;
}

type MatchRow = {
  sermon_id: string;
  title: string;
  description: string | null;
  spoken_at: number | null;
  spoken: string | null;
  tier: number | null;
};

export async function searchMatches(
  db: Db,
  sermonIds: readonly string[],
  search: SermonFilters['search'],
  passage: BibleReference | undefined,
): Promise<Map<string, SearchMatch>> {
  if (sermonIds.length === 0 || (!search && !passage)) return new Map();
  const params: unknown[] = [];
  const p: Param = (v) => {
    params.push(v);
    return `$${params.length}`;
  };
  const ids = p(sermonIds);
  let columns = 's.full_title AS title, NULL AS description, NULL AS spoken_at, NULL AS spoken';
  let joins = '';
  if (search) {
    const q = tsQuery(search, p);
    const cfg = `language_ts_config(${p(search.languageCode)})`;
    const tcfg = 'language_ts_config(t.language_code)';
    columns = `ts_headline(${cfg}, s.full_title, ${q}, 'HighlightAll=true, ${MARKS}') AS title,
      CASE WHEN s.more_info_text <> '' THEN ts_headline(${cfg}, s.more_info_text, ${q}, '${FRAGMENT}') END AS description,
      seg.start AS spoken_at, seg.text AS spoken`;
    // The transcript's first segment holding the words, looked for only in a transcript that matched.
    joins = `LEFT JOIN sermon_transcript t ON t.sermon_id = s.sermon_id AND t.search_vector @@ ${q}
      LEFT JOIN LATERAL (
        SELECT (e->>'start')::float8 AS start, ts_headline(${tcfg}, e->>'text', ${q}, 'HighlightAll=true, ${MARKS}') AS text
          FROM jsonb_array_elements(t.segments) e
         WHERE to_tsvector(${tcfg}, immutable_unaccent(e->>'text')) @@ ${q}
         LIMIT 1) seg ON true`;
  }
  if (passage) joins += ` ${passageTierJoin(passage, p)}`;
  const rows = await db.query<MatchRow>(
    `SELECT s.sermon_id, ${columns}, ${passage ? 'pm.tier' : 'NULL'} AS tier
       FROM sermon s ${joins}
      WHERE s.sermon_id = ANY(${ids}::text[])`,
    params,
  );
  return new Map(rows.map((row) => [row.sermon_id, matchOf(row)]));
}

function matchOf(row: MatchRow): SearchMatch {
  const marked = (text: string | null) => (text?.includes(START) ? text : null);
  const description = marked(row.description);
  const spoken = marked(row.spoken);
  return {
    title: textParts(row.title),
    snippet: description
      ? { source: 'description', parts: textParts(description), startSeconds: null }
      : spoken && row.spoken_at !== null
        ? { source: 'transcript', parts: textParts(spoken), startSeconds: Math.floor(row.spoken_at) }
        : null,
    passageMatch: row.tier === null ? null : (PASSAGE_TIERS[row.tier] ?? null),
  };
}
