import type { Db } from '../../db/db.ts';

export type UploadType = 'original-audio' | 'original-video' | 'caption' | 'pdf' | 'text';
/** Changed only through media-state.ts (its UPLOAD_TRANSITIONS). */
export type UploadState = 'created' | 'received' | 'continued' | 'failed';
export type UploadRow = {
  guid: string;
  sermon_id: string;
  upload_type: UploadType;
  language_code: string | null;
  filename: string | null;
  two_step: boolean;
  state: UploadState;
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

/** The broadcaster a sermon belongs to; undefined when there is no such sermon. */
export async function sermonBroadcaster(db: Db, sermonId: string): Promise<string | undefined> {
  const [row] = await db.query<{ broadcaster_id: string }>('SELECT broadcaster_id FROM sermon WHERE sermon_id = $1', [
    sermonId,
  ]);
  return row?.broadcaster_id;
}

/** The sermon's language (a caption upload without a language of its own takes it). */
export async function sermonLanguage(db: Db, sermonId: string): Promise<string | undefined> {
  const [row] = await db.query<{ language_code: string }>('SELECT language_code FROM sermon WHERE sermon_id = $1', [
    sermonId,
  ]);
  return row?.language_code;
}
