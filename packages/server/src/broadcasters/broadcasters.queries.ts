import type { BroadcasterListQuery } from '@kerygma/domain/catalogue-queries';
import type { KeyColumn } from '../catalogue/keyset.ts';
import { type ListOptions, type Paged, pagedRows } from '../catalogue/paging.ts';
import type { BroadcasterRow, SpeakerRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';
import { containsPattern } from '../db/like.ts';

const CATEGORY_BITS = { church: 1, school: 2, seminary: 4, radio: 8 } as const;

/** The API's sorts, and most sermons first for search's side list (not offered by the API). */
export type BroadcasterOrder = BroadcasterListQuery['sortBy'] | 'sermon-count';

const ORDERS: Record<BroadcasterOrder, KeyColumn[]> = {
  alphabetical: [
    { expr: 'b.sort_key', type: 'text', dir: 'ASC' },
    { expr: 'b.broadcaster_id', type: 'text', dir: 'ASC' },
  ],
  newest: [
    { expr: 'b.joined', type: 'timestamptz', dir: 'DESC' },
    { expr: 'b.broadcaster_id', type: 'text', dir: 'DESC' },
  ],
  'sermon-count': [
    { expr: 'b.sermon_count', type: 'int', dir: 'DESC' },
    { expr: 'b.broadcaster_id', type: 'text', dir: 'DESC' },
  ],
};

export type BroadcasterList = Omit<BroadcasterListQuery, 'sortBy'> & {
  sortBy: BroadcasterOrder;
  /** Only the broadcasters this user holds a role on (`linkedOnly`), disabled ones included. */
  linkedUserId?: number;
};

export function listBroadcasters(
  db: Db,
  q: BroadcasterList,
  options: ListOptions = {},
): Promise<Paged<BroadcasterRow>> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where =
    q.linkedUserId === undefined
      ? ['NOT b.disabled']
      : [
          `EXISTS (SELECT 1 FROM user_broadcaster_role r WHERE r.broadcaster_id = b.broadcaster_id AND r.user_id = ${p(q.linkedUserId)})`,
        ];
  const search = q.searchKeyword ?? q.query;
  if (search) {
    // Spec §3: free-text search matches id, name, denomination, location, minister, primary
    // speakers: all kept as one lower-cased, unaccented text with a trigram index (migrations
    // 0009, 0016; the primary speakers' names are kept there by triggers).
    where.push(`b.search_text LIKE immutable_unaccent(${p(containsPattern(search))})`);
  }
  if (q.country)
    where.push(`(upper(b.country_iso_code) = upper(${p(q.country)}) OR lower(b.country) = lower(${p(q.country)}))`);
  if (q.state) where.push(`upper(b.state) = upper(${p(q.state)})`);
  if (q.denomination) where.push(`lower(b.denomination) = lower(${p(q.denomination)})`);
  if (q.vacantPulpit !== undefined) where.push(`b.vacant_pulpit = ${p(q.vacantPulpit)}`);
  if (q.category) where.push(`b.categories & ${CATEGORY_BITS[q.category]} <> 0`);
  if (q.letter) {
    where.push(q.letter === '#' ? `b.sort_key !~ '^[a-z]'` : `left(b.sort_key, 1) = ${p(q.letter.toLowerCase())}`);
  }
  if (q.group) where.push(`lower(b.group_name) = lower(${p(q.group)})`);
  if (q.featured) where.push('b.featured');
  if (q.podcast)
    where.push('EXISTS (SELECT 1 FROM series se WHERE se.broadcaster_id = b.broadcaster_id AND se.podcast_enabled)');
  return pagedRows<BroadcasterRow>(db, {
    select: 'b.*',
    from: `FROM broadcaster b WHERE ${where.join(' AND ')}`,
    params,
    order: ORDERS[q.sortBy],
    page: q.page,
    pageSize: q.pageSize,
    cursor: q.cursor,
    ...options,
  });
}

/** A broadcaster with its primary speakers' names and ids, in the same order. */
export type BroadcasterDetailRow = BroadcasterRow & { primary_speakers: string[]; primary_speaker_ids: number[] };

export async function broadcasterById(db: Db, id: string): Promise<BroadcasterDetailRow | undefined> {
  const [row] = await db.query<BroadcasterDetailRow>(
    `SELECT b.*, ps.names AS primary_speakers, ps.ids AS primary_speaker_ids
       FROM broadcaster b,
            LATERAL (SELECT coalesce(array_agg(sp.display_name ORDER BY sp.sort_name, sp.speaker_id), '{}') AS names,
                            coalesce(array_agg(sp.speaker_id ORDER BY sp.sort_name, sp.speaker_id), '{}') AS ids
                       FROM broadcaster_primary_speaker p JOIN speaker sp USING (speaker_id)
                      WHERE p.broadcaster_id = b.broadcaster_id) ps
      WHERE b.broadcaster_id = $1`,
    [id.toLowerCase()],
  );
  return row;
}

/**
 * Sermon counts per speaker at one broadcaster (published sermons). The placeholders 'Various
 * Speakers' and 'Unknown Speaker' are never listed (spec §3).
 */
export function speakerSermonCounts(
  db: Db,
  broadcasterId: string,
): Promise<(SpeakerRow & { broadcaster_sermon_count: number })[]> {
  return db.query<SpeakerRow & { broadcaster_sermon_count: number }>(
    `SELECT sp.*, c.n AS broadcaster_sermon_count
       FROM (SELECT speaker_id, count(*)::int n FROM sermon
              WHERE broadcaster_id = $1 AND publish_timestamp IS NOT NULL AND publish_timestamp <= now()
              GROUP BY speaker_id) c
       JOIN speaker sp USING (speaker_id)
      WHERE NOT sp.placeholder
      ORDER BY c.n DESC, sp.sort_name`,
    [broadcasterId],
  );
}
