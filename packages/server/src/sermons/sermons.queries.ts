import type { BibleReference } from '@kerygma/domain/bible';
import { RELEVANCE_RESULTS, type SermonSort } from '@kerygma/domain/query';
import type { EntityCache } from '../catalogue/entity-cache.ts';
import { type KeyColumn, type KeyType, keyColumns, keysetCondition, rowKeys } from '../catalogue/keyset.ts';
import { type Anchoring, pageStart } from '../catalogue/page-anchors.ts';
import type { MediaItemRow, SermonRow, SermonWithEntities } from '../catalogue/rows.ts';
import { estimateRows, type SearchTerms, searchEstimate } from '../catalogue/totals.ts';
import type { Db } from '../db/db.ts';
import { overlapsPassage, PASSAGE_TIERS, type Param, passageSermons, passageTierJoin } from './passage.queries.ts';

/** Resolved filters of a sermon list: ids, not names (the service resolves names first). */
export type SermonFilters = {
  broadcasterId?: string;
  speakerId?: number;
  seriesIds?: number[];
  eventType?: string;
  languageCode?: string;
  topicId?: number;
  hashtag?: string;
  bookIndex?: number;
  chapter?: number;
  /** With `chapter`: references whose verse range covers this verse (to `verseTo`, when given). */
  verse?: number;
  verseTo?: number;
  /**
   * A passage the search named (issue 26): a search by relevance ranks by it (passage.queries.ts).
   * Within one chapter it also sets bookIndex, chapter and verses, whose rows the list walks;
   * across chapters it is its own filter.
   */
  passage?: BibleReference;
  year?: number;
  month?: number;
  day?: number;
  /**
   * Full-text search of the sermon's own words (by relevance, its transcript's too: relevancePage);
   * `languageCode` picks the stemming of the searcher's language.
   */
  search?: { text: string; languageCode: string };
  minSeconds?: number;
  maxSeconds?: number | null;
  requireAudio?: boolean;
  requireVideo?: boolean;
  requirePDF?: boolean;
  requireTranscript?: boolean;
  staffPick?: boolean;
  featured?: boolean;
  sermonIds?: string[];
  broadcaster?: { denomination?: string; state?: string; country?: string; vacantPulpit?: boolean };
};

/** A sort's columns, speaker sorts joining the speaker's row for its sort key. */
type SortColumn = KeyColumn & { join?: 'speaker' };

const id = (dir: 'ASC' | 'DESC'): SortColumn => ({ expr: 's.sermon_id', type: 'text', dir });
const NEWEST_FIRST: SortColumn[] = [{ expr: 's.preach_date', type: 'date', dir: 'DESC' }, id('DESC')];
/** Sort by one column, then newest first. */
const by = (expr: string, type: KeyType, dir: 'ASC' | 'DESC', join?: SortColumn['join']): SortColumn[] => [
  { expr, type, dir, join },
  ...NEWEST_FIRST,
];

/**
 * Sort orders, every one paged by keyset on an index in its order ('relevance' and 'random'
 * are handled separately). Columns that may be NULL sort through a key that puts those
 * sermons last (migration 0020): the expressions must match the indexes' exactly.
 */
const SORTS: Record<Exclude<SermonSort, 'relevance' | 'random'>, SortColumn[]> = {
  newest: NEWEST_FIRST,
  oldest: [{ expr: 's.preach_date', type: 'date', dir: 'ASC' }, id('ASC')],
  'newest-published': [{ expr: 's.publish_timestamp', type: 'timestamptz', dir: 'DESC' }, id('DESC')],
  added: [{ expr: 's.created_at', type: 'timestamptz', dir: 'DESC' }, id('DESC')],
  updated: [{ expr: 's.updated_at', type: 'timestamptz', dir: 'DESC' }, id('DESC')],
  title: [{ expr: 'lower(immutable_unaccent(s.full_title))', type: 'text', dir: 'ASC' }, id('ASC')],
  downloads: by('s.download_count', 'int', 'DESC'),
  plays: by('s.play_count', 'int', 'DESC'),
  audioplays: by('s.audio_play_count', 'int', 'DESC'),
  videoplays: by('s.video_play_count', 'int', 'DESC'),
  commentcount: by('s.comment_count', 'int', 'DESC'),
  language: by('s.language_code', 'text', 'ASC'),
  event: by('s.event_type', 'text', 'ASC'),
  pickdate: by(`coalesce(s.pick_date, '-infinity'::date)`, 'date', 'DESC'),
  lastplayed: by(`coalesce(s.last_play_time, '-infinity'::timestamptz)`, 'timestamptz', 'DESC'),
  // Passage order, ascending, as a descending key.
  bible: by('-coalesce(s.bible_sort, 2147483647)::int8', 'int8', 'DESC'),
  speaker: by('sp.sort_key', 'text', 'ASC', 'speaker'),
  series: [
    { expr: '(s.series_sort_key IS NULL)', type: 'boolean', dir: 'ASC' },
    { expr: `coalesce(s.series_sort_key, '')`, type: 'text', dir: 'ASC' },
    ...NEWEST_FIRST,
  ],
};

/**
 * Below this many expected matches a search whose total must be counted collects its candidates
 * from the search index and sorts them (counting them on the way); above it, and whenever the
 * estimate stands for the total (totals.ts searchEstimate), it walks the newest-first index until enough
 * match. Walking reads about candidates × rows / matches index entries, collecting reads every
 * match from the table; under load the table reads cost most (at 2.1M sermons, collecting
 * 10,000-25,000 matches took 5-10 times a walk, bench/README.md), but a walk's total is then
 * counted from the table too, up to 10,001.
 */
const COLLECT_MATCHES_BELOW = 25_000;

const SERMON_COLUMNS = `s.sermon_id, s.broadcaster_id, s.speaker_id, s.series_id, s.full_title, s.display_title,
  s.subtitle, s.bible_text, s.more_info_text, s.event_type, s.language_code, s.preach_date, s.publish_timestamp,
  s.keywords, s.audio_duration_seconds, s.video_duration_seconds, s.has_audio, s.has_video, s.has_pdf,
  s.audio_media_status, s.video_media_status, s.download_count, s.video_download_count, s.play_count,
  s.audio_play_count, s.video_play_count, s.comment_count, s.pick_date, s.last_feature_date, s.last_play_time,
  s.video_trim_start, s.video_thumb_position, s.waveform_storage_key, s.video_thumbnail_storage_key, s.show_cc,
  s.accept_copyright, s.archived_webcast_id, s.lite, s.has_transcript, s.created_at, s.updated_at`;

/** Sermon rows by id. Fixed text, so its plan is kept. */
const BY_IDS = `SELECT ${SERMON_COLUMNS} FROM sermon s WHERE s.sermon_id = ANY($1::text[])`;

/** Sermon rows in the order of `ids` (a page query found them), with their entities (withEntities). */
export async function detailRows(db: Db, entities: EntityCache, ids: string[]): Promise<SermonWithEntities[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<SermonRow>(BY_IDS, [ids], { prepare: true });
  const byId = new Map(rows.map((r) => [r.sermon_id, r]));
  return withEntities(
    entities,
    ids.flatMap((id): SermonRow[] => {
      const row = byId.get(id);
      return row ? [row] : [];
    }),
  );
}

/**
 * Sermon rows (SERMON_COLUMNS, or any with the three ids) with their broadcaster, speaker and
 * series rows attached as b, sp and se, in the same order; a row whose broadcaster or speaker is
 * missing is left out.
 */
export async function withEntities<
  R extends Pick<SermonRow, 'broadcaster_id' | 'speaker_id' | 'series_id'> = SermonRow,
>(entities: EntityCache, rows: readonly R[]): Promise<(R & Pick<SermonWithEntities, 'b' | 'sp' | 'se'>)[]> {
  if (rows.length === 0) return [];
  const [broadcasters, speakers, series] = await Promise.all([
    entities.broadcasters(rows.map((r) => r.broadcaster_id)),
    entities.speakers(rows.map((r) => r.speaker_id)),
    entities.series(rows.flatMap((r) => (r.series_id === null ? [] : [r.series_id]))),
  ]);
  return rows.flatMap((row) => {
    const b = broadcasters.get(row.broadcaster_id);
    const sp = speakers.get(row.speaker_id);
    if (!b || !sp) return [];
    return [{ ...row, b, sp, se: row.series_id === null ? null : (series.get(row.series_id) ?? null) }];
  });
}

/** The search query (migration 0017): stemmed in the searcher's language OR verbatim. */
export function tsQuery(search: NonNullable<SermonFilters['search']>, p: Param): string {
  return `sermon_search_query(${p(search.languageCode)}, ${p(search.text)})`;
}

/**
 * Sermons whose words do not match but whose transcript's do (migration 0052): a search by
 * relevance lists them after every sermon matching by its own words (relevancePage). With few
 * such transcripts their sermons are looked up and sorted; with many, the newest-first index is
 * walked, each sermon looked up among them (`IS TRUE` keeps the test a hashed filter on the walk
 * instead of a join that read every one: 1.7 s for a word in 47,745 transcripts, 0.13 s walking).
 */
function spokenOnly(query: string, transcripts: number): string {
  const inTranscripts = `s.sermon_id IN (SELECT transcript_sermons(${query}))`;
  return `NOT s.search_vector @@ ${query} AND ${transcripts > WALK_SPOKEN_FROM ? `(${inTranscripts}) IS TRUE` : inTranscripts}`;
}

/** From this many transcripts holding the words, their sermons are found by walking the newest first. */
const WALK_SPOKEN_FROM = 2_000;

/** Link tables with a copy of preach_date, indexed by (key, preach_date DESC, sermon_id DESC). */
const LINKS = { r: 'sermon_scripture r', tp: 'sermon_topic tp', ht: 'sermon_hashtag ht' } as const;

/** The link table a filtered list walks (its index gives the newest-first order), if any. */
function linkTable(f: SermonFilters): { table: string; alias: keyof typeof LINKS } | undefined {
  const alias =
    f.bookIndex !== undefined ? 'r' : f.topicId !== undefined ? 'tp' : f.hashtag !== undefined ? 'ht' : undefined;
  return alias ? { table: LINKS[alias], alias } : undefined;
}

/** Whether the book, chapter and verses filters are the passage's own (the service sets them for a passage within one chapter). */
function passageWalked(f: SermonFilters, passage: BibleReference): boolean {
  return (
    passage.chapter === passage.chapterEnd &&
    f.bookIndex === passage.bookIndex &&
    f.chapter === passage.chapter &&
    (passage.verseStart === null
      ? f.verse === undefined
      : f.verse === passage.verseStart && f.verseTo === passage.verseEnd)
  );
}

/** Builds `FROM ... WHERE ...` for the filters; parameters are appended to `params`. */
export function sermonFrom(f: SermonFilters, params: unknown[], joins = ''): string {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['s.publish_timestamp IS NOT NULL AND s.publish_timestamp <= now()'];
  const link = linkTable(f);
  const from = link ? `${link.table} JOIN sermon s ON s.sermon_id = ${link.alias}.sermon_id` : 'sermon s';
  // The link table that drives the walk joins; the others become EXISTS conditions.
  const linked = (l: 'r' | 'tp' | 'ht', cond: string) => {
    if (link?.alias === l) where.push(cond);
    else where.push(`EXISTS (SELECT 1 FROM ${LINKS[l]} WHERE ${l}.sermon_id = s.sermon_id AND ${cond})`);
  };
  if (f.bookIndex !== undefined) {
    const ref = [`r.book_index = ${p(f.bookIndex)}`];
    if (f.chapter === undefined) ref.push('r.first_in_book');
    else ref.push(`r.chapter = ${p(f.chapter)}`);
    // A verse is checked on the rows of its chapter, which the chapter index finds (few, even
    // for a famous chapter). A missing bound is open: no bounds is the whole chapter.
    if (f.chapter !== undefined && f.verse !== undefined) {
      ref.push(
        `(r.verse_start IS NULL OR r.verse_start <= ${p(f.verseTo ?? f.verse)})`,
        `(r.verse_end IS NULL OR r.verse_end >= ${p(f.verse)})`,
      );
    }
    linked('r', ref.join(' AND '));
  }
  if (f.topicId !== undefined) linked('tp', `tp.topic_id = ${p(f.topicId)}`);
  if (f.hashtag !== undefined) linked('ht', `ht.hashtag = ${p(f.hashtag)}`);
  if (f.broadcasterId !== undefined) where.push(`s.broadcaster_id = ${p(f.broadcasterId)}`);
  if (f.speakerId !== undefined) where.push(`s.speaker_id = ${p(f.speakerId)}`);
  if (f.seriesIds !== undefined) where.push(`s.series_id = ANY(${p(f.seriesIds)}::bigint[])`);
  if (f.eventType !== undefined) where.push(`s.event_type = ${p(f.eventType)}`);
  if (f.languageCode !== undefined) where.push(`s.language_code = ${p(f.languageCode)}`);
  if (f.year !== undefined) {
    // A date range rather than extract(), so the preach_date indexes apply.
    const y = f.year;
    const start = f.month
      ? `${y}-${String(f.month).padStart(2, '0')}-${String(f.day ?? 1).padStart(2, '0')}`
      : `${y}-01-01`;
    const unit = f.month ? (f.day ? '1 day' : '1 month') : '1 year';
    where.push(`s.preach_date >= ${p(start)}::date AND s.preach_date < ${p(start)}::date + interval '${unit}'`);
  }
  if (f.passage && !passageWalked(f, f.passage)) where.push(overlapsPassage(f.passage, p));
  if (f.search) where.push(`s.search_vector @@ ${tsQuery(f.search, p)}`);
  if (f.minSeconds) where.push(`greatest(s.audio_duration_seconds, s.video_duration_seconds) >= ${p(f.minSeconds)}`);
  if (f.maxSeconds !== undefined && f.maxSeconds !== null)
    where.push(`greatest(s.audio_duration_seconds, s.video_duration_seconds) <= ${p(f.maxSeconds)}`);
  if (f.requireAudio) where.push('s.has_audio');
  if (f.requireVideo) where.push('s.has_video');
  if (f.requirePDF) where.push('s.has_pdf');
  if (f.requireTranscript) where.push('s.has_transcript');
  if (f.staffPick) where.push('s.pick_date IS NOT NULL');
  if (f.featured) where.push('s.last_feature_date IS NOT NULL');
  if (f.sermonIds !== undefined) where.push(`s.sermon_id = ANY(${p(f.sermonIds)}::text[])`);
  const bf = f.broadcaster;
  if (bf && Object.values(bf).some((v) => v !== undefined)) {
    const cond: string[] = [];
    if (bf.denomination !== undefined) cond.push(`lower(denomination) = lower(${p(bf.denomination)})`);
    if (bf.state !== undefined) cond.push(`upper(state) = upper(${p(bf.state)})`);
    if (bf.country !== undefined)
      cond.push(`(upper(country_iso_code) = upper(${p(bf.country)}) OR lower(country) = lower(${p(bf.country)}))`);
    if (bf.vacantPulpit !== undefined) cond.push(`vacant_pulpit = ${p(bf.vacantPulpit)}`);
    where.push(`s.broadcaster_id IN (SELECT broadcaster_id FROM broadcaster WHERE ${cond.join(' AND ')})`);
  }
  return `FROM ${from} ${joins} WHERE ${where.join(' AND ')}`;
}

export type SermonPage = {
  rows: SermonWithEntities[];
  nextKey: string[] | undefined;
  /** PostgreSQL's estimate of all matching rows, when the page's query needed it (relevance). */
  estimate?: number;
  /** Every matching row, when the page's query counted them (relevance over few matches). */
  total?: number | undefined;
};

/**
 * The columns a sermon list is sorted and keyset-paged by; undefined for the lists paged by
 * number only (random, and a search by relevance).
 */
export function sermonOrder(f: SermonFilters, sort: SermonSort): SortColumn[] | undefined {
  if (sort === 'random' || (sort === 'relevance' && (f.search || f.passage))) return undefined;
  const spec = SORTS[sort === 'relevance' ? 'newest' : sort];
  // Sermons by book, topic or hashtag walk the link table's copy of the date and its sermon id,
  // so that its index gives the order and takes the keyset condition (with s.sermon_id in the
  // row comparison, PostgreSQL filtered row by row: 2.5 s for a page deep in 34k sermons of a
  // hashtag, 6 s in 157k on one book at 2.1M sermons; 1 ms with the link's columns).
  const link = linkTable(f);
  const byDate = spec[0]?.expr === 's.preach_date';
  return spec.map((c) =>
    link && byDate && (c.expr === 's.preach_date' || c.expr === 's.sermon_id')
      ? { ...c, expr: `${link.alias}.${c.expr.slice(2)}` }
      : c,
  );
}

/**
 * One page of a sermon list. `after` continues a keyset walk; otherwise `offset` applies, from
 * the nearest page anchor when deep (`anchoring`: ANCHORING unless a test sets its own).
 */
export async function listSermons(
  db: Db,
  entities: EntityCache,
  f: SermonFilters,
  sort: SermonSort,
  limit: number,
  offset: number,
  after: readonly string[] | undefined,
  anchoring?: Anchoring,
): Promise<SermonPage> {
  const params: unknown[] = [];
  const cols = sermonOrder(f, sort);
  if (!cols) {
    if (sort === 'random') return randomPage(db, entities, f, params, limit);
    return f.passage
      ? passagePage(db, entities, f, f.passage, params, limit, offset)
      : relevancePage(db, entities, f, params, limit, offset);
  }
  const joins = cols.some((c) => c.join === 'speaker') ? 'JOIN speaker sp ON sp.speaker_id = s.speaker_id' : '';
  let from = sermonFrom(f, params, joins);
  // After the cursor's key; a deep page asked for by number, from the nearest anchor (page-anchors.ts).
  const start = await pageStart(db, from, params, cols, offset, after, anchoring);
  if (start) from += ` AND ${keysetCondition(cols, start.after, params)}`;
  const order = cols.map((c) => `${c.expr} ${c.dir}`).join(', ');
  const skip = start ? start.skip : offset;
  // Keyset and first pages keep their plan per connection (planning costs more than running
  // these); deep OFFSET pages do not, so their varying text never piles up prepared statements.
  // The page's rows come whole with it: the heap rows are read for the filter anyway, and a
  // second query by id cost a round trip to the database per list.
  const page = await db.query<SermonRow & Record<`k${number}`, string>>(
    `SELECT ${SERMON_COLUMNS}, ${keyColumns(cols)} ${from} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`,
    params,
    { prepare: skip === 0 },
  );
  const last = page[page.length - 1];
  return { rows: await withEntities(entities, page), nextKey: last ? rowKeys(cols, last) : undefined };
}

async function relevancePage(
  db: Db,
  entities: EntityCache,
  f: SermonFilters,
  params: unknown[],
  limit: number,
  offset: number,
) {
  const search = f.search as NonNullable<SermonFilters['search']>;
  const from = sermonFrom(f, params);
  const matches = await estimateRows(db, { from, params });
  const estimated = await searchEstimate(db, searchTerms(f) as SearchTerms, matches);
  const collect = estimated === undefined && matches < COLLECT_MATCHES_BELOW;
  const query = tsQuery(search, (v) => {
    params.push(v);
    return `$${params.length}`;
  });
  // The RELEVANCE_RESULTS newest matches are ranked (it was 1,000: a common word then read 1,000+
  // rows at random, half of a search page's database work).
  // - Collecting: `+ 0` is an order no index gives, so PostgreSQL collects the matches from the
  //   search index, counting them on the way (a count query fewer). Only the newest are ranked,
  //   after they are chosen, their rows found again by their place in the table (`ctid`, fixed
  //   within one statement): ranking every match made the count hold each one's search text (it
  //   spilled to disk) and took up to twice the time (bench/README.md, fifth search pass).
  // - Walking the newest-first index (it holds the search text): ranked as found, and counted
  //   after: fewer than RELEVANCE_RESULTS found means the walk saw every match.
  const candidates = collect
    ? `SELECT c.sermon_id, c.preach_date, c.matches, ts_rank(ranked.search_vector, ${query}) AS rank FROM (
        SELECT s.ctid AS place, s.sermon_id, s.preach_date, count(*) OVER () AS matches ${from}
         ORDER BY (s.preach_date + 0) DESC, s.sermon_id DESC LIMIT ${RELEVANCE_RESULTS}) c
        JOIN sermon ranked ON ranked.ctid = c.place`
    : `SELECT c.*, count(*) OVER () AS matches FROM (
        SELECT s.sermon_id, s.preach_date, ts_rank(s.search_vector, ${query}) AS rank ${from}
         ORDER BY s.preach_date DESC, s.sermon_id DESC LIMIT ${RELEVANCE_RESULTS}) c`;
  // The page's rows come whole with it.
  const page = await db.query<SermonRow & { matches: number }>(
    `SELECT ${SERMON_COLUMNS}, top.matches FROM (
      SELECT * FROM (${candidates}) candidates
       ORDER BY rank DESC, preach_date DESC, sermon_id DESC LIMIT ${limit} OFFSET ${offset}) top
     JOIN sermon s ON s.sermon_id = top.sermon_id
     ORDER BY top.rank DESC, top.preach_date DESC, top.sermon_id DESC`,
    params,
  );
  // Past the last sermon matching by its own words, how many there were.
  const seen = page[0]?.matches ?? (offset > 0 ? await ownMatches(db, f, RELEVANCE_RESULTS) : 0);
  const total = collect || seen < RELEVANCE_RESULTS ? seen : estimated;
  if (seen >= RELEVANCE_RESULTS)
    return { rows: await withEntities(entities, page), nextKey: undefined, estimate: matches, total };
  // Every sermon matching by its own words is seen: the rest of the page, and the rest of the
  // RELEVANCE_RESULTS, are sermons whose transcript holds the words, newest first. A common
  // word never gets here (its own matches fill the results), so its search never reads the
  // transcripts' index, where it matches nearly every transcript.
  const own = seen;
  const spoken = await spokenPage(db, f, limit - page.length, Math.max(0, offset - own), RELEVANCE_RESULTS - own);
  const rows = [...page, ...spoken.rows];
  return { rows: await withEntities(entities, rows), nextKey: undefined, estimate: matches, total: own + spoken.total };
}

/** The sermons matching by their own words, counted up to `cap`. */
async function ownMatches(db: Db, f: SermonFilters, cap: number): Promise<number> {
  const params: unknown[] = [];
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${sermonFrom(f, params)} LIMIT ${cap}) c`,
    params,
  );
  return row?.n ?? 0;
}

/**
 * A page of the sermons matching only by their transcript, newest first, and how many
 * transcripts hold the words (up to `cap`): the total stands for theirs, which would cost
 * looking up every one.
 */
async function spokenPage(db: Db, f: SermonFilters, limit: number, offset: number, cap: number) {
  const search = f.search as NonNullable<SermonFilters['search']>;
  const transcripts = await transcriptsHolding(db, search);
  if (transcripts === 0 || limit <= 0) return { rows: [], total: Math.min(transcripts, cap) };
  const params: unknown[] = [];
  const from = sermonFrom({ ...f, search: undefined }, params);
  const query = tsQuery(search, positional(params));
  const rows = await db.query<SermonRow>(
    `SELECT ${SERMON_COLUMNS} FROM (
       SELECT s.sermon_id, s.preach_date ${from} AND ${spokenOnly(query, transcripts)}
        ORDER BY s.preach_date DESC, s.sermon_id DESC LIMIT ${limit} OFFSET ${offset}) top
     JOIN sermon s ON s.sermon_id = top.sermon_id
     ORDER BY top.preach_date DESC, top.sermon_id DESC`,
    params,
  );
  return { rows, total: Math.min(transcripts, cap) };
}

/**
 * How many transcripts hold the words: PostgreSQL's estimate (kept a while, totals.ts) when it
 * is past WALK_SPOKEN_FROM, where the list walks and its total is capped anyway; counted below.
 * Counting a word in most transcripts evaluated the index a second time (20 ms of 130 for
 * 'therefore' in 47,745 of 50,000 transcripts).
 */
async function transcriptsHolding(db: Db, search: NonNullable<SermonFilters['search']>): Promise<number> {
  const params = [search.languageCode, search.text];
  const estimated = await estimateRows(db, {
    from: `FROM sermon_transcript t WHERE t.search_vector @@ ${tsQuery(search, positional([]))}`,
    params,
  });
  if (estimated > WALK_SPOKEN_FROM) return estimated;
  const [counted] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM transcript_sermons(${tsQuery(search, positional([]))})`,
    params,
  );
  return counted?.n ?? 0;
}

/** Placeholders for values appended to `params`. */
function positional(params: unknown[]): Param {
  return (v) => {
    params.push(v);
    return `$${params.length}`;
  };
}

/**
 * A search naming a passage, by relevance, in tiers: exact, containing, overlapping
 * (passage.queries.ts), newest first within each. With words, tier by tier (passageWordsPage);
 * without, from the references alone (passageOnlyPage), unless the list also filters by another
 * book or chapter than the passage's: then its sermons are walked and each one's tier found.
 */
async function passagePage(
  db: Db,
  entities: EntityCache,
  f: SermonFilters,
  passage: BibleReference,
  params: unknown[],
  limit: number,
  offset: number,
): Promise<SermonPage> {
  if (f.search) return passageWordsPage(db, entities, f, passage, limit, offset);
  if (passageWalked(f, passage) || f.bookIndex === undefined) {
    return passageOnlyPage(db, entities, f, passage, limit, offset);
  }
  const from = sermonFrom(f, params, passageTierJoin(passage, positional(params)));
  const page = await db.query<SermonRow & { matches: number; tier: number }>(
    `SELECT ${SERMON_COLUMNS}, top.matches, top.tier FROM (
      SELECT s.sermon_id, s.preach_date, pm.tier, count(*) OVER () AS matches ${from}
       ORDER BY pm.tier, s.preach_date DESC, s.sermon_id DESC LIMIT ${limit} OFFSET ${offset}) top
     JOIN sermon s ON s.sermon_id = top.sermon_id
     ORDER BY top.tier, top.preach_date DESC, top.sermon_id DESC`,
    params,
  );
  return { rows: await withEntities(entities, page), nextKey: undefined, total: page[0]?.matches };
}

/** The list's other filters, without the passage's (a passage list finds its sermons from their references). */
function withoutPassage(f: SermonFilters): SermonFilters {
  return { ...f, bookIndex: undefined, chapter: undefined, verse: undefined, verseTo: undefined, passage: undefined };
}

/**
 * A passage with words, by relevance: tier by tier (exact, containing, overlapping), each
 * tier's sermons ranked by the words, stopping at the tier that fills the page. Testing every
 * sermon on the passage for the words read each one's row at random (13,252 for 'grace
 * Romans 8' at 2.1M sermons, about 1 s from disk), where its exact tier is a sixth of them.
 * When tiers are left unread, the total adds their sermons at the share that matched so far.
 */
async function passageWordsPage(
  db: Db,
  entities: EntityCache,
  f: SermonFilters,
  passage: BibleReference,
  limit: number,
  offset: number,
): Promise<SermonPage> {
  const search = f.search as NonNullable<SermonFilters['search']>;
  const rest = withoutPassage(f);
  const found: { sermon_id: string; tier: number }[] = [];
  let before = 0;
  let read = 0;
  let tier = 0;
  for (; tier < PASSAGE_TIERS.length && found.length < limit; tier++) {
    const skip = Math.max(0, offset - before);
    const params: unknown[] = [];
    const onTier = `SELECT * FROM (${passageSermons(passage, positional(params))}) t WHERE t.tier = ${tier}`;
    const from = sermonFrom(rest, params, `JOIN (${onTier}) c ON c.sermon_id = s.sermon_id`);
    // Ids only, up to the end of the page: a deep page skips them here, not in full rows.
    const ranked = await db.query<{ sermon_id: string; matches: number; candidates: number }>(
      `SELECT s.sermon_id, count(*) OVER () AS matches, (SELECT count(*) FROM (${onTier}) n)::int AS candidates
         ${from}
        ORDER BY ts_rank(s.search_vector, ${tsQuery(search, positional(params))}) DESC, s.preach_date DESC, s.sermon_id DESC
        LIMIT ${skip + limit - found.length}`,
      params,
    );
    found.push(...ranked.slice(skip).map((r) => ({ sermon_id: r.sermon_id, tier })));
    before += ranked[0]?.matches ?? 0;
    read += ranked[0]?.candidates ?? 0;
  }
  let total = before;
  if (tier < PASSAGE_TIERS.length) {
    const params: unknown[] = [];
    const [left] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${passageSermons(passage, positional(params))}) t WHERE t.tier >= ${tier}`,
      params,
    );
    total += read > 0 ? Math.round(((left?.n ?? 0) * before) / read) : 0;
  }
  const rows = new Map(
    (await db.query<SermonRow>(BY_IDS, [found.map((r) => r.sermon_id)])).map((r) => [r.sermon_id, r]),
  );
  const page = found.flatMap((r) => {
    const row = rows.get(r.sermon_id);
    return row ? [{ ...row, tier: r.tier }] : [];
  });
  return { rows: await withEntities(entities, page), nextKey: undefined, total };
}

/**
 * A passage without words: its sermons in tier order from the reference rows of its chapters
 * alone (passage.queries.ts passageSermons), each sermon's row read only as the page is filled.
 * Ranking the sermons' rows instead read all of them, one at random for each (13,252 for Romans 8
 * at 2.1M sermons: 1.5 s from disk). The total is counted exactly up to PASSAGE_COUNT_EXACT
 * sermons; above, with no other filter, the references' sermons are the total (drafts and
 * scheduled sermons among them are few), counted from the index alone.
 */
async function passageOnlyPage(
  db: Db,
  entities: EntityCache,
  f: SermonFilters,
  passage: BibleReference,
  limit: number,
  offset: number,
): Promise<SermonPage> {
  const params: unknown[] = [];
  const onPassage = passageSermons(passage, positional(params));
  const passageParams = [...params];
  const rest = withoutPassage(f);
  const from = sermonFrom(
    rest,
    params,
    `JOIN (${onPassage} ORDER BY tier, preach_date DESC, r.sermon_id DESC) c ON c.sermon_id = s.sermon_id`,
  );
  const [page, [sermons]] = await Promise.all([
    db.query<SermonRow & { tier: number }>(
      `SELECT ${SERMON_COLUMNS}, c.tier ${from}
        ORDER BY c.tier, c.preach_date DESC, c.sermon_id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${onPassage}) c`, passageParams),
  ]);
  const { broadcaster, ...others } = rest;
  const filtered = [...Object.values(others), ...Object.values(broadcaster ?? {})].some((v) => v !== undefined);
  const many = (sermons?.n ?? 0) > PASSAGE_COUNT_EXACT;
  return {
    rows: await withEntities(entities, page),
    nextKey: undefined,
    total: many && !filtered ? sermons?.n : undefined,
  };
}

/** Below this many sermons on a passage its search's total is counted, sermon by sermon. */
const PASSAGE_COUNT_EXACT = 2_000;

/** The list's full-text search as the totals policy reads it (totals.ts searchEstimate). */
export function searchTerms(f: SermonFilters): SearchTerms | undefined {
  const { search, broadcaster, ...others } = f;
  if (!search) return undefined;
  const given = (v: unknown) => v !== undefined && v !== null;
  return { ...search, alone: !Object.values(others).some(given) && !Object.values(broadcaster ?? {}).some(given) };
}

async function randomPage(
  db: Db,
  entities: EntityCache,
  f: SermonFilters,
  params: unknown[],
  limit: number,
): Promise<SermonPage> {
  const filtered = Object.values(f).some((v) => v !== undefined);
  // Unfiltered: sample about 20 pages' worth of rows instead of sorting the whole table.
  const [est] = filtered
    ? []
    : await db.query<{ n: number }>("SELECT reltuples::int8 AS n FROM pg_class WHERE relname = 'sermon'");
  const pct = est && est.n > 5000 ? Math.max(0.01, (100 * limit * 20) / est.n) : 100;
  const from = sermonFrom(f, params).replace('FROM sermon s', `FROM sermon s TABLESAMPLE SYSTEM (${pct.toFixed(4)})`);
  const page = await db.query<{ sermon_id: string }>(
    `SELECT s.sermon_id ${from} ORDER BY random() LIMIT ${limit}`,
    params,
  );
  return {
    rows: await detailRows(
      db,
      entities,
      page.map((r) => r.sermon_id),
    ),
    nextKey: undefined,
  };
}

/** One sermon by id, published or not (the service decides visibility). */
export async function sermonById(
  db: Db,
  entities: EntityCache,
  sermonId: string,
): Promise<SermonWithEntities | undefined> {
  const [row] = await detailRows(db, entities, [sermonId]);
  return row;
}

export async function mediaForSermons(db: Db, sermonIds: string[]): Promise<Map<string, MediaItemRow[]>> {
  const rows = await db.query<MediaItemRow>(
    'SELECT * FROM media_item WHERE sermon_id = ANY($1::text[]) ORDER BY media_id',
    [sermonIds],
    { prepare: true },
  );
  const bySermon = new Map<string, MediaItemRow[]>();
  for (const row of rows) {
    const list = bySermon.get(row.sermon_id) ?? [];
    list.push(row);
    bySermon.set(row.sermon_id, list);
  }
  return bySermon;
}

/** The id of the speaker of this display name (any case). */
export async function speakerIdByName(db: Db, name: string): Promise<number | undefined> {
  const [speaker] = await db.query<{ speaker_id: number }>(
    'SELECT speaker_id FROM speaker WHERE lower(display_name) = lower($1)',
    [name],
  );
  return speaker?.speaker_id;
}

/** The ids of the series with this id or title (any case), at one broadcaster when given. */
export async function seriesIdsByIdOrTitle(
  db: Db,
  value: string,
  broadcasterId: string | undefined,
): Promise<number[]> {
  // Id and title each by their index (`series_id::text = $1` would read every series).
  const rows = await db.query<{ series_id: number }>(
    `SELECT series_id FROM series
      WHERE (series_id = $3::int8 OR lower(title) = lower($1)) AND ($2::text IS NULL OR broadcaster_id = $2)`,
    [value, broadcasterId ?? null, /^\d{1,18}$/.test(value) ? value : null],
  );
  return rows.map((r) => r.series_id);
}

/** The published sermons a topic or hashtag has, as the catalogue keeps them (0 for an unknown one). */
export async function keptLinkCount(db: Db, link: { topicId: number } | { hashtag: string }): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'topicId' in link
      ? 'SELECT sermon_count AS n FROM topic WHERE topic_id = $1'
      : 'SELECT sermon_count AS n FROM hashtag WHERE hashtag = $1',
    ['topicId' in link ? link.topicId : link.hashtag],
    { prepare: true },
  );
  return row?.n ?? 0;
}

/** A sermon's waveform key and publication, published or not. */
export async function sermonWaveform(
  db: Db,
  sermonId: string,
): Promise<{ waveform_storage_key: string | null; publish_timestamp: Date | null } | undefined> {
  const [row] = await db.query<{ waveform_storage_key: string | null; publish_timestamp: Date | null }>(
    'SELECT waveform_storage_key, publish_timestamp FROM sermon WHERE sermon_id = $1',
    [sermonId],
  );
  return row;
}
