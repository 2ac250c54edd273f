import type { FeedOwner, PodcastTxt, Podroll } from '@kerygma/domain/feeds';
import { PUBLISHED } from '../catalogue/counts.ts';
import { type KeyColumn, keysetCondition } from '../catalogue/keyset.ts';
import type { SermonRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';
import { SERMON_COLUMNS } from '../sermons/sermons.queries.ts';

/** What a feed's channel says of its broadcaster beyond the catalogue's row. */
export type FeedBroadcasterRow = {
  broadcaster_id: string;
  contact_email: string | null;
  donation_options: { label: string; url: string }[];
  podroll: Podroll;
  podcast_txt: PodcastTxt;
  podcast_locked: boolean;
  updated_at: Date;
};

export function feedBroadcaster(db: Db, broadcasterId: string): Promise<FeedBroadcasterRow | undefined> {
  return db
    .query<FeedBroadcasterRow>(
      `SELECT broadcaster_id, contact_email, donation_options, podroll, podcast_txt, podcast_locked, updated_at
         FROM broadcaster WHERE broadcaster_id = $1 AND NOT disabled`,
      [broadcasterId.toLowerCase()],
      { prepare: true },
    )
    .then((rows) => rows[0]);
}

/** A feed's item: the sermon's row and what it keeps from an import. */
export type FeedItemRow = SermonRow & { feed_guid: string | null; chapters_url: string | null };

/** Newest first; the sermon ID breaks ties, as in the catalogue's lists and their indexes. */
export const FEED_ORDER: readonly KeyColumn[] = [
  { expr: 'preach_date', type: 'date', dir: 'DESC' },
  { expr: 'sermon_id', type: 'text', dir: 'DESC' },
];

const OWNER_COLUMN: Record<FeedOwner, string> = {
  broadcaster: 'broadcaster_id',
  speaker: 'speaker_id',
  series: 'series_id',
};

/**
 * One page of a feed's items: published sermons with audio or video, newest first, after the
 * keyset `after` (the last item of the page before), their rows read in the same walk. Each owner's (…, preach_date DESC,
 * sermon_id DESC) index answers it in order, so the page costs its own rows at any depth.
 */
export function feedItems(
  db: Db,
  owner: FeedOwner,
  ownerId: string | number,
  limit: number,
  after: readonly string[] | undefined,
): Promise<FeedItemRow[]> {
  const params: unknown[] = [ownerId];
  const keyset = after ? `AND ${keysetCondition(FEED_ORDER, after, params)}` : '';
  params.push(limit);
  return db.query<FeedItemRow>(
    `SELECT ${SERMON_COLUMNS}, s.feed_guid, s.chapters_url FROM sermon s
      WHERE ${OWNER_COLUMN[owner]} = $1 AND ${PUBLISHED} AND (has_audio OR has_video) ${keyset}
      ORDER BY preach_date DESC, sermon_id DESC LIMIT $${params.length}`,
    params,
    { prepare: true },
  );
}

/**
 * Each sermon's episode number in its series: its place among the series' published sermons,
 * oldest first (a series holds hundreds at most, so counting them is cheap).
 */
export async function episodeNumbers(db: Db, seriesId: number, sermonIds: readonly string[]) {
  const rows = await db.query<{ sermon_id: string; n: number }>(
    `SELECT sermon_id, n FROM (
       SELECT sermon_id, row_number() OVER (ORDER BY preach_date, sermon_id)::int AS n
         FROM sermon WHERE series_id = $1 AND ${PUBLISHED} AND (has_audio OR has_video)) numbered
      WHERE sermon_id = ANY($2::text[])`,
    [seriesId, sermonIds],
    { prepare: true },
  );
  return new Map(rows.map((r) => [r.sermon_id, r.n]));
}
