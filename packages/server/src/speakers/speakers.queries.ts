import type { SpeakerListQuery } from '@kerygma/domain/catalogue-queries';
import { PUBLISHED } from '../catalogue/counts.ts';
import type { KeyColumn } from '../catalogue/keyset.ts';
import { type ListOptions, type Paged, pagedRows } from '../catalogue/paging.ts';
import type { BroadcasterRow, SpeakerRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';
import { containsPattern } from '../db/like.ts';

const ORDERS: Record<SpeakerListQuery['sortBy'], KeyColumn[]> = {
  name: [
    { expr: 'sp.sort_key', type: 'text', dir: 'ASC' },
    { expr: 'sp.speaker_id', type: 'int8', dir: 'ASC' },
  ],
  newest: [
    { expr: 'sp.created_at', type: 'timestamptz', dir: 'DESC' },
    { expr: 'sp.speaker_id', type: 'int8', dir: 'DESC' },
  ],
  'sermon-count': [
    { expr: 'sp.sermon_count', type: 'int', dir: 'DESC' },
    { expr: 'sp.speaker_id', type: 'int8', dir: 'DESC' },
  ],
};

/** Speakers (placeholders never listed); only those with published sermons unless asked. */
export function listSpeakers(db: Db, q: SpeakerListQuery, options: ListOptions = {}): Promise<Paged<SpeakerRow>> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['NOT sp.placeholder'];
  if (!q.includeUnpublished) where.push('sp.sermon_count > 0');
  if (q.broadcasterID) {
    where.push(
      `sp.speaker_id IN (SELECT DISTINCT speaker_id FROM sermon
                          WHERE broadcaster_id = ${p(q.broadcasterID.toLowerCase())} AND ${PUBLISHED})`,
    );
  }
  const search = q.query ?? q.searchKeyword;
  if (search) where.push(`sp.search_name LIKE immutable_unaccent(${p(containsPattern(search))})`);
  if (q.letter) {
    where.push(q.letter === '#' ? `sp.sort_key !~ '^[a-z]'` : `left(sp.sort_key, 1) = ${p(q.letter.toLowerCase())}`);
  }
  if (q.collection) where.push(`sp.${q.collection}`);
  if (q.primary)
    where.push('EXISTS (SELECT 1 FROM broadcaster_primary_speaker ps WHERE ps.speaker_id = sp.speaker_id)');
  return pagedRows<SpeakerRow>(db, {
    select: 'sp.*',
    from: `FROM speaker sp WHERE ${where.join(' AND ')}`,
    params,
    order: ORDERS[q.sortBy],
    page: q.page,
    pageSize: q.pageSize,
    cursor: q.cursor,
    ...options,
  });
}

/** A speaker by numeric id, or by display name (case-insensitive) as existing clients send it. */
export async function speakerByIdOrName(db: Db, value: string): Promise<SpeakerRow | undefined> {
  const byId = /^\d{1,18}$/.test(value);
  const [row] = await db.query<SpeakerRow>(
    byId
      ? 'SELECT * FROM speaker WHERE speaker_id = $1::int8'
      : 'SELECT * FROM speaker WHERE lower(display_name) = lower($1)',
    [value],
  );
  return row;
}

/** A broadcaster with the speaker's sermons there, and how many such broadcasters there are. */
export type SpeakerBroadcasterRow = BroadcasterRow & { speaker_sermon_count: number; total: number };

/**
 * One page of the broadcasters where the speaker has published sermons, most sermons first,
 * with how many there are in all (`total`, on every row). The counts come from the speaker's
 * own sermons (an index range), so even a name read at thousands of churches is one query.
 */
export function speakerBroadcasters(
  db: Db,
  speakerId: number,
  page: { limit: number; offset: number },
): Promise<SpeakerBroadcasterRow[]> {
  return db.query<SpeakerBroadcasterRow>(
    `SELECT b.*, c.n AS speaker_sermon_count, c.total
       FROM (SELECT broadcaster_id, count(*)::int n, (count(*) OVER ())::int total FROM sermon
              WHERE speaker_id = $1 AND publish_timestamp IS NOT NULL AND publish_timestamp <= now()
              GROUP BY broadcaster_id) c
       JOIN broadcaster b USING (broadcaster_id)
      ORDER BY c.n DESC, b.sort_name, b.broadcaster_id
      LIMIT $2 OFFSET $3`,
    [speakerId, page.limit, page.offset],
  );
}

export function highlightedSpeakers(db: Db, limit: number): Promise<SpeakerRow[]> {
  return db.query<SpeakerRow>(
    'SELECT * FROM speaker WHERE highlighted AND NOT placeholder ORDER BY sort_name, speaker_id LIMIT $1',
    [limit],
  );
}

/** Every listed speaker as `id|sortName|isPrimary` lines (spec: discover/speakers/list). */
export function speakerLines(db: Db): Promise<{ speaker_id: number; sort_name: string; is_primary: boolean }[]> {
  return db.query(
    `SELECT sp.speaker_id, sp.sort_name,
            EXISTS (SELECT 1 FROM broadcaster_primary_speaker ps WHERE ps.speaker_id = sp.speaker_id) AS is_primary
       FROM speaker sp WHERE NOT sp.placeholder AND sp.sermon_count > 0 ORDER BY sp.sort_name, sp.speaker_id`,
  );
}
