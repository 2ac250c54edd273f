import { type Actor, requireRole } from '../../accounts/guards.ts';
import type { Db } from '../../db/db.ts';
import { invalid, notFound } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { dropOrphanedTranscript } from '../../transcripts/transcripts.ts';
import { mediaDeleted, recordPipelineStage } from '../media-state.ts';
import type { UploadType } from '../uploads/uploads.queries.ts';
import { queueEncode } from './encoding.ts';
import { deleteMediaItems } from './media-items.queries.ts';
import { deleteUnusedRunFolders, runFolder } from './media-items.ts';
import {
  deleteUploads,
  encodableOriginals,
  lockSermon,
  updateEncodingOptions,
  usedUploadGuids,
} from './pipeline.queries.ts';

/**
 * What a broadcaster does with a sermon's media after uploading (spec §7 Sermons): encode again
 * from the kept originals, delete media, change the encoding options. Each change is one
 * transaction that also queues the jobs it implies.
 */

/**
 * The sermon, locked for the transaction, when the actor may upload for its broadcaster (its
 * key, its Uploader or Admin, a site admin); else 403 before anything is written.
 */
async function ownSermon(tx: Db, actor: Actor, sermonId: string) {
  const sermon = await lockSermon(tx, sermonId);
  if (!sermon) throw notFound('error.sermonNotFound');
  requireRole(actor, sermon.broadcaster_id, 'uploader');
  return sermon;
}

export type EncodeTarget = 'audio' | 'video' | 'all';
const ENCODE_TYPES: Record<EncodeTarget, UploadType[]> = {
  audio: ['original-audio'],
  video: ['original-video'],
  all: ['original-audio', 'original-video'],
};

/** `POST jobs/encode`: encodes the sermon's kept originals again (e.g. after new options). */
export async function reencode(db: Db, actor: Actor, sermonId: string, target: EncodeTarget) {
  return db.transaction(async (tx) => {
    await ownSermon(tx, actor, sermonId);
    const originals = await encodableOriginals(tx, sermonId, ENCODE_TYPES[target]);
    if (!originals.length) throw notFound('error.mediaNotFound'); // no original to encode from
    const jobs = [];
    for (const upload of originals) {
      const job = await queueEncode(tx, upload);
      if (job) jobs.push({ ...job, guid: upload.guid, uploadType: upload.upload_type });
      await recordPipelineStage(tx, { sermonId, guid: upload.guid }, 'encode-requested');
    }
    return { sermonID: sermonId, jobs };
  });
}

export type DeleteTarget = 'audio' | 'video' | 'caption' | 'pdf' | 'text' | 'all';

/** Media item kinds and upload types each delete target covers. */
const DELETE_SCOPE: Record<Exclude<DeleteTarget, 'all'>, { items: string[]; uploads: UploadType[] }> = {
  audio: { items: ['mp3', 'aac'], uploads: ['original-audio'] },
  video: { items: ['mp4', 'jpg'], uploads: ['original-video'] },
  caption: { items: ['caption'], uploads: ['caption'] },
  pdf: { items: ['pdf'], uploads: ['pdf'] },
  text: { items: ['doc'], uploads: ['text'] },
};

/**
 * `POST jobs/delete`: deletes the target's media items and the originals they came from (for
 * captions, only the given language's when one is given), updates the sermon's media fields,
 * and queues the deletion of the files once the rows are gone.
 */
export async function deleteMedia(
  db: Db,
  actor: Actor,
  input: { sermonId: string; target: DeleteTarget; language?: string },
) {
  const { sermonId, target } = input;
  const language = target === 'caption' ? (input.language?.toLowerCase() ?? null) : null;
  const scopes = target === 'all' ? Object.values(DELETE_SCOPE) : [DELETE_SCOPE[target]];
  const itemTypes = scopes.flatMap((s) => s.items);
  const uploadTypes = scopes.flatMap((s) => s.uploads);
  return db.transaction(async (tx) => {
    await ownSermon(tx, actor, sermonId);
    const items = await deleteMediaItems(tx, sermonId, itemTypes, language);
    // With a language, only the uploads whose captions were deleted (or that name that language).
    const uploads = await deleteUploads(
      tx,
      sermonId,
      uploadTypes,
      language,
      items.map((i) => i.upload_guid).filter((g): g is string => g !== null),
    );
    // Originals that are not also an item's file (documents are served from their original),
    // and the rendition folders of deleted uploads that no remaining item uses.
    const keys = new Set<string>();
    for (const u of uploads) if (u.storage_key) keys.add(u.storage_key);
    const used = await usedUploadGuids(tx, sermonId);
    for (const u of uploads) if (!used.has(u.guid)) keys.add(`${sermonId}/r/${u.guid}`);
    // Items of uploads kept elsewhere (a video's soundtrack after deleting the video's audio).
    await deleteUnusedRunFolders(
      tx,
      sermonId,
      items.map((i) => i.storage_key).filter((k) => k && runFolder(k)),
    );
    if (keys.size) await enqueue(tx, 'media.delete-files', { sermonId, keys: [...keys] });
    await dropOrphanedTranscript(tx, sermonId);
    await mediaDeleted(tx, sermonId, {
      audio: itemTypes.includes('mp3'),
      video: itemTypes.includes('mp4'),
      detail: language ? `${target} (${language})` : target,
    });
    return { sermonID: sermonId, target, language, deletedMediaItems: items.length, deletedUploads: uploads.length };
  });
}

export type EncodingOptions = { videoTrimStart?: number | null; videoThumbPosition?: number | null };

/**
 * `PATCH node/sermons/{id}/encoding_options`: sets where the video starts and where its
 * thumbnail is taken, and encodes the sermon's video again when they changed. A trim must leave
 * some of the video: it is checked against the kept original's length (found by its upload's check).
 */
export async function setEncodingOptions(db: Db, actor: Actor, sermonId: string, options: EncodingOptions) {
  return db.transaction(async (tx) => {
    const sermon = await ownSermon(tx, actor, sermonId);
    const [video] = await encodableOriginals(tx, sermonId, ['original-video']);
    const sourceSeconds = video?.duration_seconds ?? null;
    if (options.videoTrimStart && sourceSeconds !== null && options.videoTrimStart >= sourceSeconds - 1) {
      throw invalid({
        videoTrimStart: {
          key: 'error.invalidParameter',
          params: { name: 'videoTrimStart', detail: `must be less than ${Math.floor(sourceSeconds - 1)}` },
        },
      });
    }
    const next = {
      trim: options.videoTrimStart === undefined ? sermon.video_trim_start : options.videoTrimStart,
      thumb: options.videoThumbPosition === undefined ? sermon.video_thumb_position : options.videoThumbPosition,
    };
    const changed = next.trim !== sermon.video_trim_start || next.thumb !== sermon.video_thumb_position;
    let encodeJobID: number | null = null;
    if (changed) {
      await updateEncodingOptions(tx, sermonId, next.trim, next.thumb);
      if (video) {
        encodeJobID = (await queueEncode(tx, video))?.jobID ?? null;
        await recordPipelineStage(tx, { sermonId, guid: video.guid }, 'encode-requested');
      }
    }
    return { sermonID: sermonId, videoTrimStart: next.trim, videoThumbPosition: next.thumb, encodeJobID };
  });
}
