import type { Db } from '../db/db.ts';
import {
  insertSermonEvent,
  insertUploadEvent,
  type MediaEventRow,
  mediaEvents,
  type UploadStateChange,
  updateAttachmentFlag,
  updateAudioReady,
  updateMediaRemoved,
  updateUploadState,
  updateVideoReady,
} from './media-state.queries.ts';
import type { UploadState, UploadType } from './uploads/uploads.queries.ts';

/**
 * Media state (spec §4 media pipeline and tracker): the only module that changes an upload's
 * state, writes the media tracker or marks a sermon's audio and video ready or gone. An
 * upload moves only along UPLOAD_TRANSITIONS, and each tracker stage is written only for an
 * upload in the state STAGES names; anything else throws IllegalMediaTransition and writes
 * nothing (the check is part of the writing statement, so concurrent writers cannot slip past it).
 */

/** Where an upload may go from each state: its bytes arrive (or fail their check), then a two-step upload continues. */
export const UPLOAD_TRANSITIONS: Readonly<Record<UploadState, readonly UploadState[]>> = {
  created: ['received', 'failed'],
  received: ['continued'],
  continued: [],
  failed: [],
};

/** The stages written when an upload changes state (only through the functions below). */
type UploadStage =
  | 'upload-received'
  | 'two-step-received'
  | 'original-analyzed'
  | 'upload-failed'
  | 'two-step-continued';
/** The stages of encoding an audio or video original, written while it is encodable. */
export type PipelineStage =
  | 'encode-requested'
  | 'encoding'
  | 'thumbnail'
  | 'waveform'
  | 'encoding-syncing'
  | 'encoding-retry'
  | 'pipeline-failed'
  | 'audio-extracted'
  | 'encoded-audio'
  | 'encoded-video'
  | 'media-linked'
  | 'media-unlinked';
/** A stage about the sermon's media as a whole. */
type SermonStage = 'media-deleted';
export type MediaStage = UploadStage | PipelineStage | SermonStage;

/**
 * Every stage: its tracker label (spec §4 tracker stages; null where §4 names none) and whether
 * it is a failure.
 */
export const STAGES: Readonly<Record<MediaStage, { label: string | null; failed: boolean }>> = {
  'upload-received': { label: 'upload received', failed: false },
  'two-step-received': { label: 'waiting for advanced settings', failed: false },
  'original-analyzed': { label: null, failed: false },
  'upload-failed': { label: 'upload failed', failed: true },
  'two-step-continued': { label: 'upload received', failed: false },
  'encode-requested': { label: null, failed: false },
  encoding: { label: 'encoding', failed: false },
  thumbnail: { label: 'thumbnail', failed: false },
  waveform: { label: 'waveform', failed: false },
  'encoding-syncing': { label: 'encoding syncing', failed: false },
  'encoding-retry': { label: 'delayed', failed: false },
  'pipeline-failed': { label: 'encoding error', failed: true },
  'audio-extracted': { label: 'extracting audio from video', failed: false },
  'encoded-audio': { label: null, failed: false },
  'encoded-video': { label: null, failed: false },
  'media-linked': { label: null, failed: false },
  'media-unlinked': { label: null, failed: false },
  'media-deleted': { label: null, failed: false },
};

const ORIGINALS: readonly UploadType[] = ['original-audio', 'original-video'];
const ALL_TYPES: readonly UploadType[] = [...ORIGINALS, 'caption', 'pdf', 'text'];

export class IllegalMediaTransition extends Error {
  constructor(what: string) {
    super(`illegal media state change: ${what}`);
  }
}

/** Moves upload `guid` to `to` along UPLOAD_TRANSITIONS, or throws. */
async function moveUpload(tx: Db, guid: string, to: UploadState, change?: UploadStateChange) {
  const from = (Object.keys(UPLOAD_TRANSITIONS) as UploadState[]).filter((s) => UPLOAD_TRANSITIONS[s].includes(to));
  if (!(await updateUploadState(tx, guid, from, to, change))) {
    throw new IllegalMediaTransition(`upload ${guid} to '${to}' (only from ${from.join(', ') || 'nowhere'})`);
  }
}

type Upload = { sermonId: string; guid: string };

async function uploadEvent(
  tx: Db,
  u: Upload,
  stage: MediaStage,
  detail: string | null,
  when: { types: readonly UploadType[]; states: readonly UploadState[]; encodable: boolean },
) {
  const written = await insertUploadEvent(tx, { ...u, stage, failed: STAGES[stage].failed, detail }, when);
  if (!written) throw new IllegalMediaTransition(`'${stage}' for upload ${u.guid}, which is not in a state for it`);
}

/**
 * An upload's bytes arrived and passed the content check: it is received (a two-step one then
 * waits for its settings), with `detail` saying what the check found. Call in a transaction.
 */
export async function uploadReceived(
  tx: Db,
  u: Upload & { twoStep: boolean; attachment: boolean },
  received: { sizeBytes: number; storageKey: string; durationSeconds: number | null; detail: string },
) {
  const { detail, ...change } = received;
  await moveUpload(tx, u.guid, 'received', change);
  const when = { types: ALL_TYPES, states: ['received'] as const, encodable: false };
  await uploadEvent(tx, u, u.twoStep && !u.attachment ? 'two-step-received' : 'upload-received', null, when);
  await uploadEvent(tx, u, 'original-analyzed', detail, when);
}

/** An upload's bytes arrived but are not what it claims (`error` says why). Call in a transaction. */
export async function uploadFailed(
  tx: Db,
  u: Upload,
  failed: { sizeBytes: number; storageKey: string; error: string },
) {
  await moveUpload(tx, u.guid, 'failed', failed);
  await uploadEvent(tx, u, 'upload-failed', failed.error, { types: ALL_TYPES, states: ['failed'], encodable: false });
}

/** A two-step upload's settings are made: it may be encoded. Call in a transaction. */
export async function uploadContinued(tx: Db, u: Upload) {
  await moveUpload(tx, u.guid, 'continued');
  await uploadEvent(tx, u, 'two-step-continued', null, { types: ALL_TYPES, states: ['continued'], encodable: false });
}

/**
 * A stage of encoding an audio or video original; refused unless the upload is one the pipeline
 * may encode (received and not waiting for two-step settings, or continued).
 */
export async function recordPipelineStage(tx: Db, u: Upload, stage: PipelineStage, detail: string | null = null) {
  await uploadEvent(tx, u, stage, detail, { types: ORIGINALS, states: [], encodable: true });
}

/** The sermon's media of `target` were deleted. Call in the transaction that deleted them. */
export async function mediaDeleted(
  tx: Db,
  sermonId: string,
  removed: { audio: boolean; video: boolean; detail: string },
): Promise<void> {
  await updateMediaRemoved(tx, sermonId, removed);
  await insertSermonEvent(tx, { sermonId, stage: 'media-deleted', failed: false, detail: removed.detail });
}

/** The sermon's audio renditions are saved: it plays (without a waveform until the renditions have one). */
export async function audioReady(
  tx: Db,
  sermonId: string,
  audio: { durationSeconds: number; waveformKey: string | null },
) {
  await updateAudioReady(tx, sermonId, Math.round(audio.durationSeconds), audio.waveformKey);
}

/** The sermon's video renditions are saved: it plays. */
export async function videoReady(tx: Db, sermonId: string, video: { durationSeconds: number; thumbnailKey: string }) {
  await updateVideoReady(tx, sermonId, Math.round(video.durationSeconds), video.thumbnailKey);
}

/** A caption (showCC) or PDF (hasPDF) of the sermon is saved. */
export async function attachmentSaved(tx: Db, sermonId: string, kind: 'caption' | 'pdf') {
  await updateAttachmentFlag(tx, sermonId, kind === 'caption' ? 'show_cc' : 'has_pdf');
}

export type TrackerEvent = {
  state: string;
  stage: string | null;
  failed: boolean;
  detail: string | null;
  guid: string | null;
  timestamp: number;
};

const isStage = (stage: string): stage is MediaStage => Object.hasOwn(STAGES, stage);

/** The sermon's tracker events in order, each with its §4 label. */
export async function trackerEvents(db: Db, sermonId: string): Promise<TrackerEvent[]> {
  return (await mediaEvents(db, sermonId)).map((e: MediaEventRow) => ({
    state: e.stage,
    stage: isStage(e.stage) ? STAGES[e.stage].label : null,
    failed: e.failed,
    detail: e.detail,
    guid: e.upload_guid,
    timestamp: Math.floor(e.created_at.getTime() / 1000),
  }));
}
