import type { ImageKind } from '@kerygma/domain/images';
import type { Db } from '../db/db.ts';

/** A stored picture: its store folder and its source's file name there (a stock picture's SVG is drawn, not stored). */
export type ImageRow = { kind: ImageKind; owner_id: string; folder: string; source: 'source.jpg' | 'source.svg' };

const at = (ms: number) => new Date(ms).toISOString();

export async function imageOf(db: Db, kind: ImageKind, ownerId: string): Promise<ImageRow | undefined> {
  const rows = await db.query<ImageRow>(
    'SELECT kind, owner_id, folder, source FROM image WHERE kind = $1 AND owner_id = $2',
    [kind, ownerId],
    { prepare: true },
  );
  return rows[0];
}

/** Records the owner's picture; answers the folder of the one it replaced, if any. */
export async function replaceImage(db: Db, row: ImageRow, now: number): Promise<string | undefined> {
  const before = await db.query<{ folder: string }>(
    'SELECT folder FROM image WHERE kind = $1 AND owner_id = $2 FOR UPDATE',
    [row.kind, row.owner_id],
  );
  await db.query(
    `INSERT INTO image (kind, owner_id, folder, source, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (kind, owner_id) DO UPDATE SET folder = excluded.folder, source = excluded.source,
       updated_at = excluded.updated_at`,
    [row.kind, row.owner_id, row.folder, row.source, at(now)],
  );
  const old = before[0]?.folder;
  return old === row.folder ? undefined : old;
}

/** Removes the owner's picture row; answers its folder, if there was one. */
export async function deleteImage(db: Db, kind: ImageKind, ownerId: string): Promise<string | undefined> {
  const rows = await db.query<{ folder: string }>(
    'DELETE FROM image WHERE kind = $1 AND owner_id = $2 RETURNING folder',
    [kind, ownerId],
  );
  return rows[0]?.folder;
}

/**
 * The catalogue column that names a broadcaster's, speaker's or series' picture (its resizable
 * URL path), so lists show it without a join; articles keep theirs only in `image`.
 */
const OWNER_COLUMN: Partial<Record<ImageKind, string>> = {
  broadcaster_profile: 'UPDATE broadcaster o SET image_url = v.path FROM v WHERE o.broadcaster_id = v.id',
  broadcaster_banner: 'UPDATE broadcaster o SET banner_image_url = v.path FROM v WHERE o.broadcaster_id = v.id',
  speaker_portrait: 'UPDATE speaker o SET portrait_url = v.path FROM v WHERE o.speaker_id = v.id::bigint',
  series_artwork: 'UPDATE series o SET image_url = v.path, updated_at = now() FROM v WHERE o.series_id = v.id::bigint',
};

/** Sets (or with null clears) the owners' picture columns: `paths[i]` for `ownerIds[i]`. */
export async function setOwnerImages(
  db: Db,
  kind: ImageKind,
  ownerIds: readonly string[],
  paths: readonly (string | null)[],
): Promise<void> {
  const sql = OWNER_COLUMN[kind];
  if (sql && ownerIds.length)
    await db.query(`WITH v AS (SELECT * FROM unnest($1::text[], $2::text[]) AS v(id, path)) ${sql}`, [ownerIds, paths]);
}

/** Records many owners' pictures at once (the demo data's), replacing any they had. */
export async function recordImages(db: Db, rows: readonly ImageRow[], now: number): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO image (kind, owner_id, folder, source, updated_at)
     SELECT kind, owner_id, folder, source, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       AS v(kind, owner_id, folder, source)
     ON CONFLICT (kind, owner_id) DO UPDATE SET folder = excluded.folder, source = excluded.source,
       updated_at = excluded.updated_at`,
    [
      rows.map((r) => r.kind),
      rows.map((r) => r.owner_id),
      rows.map((r) => r.folder),
      rows.map((r) => r.source),
      at(now),
    ],
  );
}

/** The broadcaster a speaker is locked to (null: shared by all), or undefined when there is no such speaker. */
export async function speakerBroadcaster(db: Db, speakerId: number): Promise<string | null | undefined> {
  const rows = await db.query<{ broadcaster_lock: string | null }>(
    'SELECT broadcaster_lock FROM speaker WHERE speaker_id = $1',
    [speakerId],
  );
  return rows[0] ? rows[0].broadcaster_lock : undefined;
}

export async function seriesBroadcaster(db: Db, seriesId: number): Promise<string | undefined> {
  const rows = await db.query<{ broadcaster_id: string }>('SELECT broadcaster_id FROM series WHERE series_id = $1', [
    seriesId,
  ]);
  return rows[0]?.broadcaster_id;
}

/** Whose pages show an article (its broadcaster's, its speaker's, its own): undefined when it is gone. */
export async function articleOwners(
  db: Db,
  articleId: number,
): Promise<{ broadcaster_id: string; speaker_id: number | null } | undefined> {
  const rows = await db.query<{ broadcaster_id: string; speaker_id: number | null }>(
    'SELECT broadcaster_id, speaker_id FROM article WHERE article_id = $1',
    [articleId],
  );
  return rows[0];
}

export async function broadcasterExists(db: Db, broadcasterId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM broadcaster WHERE broadcaster_id = lower($1)', [broadcasterId]);
  return rows.length > 0;
}

export async function insertUpload(
  db: Db,
  kind: ImageKind,
  ownerId: string,
  expiresAt: number,
  now: number,
): Promise<string> {
  // Ended slots go as new ones come.
  await db.query('DELETE FROM image_upload WHERE expires_at <= $1', [at(now)]);
  const rows = await db.query<{ guid: string }>(
    'INSERT INTO image_upload (kind, owner_id, expires_at) VALUES ($1, $2, $3) RETURNING guid::text AS guid',
    [kind, ownerId, at(expiresAt)],
  );
  return (rows[0] as { guid: string }).guid;
}

export type UploadSlot = { kind: ImageKind; owner_id: string };

/** A live upload slot, or undefined (unknown, used or expired). */
export async function liveUpload(db: Db, guid: string, now: number): Promise<UploadSlot | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(guid)) return undefined;
  const rows = await db.query<UploadSlot>(
    'SELECT kind, owner_id FROM image_upload WHERE guid = $1 AND expires_at > $2',
    [guid, at(now)],
  );
  return rows[0];
}

/** Uses a live upload slot once; false when it was used meanwhile. */
export async function takeUpload(db: Db, guid: string, now: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM image_upload WHERE guid = $1 AND expires_at > $2 RETURNING guid', [
    guid,
    at(now),
  ]);
  return rows.length > 0;
}
