import type { Db } from '../../db/db.ts';

export type UploadType = 'original-audio' | 'original-video' | 'caption' | 'pdf' | 'text';
export type UploadRow = {
  guid: string;
  sermon_id: string;
  upload_type: UploadType;
  language_code: string | null;
  filename: string | null;
  two_step: boolean;
  state: 'created' | 'received' | 'continued' | 'failed';
  size_bytes: number | null;
  storage_key: string | null;
  /** An audio or video original's length, from the content check. */
  duration_seconds: number | null;
  error: string | null;
};

export async function insertUpload(
  db: Db,
  u: {
    sermonId: string;
    uploadType: UploadType;
    languageCode: string | null;
    filename: string | null;
    twoStep: boolean;
  },
): Promise<UploadRow> {
  const [row] = await db.query<UploadRow>(
    `INSERT INTO media_upload (sermon_id, upload_type, language_code, filename, two_step)
     VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [u.sermonId, u.uploadType, u.languageCode, u.filename, u.twoStep],
  );
  return row as UploadRow;
}

export async function uploadByGuid(db: Db, guid: string): Promise<UploadRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(guid)) return undefined;
  const [row] = await db.query<UploadRow>('SELECT * FROM media_upload WHERE guid = $1', [guid]);
  return row;
}

export async function latestTwoStepUpload(db: Db, sermonId: string): Promise<UploadRow | undefined> {
  const [row] = await db.query<UploadRow>(
    `SELECT * FROM media_upload WHERE sermon_id = $1 AND two_step AND state = 'received'
      ORDER BY created_at DESC LIMIT 1`,
    [sermonId],
  );
  return row;
}

export async function setUploadState(
  db: Db,
  guid: string,
  change: {
    state: UploadRow['state'];
    sizeBytes?: number;
    storageKey?: string;
    error?: string;
    durationSeconds?: number | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE media_upload SET state = $2, size_bytes = coalesce($3, size_bytes), storage_key = coalesce($4, storage_key),
            error = $5, duration_seconds = coalesce($6, duration_seconds), updated_at = now() WHERE guid = $1`,
    [
      guid,
      change.state,
      change.sizeBytes ?? null,
      change.storageKey ?? null,
      change.error ?? null,
      change.durationSeconds ?? null,
    ],
  );
}

export async function addMediaEvent(
  db: Db,
  e: { sermonId: string; guid: string | null; stage: string; failed?: boolean; detail?: string },
): Promise<void> {
  await db.query(
    'INSERT INTO media_event (sermon_id, upload_guid, stage, failed, detail) VALUES ($1, $2, $3, $4, $5)',
    [e.sermonId, e.guid, e.stage, e.failed ?? false, e.detail ?? null],
  );
}

export function mediaEvents(db: Db, sermonId: string) {
  return db.query<{
    stage: string;
    failed: boolean;
    detail: string | null;
    upload_guid: string | null;
    created_at: Date;
  }>('SELECT stage, failed, detail, upload_guid, created_at FROM media_event WHERE sermon_id = $1 ORDER BY event_id', [
    sermonId,
  ]);
}
