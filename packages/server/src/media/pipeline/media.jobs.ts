import path from 'node:path';
import { type AudioRenditions, audioRenditions } from '@kerygma/ffmpeg/renditions/audio';
import { videoRenditions } from '@kerygma/ffmpeg/renditions/video';
import type { Db } from '../../db/db.ts';
import type { JobContext, JobName, JobPayload } from '../../jobs/job-types.ts';
import { listJobs } from '../../jobs/queue.ts';
import type { MediaStore } from '../../storage/store.ts';
import { workOnStored } from '../../storage/work-dir.ts';
import { WEBP_THUMBNAIL_SIZES } from '../serving/video-thumbnails.ts';
import { addMediaEvent, uploadByGuid } from '../uploads/uploads.queries.ts';
import { type NewMediaItem, renditionDurations, replaceMediaItems } from './media-items.ts';
import { cachedRenditions } from './rendition-cache.ts';

export type PipelineDeps = { db: Db; media: MediaStore };

/**
 * Renditions of one encode go under `<sermonID>/r/<guid>/<jobID>/`: a re-encode (new options)
 * writes new URLs, so players and caches never mix old and new files, and the old folder is
 * deleted once no media item points into it.
 */
const outputKey = (sermonId: string, guid: string, jobId: number) => `${sermonId}/r/${guid}/${jobId}`;

type EncodeName = Extract<JobName, 'media.encode-audio' | 'media.encode-video'>;
/** Where an encode's files went: `key` in the store, `outDir` the scratch folder they were made in. */
type Work = { key: string; outDir: string };
type Source = {
  storageKey: string;
  key: string;
  trim: number | null;
  thumb: number | null;
  tags: { title: string; artist: string };
};

/** What an encode works from; null when its upload or sermon was deleted meanwhile (nothing left to do). */
async function loadSource(db: Db, p: { sermonId: string; uploadId: string }, jobId: number): Promise<Source | null> {
  const upload = await uploadByGuid(db, p.uploadId);
  if (!upload) return null;
  if (!upload.storage_key || upload.sermon_id !== p.sermonId) throw new Error(`upload ${p.uploadId} has no original`);
  const [sermon] = await db.query<{ trim: number | null; thumb: number | null; title: string; speaker: string }>(
    `SELECT s.video_trim_start AS trim, s.video_thumb_position AS thumb, s.full_title AS title, sp.display_name AS speaker
       FROM sermon s JOIN speaker sp USING (speaker_id) WHERE s.sermon_id = $1`,
    [p.sermonId],
  );
  if (!sermon) return null;
  return {
    storageKey: upload.storage_key,
    key: outputKey(p.sermonId, p.uploadId, jobId),
    trim: sermon.trim,
    thumb: sermon.thumb,
    tags: { title: sermon.title, artist: sermon.speaker },
  };
}

/** Runs `work`, recording a pipeline failure ('encoding error') when the last attempt fails. */
async function tracked<T>(db: Db, p: { sermonId: string; uploadId: string }, ctx: JobContext, work: () => Promise<T>) {
  await addMediaEvent(db, { sermonId: p.sermonId, guid: p.uploadId, stage: 'encoding' });
  try {
    return await work();
  } catch (error) {
    if (ctx.signal.aborted) throw error; // stopped, not failed: the job runs again
    const last = ctx.attempt >= ctx.maxAttempts;
    await addMediaEvent(db, {
      sermonId: p.sermonId,
      guid: p.uploadId,
      stage: last ? 'pipeline-failed' : 'encoding-retry',
      failed: last,
      detail: (error as Error).message.slice(0, 500),
    });
    throw error;
  }
}

/**
 * Tracker stages (spec §4) of renditions made and about to be stored: the thumbnail and the
 * waveform are ready, then 'encoding syncing' while the files go to the media store.
 */
function madeStages(db: Db, p: { sermonId: string; uploadId: string }, made: ('thumbnail' | 'waveform')[]) {
  return db.transaction(async (tx) => {
    for (const stage of [...made, 'encoding-syncing'] as const) {
      await addMediaEvent(tx, { sermonId: p.sermonId, guid: p.uploadId, stage });
    }
  });
}

/**
 * Whether this encode's results still count, checked in the transaction that saves them: the
 * upload may have been deleted (POST jobs/delete) or a newer encode of it queued (new encoding
 * options) while ffmpeg ran. The upload row is locked so that a delete waits for the save.
 */
async function stillWanted(tx: Db, name: EncodeName, p: { sermonId: string; uploadId: string }, jobId: number) {
  const [upload] = await tx.query('SELECT 1 FROM media_upload WHERE guid = $1 FOR UPDATE', [p.uploadId]);
  if (!upload) return false;
  const newer = await listJobs(tx, { sermonId: p.sermonId, name, limit: 20 });
  return !newer.some(
    (j) => j.id > jobId && j.state !== 'failed' && (j.payload as { uploadId?: string }).uploadId === p.uploadId,
  );
}

const rel = (w: Work, file: string) => `${w.key}/${path.relative(w.outDir, file)}`;

function audioItems(w: Work, a: AudioRenditions): NewMediaItem[] {
  const mp3 = (quality: 'high' | 'low', f: AudioRenditions['high']): NewMediaItem => ({
    mediaType: 'mp3',
    quality,
    storageKey: rel(w, f.path),
    fileSizeBytes: f.sizeBytes,
    bitrate: f.bitrate,
    durationSeconds: f.durationSeconds,
    audioCodec: 'mp3',
    autoGenerated: quality === 'low',
  });
  return [
    mp3('high', a.high),
    mp3('low', a.low),
    {
      mediaType: 'aac',
      storageKey: `${w.key}/hls/audio.m3u8`,
      adaptive: true,
      bitrate: 64_000,
      durationSeconds: a.durationSeconds,
      audioCodec: 'aac',
      autoGenerated: true,
    },
  ];
}

/** Replaces the sermon's audio with these renditions (its own upload's, or a video's soundtrack). */
async function saveAudio(tx: Db, sermonId: string, guid: string, w: Work, a: AudioRenditions) {
  await replaceMediaItems(tx, sermonId, ['mp3', 'aac'], guid, audioItems(w, a));
  await tx.query(
    `UPDATE sermon SET has_audio = true, audio_duration_seconds = $2, audio_media_status = 'ready',
            waveform_storage_key = $3, updated_at = now() WHERE sermon_id = $1`,
    [sermonId, Math.round(a.durationSeconds), rel(w, a.waveform.path)],
  );
}

/** Whether the sermon's audio comes from an audio upload of its own (which a video's soundtrack never replaces). */
async function hasOwnAudio(tx: Db, sermonId: string): Promise<boolean> {
  const [row] = await tx.query(
    `SELECT 1 FROM media_item m JOIN media_upload u ON u.guid = m.upload_guid
      WHERE m.sermon_id = $1 AND m.media_type = 'mp3' AND u.upload_type = 'original-audio' LIMIT 1`,
    [sermonId],
  );
  return row !== undefined;
}

/**
 * Records in the tracker whether the sermon's audio and video are unlinked (spec §3: durations
 * differ by more than 2 s), from the exact durations of the audio and video renditions.
 */
async function checkLinked(tx: Db, sermonId: string, guid: string) {
  const d = await renditionDurations(tx, sermonId);
  if (d.audio === null || d.video === null) return;
  await addMediaEvent(tx, {
    sermonId,
    guid,
    stage: d.unlinked ? 'media-unlinked' : 'media-linked',
    detail: `audio ${d.audio.toFixed(1)} s, video ${d.video.toFixed(1)} s`,
  });
}

export function encodeAudio({ db, media }: PipelineDeps) {
  return async (p: JobPayload<'media.encode-audio'>, ctx: JobContext<'media.encode-audio'>) => {
    const source = await loadSource(db, p, ctx.id);
    if (!source) return;
    const { result: renditions, outDir } = await tracked(db, p, ctx, () =>
      workOnStored(
        media,
        source.storageKey,
        source.key,
        (input, out) =>
          cachedRenditions(p.renditionCache, input, out, { job: 'audio', tags: source.tags }, () =>
            audioRenditions(input, out, { signal: ctx.signal, tags: source.tags }),
          ),
        () => madeStages(db, p, ['waveform']),
      ),
    );
    const work = { key: source.key, outDir };
    const saved = await db.transaction(async (tx) => {
      if (!(await stillWanted(tx, 'media.encode-audio', p, ctx.id))) return false;
      await saveAudio(tx, p.sermonId, p.uploadId, work, renditions);
      await addMediaEvent(tx, { sermonId: p.sermonId, guid: p.uploadId, stage: 'encoded-audio' });
      await checkLinked(tx, p.sermonId, p.uploadId);
      return true;
    });
    if (!saved) await media.remove(work.key);
  };
}

export function encodeVideo({ db, media }: PipelineDeps) {
  return async (p: JobPayload<'media.encode-video'>, ctx: JobContext<'media.encode-video'>) => {
    const source = await loadSource(db, p, ctx.id);
    if (!source) return;
    const { result: v, outDir } = await tracked(db, p, ctx, () =>
      workOnStored(
        media,
        source.storageKey,
        source.key,
        (input, out) => {
          const options = {
            trimStartSeconds: source.trim ?? undefined,
            thumbPositionSeconds: source.thumb ?? undefined,
            thumbnailSizes: WEBP_THUMBNAIL_SIZES,
            audio: { tags: source.tags },
          };
          return cachedRenditions(p.renditionCache, input, out, { job: 'video', options }, () =>
            videoRenditions(input, out, { ...options, signal: ctx.signal }),
          );
        },
        (made) => madeStages(db, p, made.audio ? ['thumbnail', 'waveform'] : ['thumbnail']),
      ),
    );
    const work = { key: source.key, outDir };
    const saved = await db.transaction(async (tx) => {
      if (!(await stillWanted(tx, 'media.encode-video', p, ctx.id))) return false;
      const thumb = rel(work, v.thumbnail.path);
      const items: NewMediaItem[] = v.rungs.map((rung) => ({
        mediaType: 'mp4',
        quality: rung.name,
        storageKey: rel(work, rung.mp4.path),
        fileSizeBytes: rung.mp4.sizeBytes,
        bitrate: rung.mp4.bitrate,
        durationSeconds: rung.mp4.durationSeconds,
        videoCodec: rung.codecs,
        audioCodec: 'aac',
        thumbnailStorageKey: thumb,
      }));
      items.push(
        {
          mediaType: 'mp4',
          quality: 'adaptive',
          storageKey: rel(work, v.master),
          adaptive: true,
          durationSeconds: v.durationSeconds,
          videoCodec: 'h264',
          thumbnailStorageKey: thumb,
        },
        { mediaType: 'jpg', storageKey: thumb, autoGenerated: true },
      );
      await replaceMediaItems(tx, p.sermonId, ['mp4', 'jpg'], p.uploadId, items);
      await tx.query(
        `UPDATE sermon SET has_video = true, video_duration_seconds = $2, video_media_status = 'ready',
                video_thumbnail_storage_key = $3, updated_at = now() WHERE sermon_id = $1`,
        [p.sermonId, Math.round(v.durationSeconds), thumb],
      );
      // The soundtrack becomes the sermon's audio unless the broadcaster uploaded audio of its own.
      if (v.audio && !(await hasOwnAudio(tx, p.sermonId))) {
        await addMediaEvent(tx, { sermonId: p.sermonId, guid: p.uploadId, stage: 'audio-extracted' });
        await saveAudio(tx, p.sermonId, p.uploadId, work, v.audio);
      }
      await addMediaEvent(tx, { sermonId: p.sermonId, guid: p.uploadId, stage: 'encoded-video' });
      await checkLinked(tx, p.sermonId, p.uploadId);
      return true;
    });
    if (!saved) await media.remove(work.key);
  };
}

/** Deletes files and folders from the media store (after their rows are gone). */
export function deleteFiles({ media }: PipelineDeps) {
  return async (p: JobPayload<'media.delete-files'>) => {
    for (const key of p.keys) {
      if (key.startsWith(`${p.sermonId}/`)) await media.remove(key); // only ever inside the sermon's folder
    }
  };
}
