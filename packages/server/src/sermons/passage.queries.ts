import { BIBLE_BOOKS, type BibleReference } from '@kerygma/domain/bible';
import type { PassageMatch } from '@kerygma/domain/search-match';

/**
 * A Bible passage as a sermon list's filter and ranking (issue 26): sermons whose references
 * overlap it, ranked exact passage first, then passages containing it, then overlapping ones.
 * A sermon's references are kept one row per book and chapter (sermon_scripture, with the
 * verses of that chapter, NULL for all of it), so the passage is compared chapter by chapter.
 */

/** Adds a parameter, answering its placeholder. */
export type Param = (value: unknown) => string;

/** The passage's chapters with the verses asked for in each, a whole chapter from 1 to its last verse. */
function chapters(ref: BibleReference) {
  const verses = BIBLE_BOOKS[ref.bookIndex]?.verses ?? [];
  const rows = { chapter: [] as number[], first: [] as number[], last: [] as number[], end: [] as number[] };
  for (let c = ref.chapter; c <= ref.chapterEnd; c++) {
    const end = verses[c - 1] ?? 1;
    rows.chapter.push(c);
    rows.first.push(c === ref.chapter && ref.verseStart !== null ? ref.verseStart : 1);
    rows.last.push(c === ref.chapterEnd && ref.verseEnd !== null ? ref.verseEnd : end);
    rows.end.push(end);
  }
  return rows;
}

/** Verses a reference row `x` covers in its chapter, a missing bound standing for the chapter's start or end (`q.verses`). */
const FROM_VERSE = 'coalesce(x.verse_start, 1)';
const TO_VERSE = 'coalesce(x.verse_end, q.verses)';

/** The passage's chapters as a table `q(chapter, first, last, verses)`: `verses` is the chapter's last. */
function passageTable(ref: BibleReference, p: Param): string {
  const c = chapters(ref);
  return `unnest(${p(c.chapter)}::int[], ${p(c.first)}::int[], ${p(c.last)}::int[], ${p(c.end)}::int[]) AS q(chapter, first, last, verses)`;
}

/**
 * A condition on `sermon s`: one of its references overlaps the passage. For a passage within
 * one chapter the list walks that chapter's rows instead (sermons.queries.ts, book and chapter
 * with a verse range); this is for passages across chapters.
 */
export function overlapsPassage(ref: BibleReference, p: Param): string {
  return `EXISTS (SELECT 1 FROM sermon_scripture x JOIN ${passageTable(ref, p)} ON x.chapter = q.chapter
     WHERE x.sermon_id = s.sermon_id AND x.book_index = ${p(ref.bookIndex)}
       AND ${FROM_VERSE} <= q.last AND ${TO_VERSE} >= q.first)`;
}

/**
 * A LATERAL join giving `pm.tier` for `sermon s`: 0 when its references in the book are the
 * passage exactly (each of its chapters with the same verses), 1 when they contain it, else 2
 * (they overlap it, or not at all: the list's filter keeps only overlapping sermons).
 */
export function passageTierJoin(ref: BibleReference, p: Param): string {
  const n = ref.chapterEnd - ref.chapter + 1;
  return `CROSS JOIN LATERAL (
    SELECT CASE WHEN count(*) FILTER (WHERE ${FROM_VERSE} = q.first AND ${TO_VERSE} = q.last) = ${n} THEN 0
                WHEN count(*) FILTER (WHERE ${FROM_VERSE} <= q.first AND ${TO_VERSE} >= q.last) = ${n} THEN 1
                ELSE 2 END AS tier
      FROM sermon_scripture x JOIN ${passageTable(ref, p)} ON x.chapter = q.chapter
     WHERE x.sermon_id = s.sermon_id AND x.book_index = ${p(ref.bookIndex)}) pm`;
}

/**
 * The sermons on the passage as `(sermon_id, preach_date, tier)`, from the reference rows of
 * its chapters alone: the chapter index carries their verses (migration 0052), so no sermon's
 * row is read. Tiers as passageTierJoin gives them.
 */
export function passageSermons(ref: BibleReference, p: Param): string {
  const n = ref.chapterEnd - ref.chapter + 1;
  const from = 'coalesce(r.verse_start, 1)';
  const to = 'coalesce(r.verse_end, q.verses)';
  return `SELECT r.sermon_id, max(r.preach_date) AS preach_date,
      CASE WHEN count(*) FILTER (WHERE ${from} = q.first AND ${to} = q.last) = ${n} THEN 0
           WHEN count(*) FILTER (WHERE ${from} <= q.first AND ${to} >= q.last) = ${n} THEN 1
           ELSE 2 END AS tier
      FROM sermon_scripture r JOIN ${passageTable(ref, p)} ON r.chapter = q.chapter
     WHERE r.book_index = ${p(ref.bookIndex)} AND r.chapter BETWEEN ${p(ref.chapter)} AND ${p(ref.chapterEnd)}
       AND ${from} <= q.last AND ${to} >= q.first
     GROUP BY r.sermon_id`;
}

export const PASSAGE_TIERS: readonly PassageMatch[] = ['exact', 'contains', 'overlaps'];
