import type { FeedOwner, PodcastTxt, Podroll } from '@kerygma/domain/feeds';
import { PUBLISHED } from '../catalogue/counts.ts';
import { type KeyColumn, keysetCondition } from '../catalogue/keyset.ts';
import type { MediaItemRow, SermonRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';

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

/** The columns of a sermon a feed writes (fewer than a list reads: a page has 300). */
const FEED_COLUMNS = `s.sermon_id, s.broadcaster_id, s.speaker_id, s.series_id, s.full_title, s.subtitle, s.more_info_text,
  s.bible_text, s.event_type, s.keywords, s.preach_date, s.publish_timestamp, s.updated_at, s.has_audio,
  s.audio_duration_seconds, s.video_duration_seconds, s.feed_guid, s.chapters_url`;

/** A feed's item: the sermon's columns it writes and what it keeps from an import. */
export type FeedItemRow = Pick<
  SermonRow,
  | 'sermon_id'
  | 'broadcaster_id'
  | 'speaker_id'
  | 'series_id'
  | 'full_title'
  | 'subtitle'
  | 'more_info_text'
  | 'bible_text'
  | 'event_type'
  | 'keywords'
  | 'preach_date'
  | 'publish_timestamp'
  | 'updated_at'
  | 'has_audio'
  | 'audio_duration_seconds'
  | 'video_duration_seconds'
> & { feed_guid: string | null; chapters_url: string | null };

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

/** A feed's file: the media columns a feed writes, of the types it offers. */
export type FeedMediaRow = Pick<
  MediaItemRow,
  | 'sermon_id'
  | 'media_type'
  | 'quality'
  | 'language_code'
  | 'storage_key'
  | 'external_url'
  | 'adaptive'
  | 'file_size_bytes'
  | 'bitrate'
>;

/**
 * One page of a feed's items: published sermons with audio or video, newest first, after the
 * keyset `after` (the last item of the page before), with their rows, and their files (the
 * same page found again in a second statement, sent at once on another connection, instead of
 * waiting for the first's ids). Each owner's (…, preach_date DESC, sermon_id DESC) index answers
 * the page in order, so it costs its own rows at any depth.
 */
export async function feedPage(
  db: Db,
  owner: FeedOwner,
  ownerId: string | number,
  limit: number,
  after: readonly string[] | undefined,
): Promise<{ rows: FeedItemRow[]; media: FeedMediaRow[] }> {
  const params: unknown[] = [ownerId];
  const keyset = after ? `AND ${keysetCondition(FEED_ORDER, after, params)}` : '';
  params.push(limit);
  const page = `FROM sermon s
      WHERE ${OWNER_COLUMN[owner]} = $1 AND ${PUBLISHED} AND (has_audio OR has_video) ${keyset}
      ORDER BY preach_date DESC, sermon_id DESC LIMIT $${params.length}`;
  const [rows, media] = await Promise.all([
    db.query<FeedItemRow>(`SELECT ${FEED_COLUMNS} ${page}`, params, { prepare: true }),
    db.query<FeedMediaRow>(
      `SELECT sermon_id, media_type, quality, language_code, storage_key, external_url, adaptive, file_size_bytes, bitrate
         FROM media_item WHERE sermon_id IN (SELECT s.sermon_id ${page})
          AND media_type IN ('mp3', 'aac', 'mp4', 'caption') ORDER BY media_id`,
      params,
      { prepare: true },
    ),
  ]);
  return { rows, media };
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
