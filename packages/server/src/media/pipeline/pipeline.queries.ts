import type { Db } from '../../db/db.ts';
import type { UploadRow, UploadType } from '../uploads/uploads.queries.ts';

/** The SQL of encodes and of the calls on an uploaded sermon's media (media.jobs.ts, sermon-media.service.ts). */

/** What an encode reads from its sermon: encoding options and the tags written into the files. */
export type EncodeSermonRow = {
  broadcaster_id: string;
  speaker_id: number;
  series_id: number | null;
  trim: number | null;
  thumb: number | null;
  title: string;
  speaker: string;
};

export async function encodeSermon(db: Db, sermonId: string): Promise<EncodeSermonRow | undefined> {
  const [row] = await db.query<EncodeSermonRow>(
    `SELECT s.broadcaster_id, s.speaker_id, s.series_id, s.video_trim_start AS trim, s.video_thumb_position AS thumb, s.full_title AS title, sp.display_name AS speaker
       FROM sermon s JOIN speaker sp USING (speaker_id) WHERE s.sermon_id = $1`,
    [sermonId],
  );
  return row;
}

/** Whether the sermon has an MP3 to play already (from an earlier upload, or a playable copy). */
export async function sermonPlaysAudio(db: Db, sermonId: string): Promise<boolean> {
  const rows = await db.query<{ plays: number }>(
    `SELECT 1 AS plays FROM media_item WHERE sermon_id = $1 AND media_type = 'mp3' LIMIT 1`,
    [sermonId],
  );
  return rows.length > 0;
}

/** Locks an upload's row for the transaction; false when it was deleted. */
export async function lockUpload(tx: Db, guid: string): Promise<boolean> {
  const rows = await tx.query<{ guid: string }>('SELECT guid FROM media_upload WHERE guid = $1 FOR UPDATE', [guid]);
  return rows.length > 0;
}

/** Whether the sermon's MP3s come from an audio upload of its own (not a video's soundtrack). */
export async function hasOwnAudio(tx: Db, sermonId: string): Promise<boolean> {
  const rows = await tx.query<{ own: number }>(
    `SELECT 1 AS own FROM media_item m JOIN media_upload u ON u.guid = m.upload_guid
      WHERE m.sermon_id = $1 AND m.media_type = 'mp3' AND u.upload_type = 'original-audio' LIMIT 1`,
    [sermonId],
  );
  return rows.length > 0;
}

export type MediaSermonRow = {
  broadcaster_id: string;
  video_trim_start: number | null;
  video_thumb_position: number | null;
};

/** The sermon's owner and encoding options, locked for the transaction. */
export async function lockSermon(tx: Db, sermonId: string): Promise<MediaSermonRow | undefined> {
  const [row] = await tx.query<MediaSermonRow>(
    'SELECT broadcaster_id, video_trim_start, video_thumb_position FROM sermon WHERE sermon_id = $1 FOR UPDATE',
    [sermonId],
  );
  return row;
}

/**
 * The newest original of each of `types` that can be encoded: received (a two-step upload that
 * was never continued still waits for its settings) or continued.
 */
export function encodableOriginals(tx: Db, sermonId: string, types: readonly UploadType[]): Promise<UploadRow[]> {
  return tx.query<UploadRow>(
    `SELECT DISTINCT ON (upload_type) * FROM media_upload
      WHERE sermon_id = $1 AND upload_type = ANY($2::text[]) AND storage_key IS NOT NULL
        AND (state = 'continued' OR (state = 'received' AND NOT two_step))
      ORDER BY upload_type, created_at DESC`,
    [sermonId, types],
  );
}

export async function updateEncodingOptions(tx: Db, sermonId: string, trim: number | null, thumb: number | null) {
  await tx.query(
    'UPDATE sermon SET video_trim_start = $2, video_thumb_position = $3, updated_at = now() WHERE sermon_id = $1',
    [sermonId, trim, thumb],
  );
}

/**
 * Deletes the sermon's uploads of `types`; with a language, only those among `guids` or that
 * name that language.
 */
export function deleteUploads(
  tx: Db,
  sermonId: string,
  types: readonly UploadType[],
  language: string | null,
  guids: readonly string[],
) {
  return tx.query<{ guid: string; storage_key: string | null }>(
    `DELETE FROM media_upload WHERE sermon_id = $1 AND upload_type = ANY($2::text[])
       AND ($3::text IS NULL OR guid = ANY($4::uuid[]) OR lower(language_code) = $3)
     RETURNING guid, storage_key`,
    [sermonId, types, language, guids],
  );
}

/** The uploads the sermon's remaining media items were made from. */
export async function usedUploadGuids(tx: Db, sermonId: string): Promise<Set<string>> {
  const rows = await tx.query<{ upload_guid: string }>(
    'SELECT DISTINCT upload_guid::text AS upload_guid FROM media_item WHERE sermon_id = $1 AND upload_guid IS NOT NULL',
    [sermonId],
  );
  return new Set(rows.map((r) => r.upload_guid));
}
