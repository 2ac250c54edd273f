import type { Db } from '../db/db.ts';
import type { UploadState, UploadType } from './uploads/uploads.queries.ts';

/**
 * The SQL of media state (media-state.ts is the only caller): upload states, tracker events and
 * the sermon's media fields. Each guarded write is one statement, so its check and its change
 * cannot be separated by another writer.
 */

export type UploadStateChange = {
  sizeBytes?: number;
  storageKey?: string;
  error?: string;
  durationSeconds?: number | null;
};

/** Moves an upload to `to` when it is in one of `from`; false when it is not (or is gone). */
export async function updateUploadState(
  db: Db,
  guid: string,
  from: readonly UploadState[],
  to: UploadState,
  change: UploadStateChange = {},
): Promise<boolean> {
  const rows = await db.query<{ guid: string }>(
    `UPDATE media_upload SET state = $2, size_bytes = coalesce($3, size_bytes), storage_key = coalesce($4, storage_key),
            error = $5, duration_seconds = coalesce($6, duration_seconds), updated_at = now()
      WHERE guid = $1 AND state = ANY($7::text[]) RETURNING guid`,
    [
      guid,
      to,
      change.sizeBytes ?? null,
      change.storageKey ?? null,
      change.error ?? null,
      change.durationSeconds ?? null,
      from,
    ],
  );
  return rows.length > 0;
}

export type MediaEventInput = { sermonId: string; stage: string; failed: boolean; detail: string | null };

/** A tracker event about the sermon's media as a whole (no upload). */
export async function insertSermonEvent(db: Db, e: MediaEventInput): Promise<void> {
  await db.query('INSERT INTO media_event (sermon_id, stage, failed, detail) VALUES ($1, $2, $3, $4)', [
    e.sermonId,
    e.stage,
    e.failed,
    e.detail,
  ]);
}

/**
 * A tracker event of upload `guid`, written only while the upload is of one of `types` and is
 * received and not waiting for its two-step settings, or continued (`encodable`), or in one of
 * `states`; false when it is not, and nothing is written.
 */
export async function insertUploadEvent(
  db: Db,
  e: MediaEventInput & { guid: string },
  when: { types: readonly UploadType[]; states: readonly UploadState[]; encodable: boolean },
): Promise<boolean> {
  const rows = await db.query<{ event_id: number }>(
    `INSERT INTO media_event (sermon_id, upload_guid, stage, failed, detail)
     SELECT sermon_id, guid, $3, $4, $5 FROM media_upload
      WHERE guid = $1 AND sermon_id = $2 AND upload_type = ANY($6::text[])
        AND (state = ANY($7::text[]) OR ($8 AND (state = 'continued' OR (state = 'received' AND NOT two_step))))
     RETURNING event_id`,
    [e.guid, e.sermonId, e.stage, e.failed, e.detail, when.types, when.states, when.encodable],
  );
  return rows.length > 0;
}

export type MediaEventRow = {
  stage: string;
  failed: boolean;
  detail: string | null;
  upload_guid: string | null;
  created_at: Date;
};

export function mediaEvents(db: Db, sermonId: string): Promise<MediaEventRow[]> {
  return db.query<MediaEventRow>(
    'SELECT stage, failed, detail, upload_guid, created_at FROM media_event WHERE sermon_id = $1 ORDER BY event_id',
    [sermonId],
  );
}

/** The sermon's audio is playable: its length and waveform. */
export async function updateAudioReady(db: Db, sermonId: string, durationSeconds: number, waveformKey: string | null) {
  await db.query(
    `UPDATE sermon SET has_audio = true, audio_duration_seconds = $2, audio_media_status = 'ready',
            waveform_storage_key = $3, updated_at = now() WHERE sermon_id = $1`,
    [sermonId, durationSeconds, waveformKey],
  );
}

/** The sermon's video is playable: its length and thumbnail. */
export async function updateVideoReady(db: Db, sermonId: string, durationSeconds: number, thumbnailKey: string) {
  await db.query(
    `UPDATE sermon SET has_video = true, video_duration_seconds = $2, video_media_status = 'ready',
            video_thumbnail_storage_key = $3, updated_at = now() WHERE sermon_id = $1`,
    [sermonId, durationSeconds, thumbnailKey],
  );
}

/**
 * After media items were deleted: clears the audio and/or video fields, and sets showCC and
 * hasPDF from the items that remain.
 */
export async function updateMediaRemoved(db: Db, sermonId: string, removed: { audio: boolean; video: boolean }) {
  await db.query(
    `UPDATE sermon SET
       has_audio = has_audio AND NOT $2, audio_duration_seconds = CASE WHEN $2 THEN 0 ELSE audio_duration_seconds END,
       audio_media_status = CASE WHEN $2 THEN NULL ELSE audio_media_status END,
       waveform_storage_key = CASE WHEN $2 THEN NULL ELSE waveform_storage_key END,
       has_video = has_video AND NOT $3, video_duration_seconds = CASE WHEN $3 THEN 0 ELSE video_duration_seconds END,
       video_media_status = CASE WHEN $3 THEN NULL ELSE video_media_status END,
       video_thumbnail_storage_key = CASE WHEN $3 THEN NULL ELSE video_thumbnail_storage_key END,
       show_cc = EXISTS (SELECT 1 FROM media_item WHERE sermon_id = $1 AND media_type = 'caption'),
       has_pdf = EXISTS (SELECT 1 FROM media_item WHERE sermon_id = $1 AND media_type = 'pdf'),
       updated_at = now()
     WHERE sermon_id = $1`,
    [sermonId, removed.audio, removed.video],
  );
}

/** The sermon has captions (showCC) or a PDF (hasPDF). */
export async function updateAttachmentFlag(db: Db, sermonId: string, flag: 'show_cc' | 'has_pdf') {
  const column = flag === 'show_cc' ? 'show_cc' : 'has_pdf';
  await db.query(`UPDATE sermon SET ${column} = true, updated_at = now() WHERE sermon_id = $1`, [sermonId]);
}
