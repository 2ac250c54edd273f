import { stat, unlink } from 'node:fs/promises';
import { NotMediaError, probe } from '@kerygma/ffmpeg/probe';
import { type Actor, requireRole } from '../../accounts/guards.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, notFound } from '../../errors.ts';
import { API_BASE } from '../../http/api-base.ts';
import type { MediaStore } from '../../storage/store.ts';
import { uploadContinued, uploadFailed, uploadReceived } from '../media-state.ts';
import { queueEncode } from '../pipeline/encoding.ts';
import {
  type Attachment,
  checkAttachment,
  describeAttachment,
  isAttachment,
  originalExtension,
  saveAttachment,
  writeAttachmentFiles,
} from './attachments.ts';
import {
  insertUpload,
  latestTwoStepUpload,
  sermonBroadcaster,
  type UploadRow,
  type UploadType,
  uploadByGuid,
} from './uploads.queries.ts';

/** Where upload bytes go, below the API base: `${API_BASE}/uploads/{guid}`. */
export const UPLOADS_PATH = '/uploads';

export type StartUpload = {
  sermonId: string;
  uploadType: UploadType;
  languageCode: string | null;
  filename: string | null;
  twoStep: boolean;
};

/** `POST media`: a new upload slot for one of the broadcaster's sermons (its key, or its Uploader). */
export async function startUpload(db: Db, actor: Actor, input: StartUpload, origin: string) {
  const owner = await sermonBroadcaster(db, input.sermonId);
  if (!owner) throw notFound('error.sermonNotFound');
  requireRole(actor, owner, 'uploader');
  const upload = await insertUpload(db, input);
  return {
    uploadURL: `${origin}${API_BASE}${UPLOADS_PATH}/${upload.guid}`,
    guid: upload.guid,
    mediaType: upload.upload_type,
  };
}

/** An upload slot that may still receive bytes (for the tus and plain upload handlers). */
export async function openUpload(db: Db, guid: string): Promise<UploadRow> {
  const upload = await uploadByGuid(db, guid);
  if (!upload) throw notFound('error.uploadNotFound');
  if (upload.state !== 'created')
    throw new ApiError(409, 'conflict', { error: { key: 'error.uploadAlreadyReceived' } });
  return upload;
}

/** What a content check found: the tracker's description, and an audio or video original's length. */
type Checked = { detail: string; durationSeconds: number | null; attachment: Attachment | null };

/** Checks an upload by its content, never its name (ffprobe for audio and video); throws NotMediaError. */
async function checkContent(file: string, type: UploadType): Promise<Checked> {
  if (isAttachment(type)) {
    const attachment = await checkAttachment(file, type);
    return { detail: describeAttachment(attachment), durationSeconds: null, attachment };
  }
  const info = await probe(file);
  if (type === 'original-audio' && !info.hasAudio) throw new NotMediaError(file, 'it has no audio');
  if (type === 'original-video' && !info.hasVideo) throw new NotMediaError(file, 'it has no video');
  const detail = [
    `${info.durationSeconds.toFixed(1)} s`,
    info.audioCodec,
    info.videoCodec,
    info.width && info.height ? `${info.width}x${info.height}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return { detail, durationSeconds: info.durationSeconds, attachment: null };
}

/**
 * A complete upload: checks the content, keeps the original in the media store (also when the
 * check fails, so nothing is lost), and records what happened for the media tracker.
 */
export async function finishUpload(db: Db, media: MediaStore, guid: string, file: string): Promise<UploadRow> {
  const upload = await openUpload(db, guid);
  const { size } = await stat(file);
  const key = `${upload.sermon_id}/original/${guid}${originalExtension(upload.upload_type, upload.filename)}`;
  let checked: Checked | NotMediaError;
  try {
    checked = await checkContent(file, upload.upload_type); // while still a local file
  } catch (error) {
    if (!(error instanceof NotMediaError)) throw error;
    checked = error;
  }
  await media.moveIn(key, file);

  if (checked instanceof NotMediaError) {
    const message = `${upload.filename ?? 'The file'}: ${checked.reason}`;
    await db.transaction((tx) =>
      uploadFailed(tx, { sermonId: upload.sermon_id, guid }, { sizeBytes: size, storageKey: key, error: message }),
    );
    return (await uploadByGuid(db, guid)) as UploadRow;
  }

  const { attachment, detail, durationSeconds } = checked;
  const language = attachment ? await writeAttachmentFiles(db, media, upload, attachment) : null;
  await db.transaction(async (tx) => {
    await uploadReceived(
      tx,
      { sermonId: upload.sermon_id, guid, twoStep: upload.two_step, attachment: attachment !== null },
      { sizeBytes: size, storageKey: key, durationSeconds, detail },
    );
    if (attachment) await saveAttachment(tx, upload, attachment, { storageKey: key, sizeBytes: size }, language);
    else if (!upload.two_step) await queueEncode(tx, upload);
  });
  return (await uploadByGuid(db, guid)) as UploadRow;
}

/** `PUT media/{guid}/continue`: a two-step upload goes on once its settings are made. */
export async function continueUpload(db: Db, actor: Actor, guid: string | undefined, sermonId?: string) {
  const upload = guid ? await uploadByGuid(db, guid) : sermonId ? await latestTwoStepUpload(db, sermonId) : undefined;
  if (upload?.state !== 'received' || !upload.two_step) throw notFound('error.uploadNotFound');
  requireRole(actor, (await sermonBroadcaster(db, upload.sermon_id)) ?? '', 'uploader');
  await db.transaction(async (tx) => {
    await uploadContinued(tx, { sermonId: upload.sermon_id, guid: upload.guid });
    await queueEncode(tx, upload);
  });
  return { guid: upload.guid, state: 'continued' };
}

/** Removes a half-written temporary file (an aborted plain upload). */
export async function discard(file: string): Promise<void> {
  await unlink(file).catch(() => {});
}
