import path from 'node:path';
import { type AudioFile, type AudioRenditions, audioRenditions, playableCopy } from '@kerygma/ffmpeg/renditions/audio';
import { videoRenditions } from '@kerygma/ffmpeg/renditions/video';
import { type ManagerMailDeps, mailManagers } from '../../broadcaster-account/manager-mail.ts';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes.ts';
import type { Db } from '../../db/db.ts';
import type { JobContext, JobName, JobPayload } from '../../jobs/job-types.ts';
import { listJobs } from '../../jobs/queue.ts';
import type { MediaStore } from '../../storage/store.ts';
import { workOnStored } from '../../storage/work-dir.ts';
import type { SpeechEngine } from '../../transcripts/engine.ts';
import { queueTranscription } from '../../transcripts/transcripts.ts';
import { audioReady, type PipelineStage, recordPipelineStage, videoReady } from '../media-state.ts';
import { WEBP_THUMBNAIL_SIZES } from '../serving/video-thumbnails.ts';
import { uploadByGuid } from '../uploads/uploads.queries.ts';
import type { NewMediaItem } from './media-items.queries.ts';
import { renditionDurations, replaceMediaItems } from './media-items.ts';
import { encodeSermon, hasOwnAudio, lockUpload, sermonPlaysAudio } from './pipeline.queries.ts';
import { cachedRenditions } from './rendition-cache.ts';

export type PipelineDeps = {
  db: Db;
  media: MediaStore;
  /** Told when a sermon's media change, so cached pages show them (the app's, in one process). */
  changes?: CatalogueChanges | undefined;
  /** How the broadcaster's managers are told an encode finished or failed (their e-mail settings decide). */
  managerMail?: Omit<ManagerMailDeps, 'db'> | undefined;
  /** The speech-to-text engine: a sermon whose audio is saved is queued for its transcript. */
  speech?: SpeechEngine | null | undefined;
};

/**
 * Renditions of one encode go under `<sermonID>/r/<guid>/<jobID>/`: a re-encode (new options)
 * writes new URLs, so players and caches never mix old and new files, and the old folder is
 * deleted once no media item points into it.
 */
const outputKey = (sermonId: string, guid: string, jobId: number) => `${sermonId}/r/${guid}/${jobId}`;

type EncodeName = Extract<JobName, 'media.encode-audio' | 'media.encode-video'>;
/** Where an encode's files went: `key` in the store, `outDir` the scratch folder they were made in. */
type Work = { key: string; outDir: string };
type EncodePayload = { sermonId: string; uploadId: string };
/** Records a tracker stage of the encode's upload (refused by media-state.ts unless the upload may be encoded). */
const stage = (tx: Db, p: EncodePayload, name: PipelineStage, detail?: string) =>
  recordPipelineStage(tx, { sermonId: p.sermonId, guid: p.uploadId }, name, detail);
type Source = {
  broadcasterId: string;
  speakerId: number;
  seriesId: number | null;
  storageKey: string;
  key: string;
  trim: number | null;
  thumb: number | null;
  tags: { title: string; artist: string };
};

/** What an encode works from; null when its upload or sermon was deleted meanwhile (nothing left to do). */
async function loadSource(db: Db, p: EncodePayload, jobId: number): Promise<Source | null> {
  const upload = await uploadByGuid(db, p.uploadId);
  if (!upload) return null;
  if (!upload.storage_key || upload.sermon_id !== p.sermonId) throw new Error(`upload ${p.uploadId} has no original`);
  const sermon = await encodeSermon(db, p.sermonId);
  if (!sermon) return null;
  return {
    broadcasterId: sermon.broadcaster_id,
    speakerId: sermon.speaker_id,
    seriesId: sermon.series_id,
    storageKey: upload.storage_key,
    key: outputKey(p.sermonId, p.uploadId, jobId),
    trim: sermon.trim,
    thumb: sermon.thumb,
    tags: { title: sermon.title, artist: sermon.speaker },
  };
}

/**
 * E-mails the broadcaster's managers that the sermon's media are ready, or failed with `detail`
 * (manager-mail.ts: when their e-mail settings ask for it). Never fails the job.
 */
async function tellManagers(deps: PipelineDeps, p: EncodePayload, source: Source, failed?: string) {
  if (!deps.managerMail) return;
  const title = source.tags.title;
  const edit = `/dashboard/sermons/${p.sermonId}?broadcasterID=${encodeURIComponent(source.broadcasterId)}`;
  await mailManagers({ db: deps.db, ...deps.managerMail }, source.broadcasterId, 'media', (t, link) =>
    failed === undefined
      ? {
          subject: t('managerMail.mediaReadySubject', { title }),
          text: t('managerMail.mediaReadyBody', { title, link: link(`/sermons/${p.sermonId}`), editLink: link(edit) }),
        }
      : {
          subject: t('managerMail.mediaFailedSubject', { title }),
          text: t('managerMail.mediaFailedBody', { title, detail: failed, editLink: link(edit) }),
        },
  ).catch((err) => deps.managerMail?.log?.warn({ err }, 'could not tell the managers about an encode'));
}

/** Runs `work`, recording a pipeline failure ('encoding error') when the last attempt fails. */
async function tracked<T>(
  deps: PipelineDeps,
  p: EncodePayload,
  source: Source,
  ctx: JobContext,
  work: () => Promise<T>,
) {
  await stage(deps.db, p, 'encoding');
  try {
    return await work();
  } catch (error) {
    if (ctx.signal.aborted) throw error; // stopped, not failed: the job runs again
    const last = ctx.attempt >= ctx.maxAttempts;
    const detail = (error as Error).message.slice(0, 500);
    await stage(deps.db, p, last ? 'pipeline-failed' : 'encoding-retry', detail);
    if (last) await tellManagers(deps, p, source, detail);
    throw error;
  }
}

/**
 * Tracker stages (spec §4) of renditions made and about to be stored: the thumbnail and the
 * waveform are ready, then 'encoding syncing' while the files go to the media store.
 */
function madeStages(db: Db, p: EncodePayload, made: ('thumbnail' | 'waveform')[]) {
  return db.transaction(async (tx) => {
    for (const name of [...made, 'encoding-syncing'] as const) await stage(tx, p, name);
  });
}

/**
 * Whether this encode's results still count, checked in the transaction that saves them: the
 * upload may have been deleted (POST jobs/delete) or a newer encode of it queued (new encoding
 * options) while ffmpeg ran. The upload row is locked so that a delete waits for the save.
 */
async function stillWanted(tx: Db, name: EncodeName, p: EncodePayload, jobId: number) {
  if (!(await lockUpload(tx, p.uploadId))) return false;
  const newer = await listJobs(tx, { sermonId: p.sermonId, name, limit: 20 });
  return !newer.some(
    (j) => j.id > jobId && j.state !== 'failed' && (j.payload as { uploadId?: string }).uploadId === p.uploadId,
  );
}

const rel = (w: Work, file: string) => `${w.key}/${path.relative(w.outDir, file)}`;

const mp3Item = (w: Work, quality: 'high' | 'low', f: AudioFile): NewMediaItem => ({
  mediaType: 'mp3',
  quality,
  storageKey: rel(w, f.path),
  fileSizeBytes: f.sizeBytes,
  bitrate: f.bitrate,
  durationSeconds: f.durationSeconds,
  audioCodec: 'mp3',
  autoGenerated: quality === 'low',
});

function audioItems(w: Work, a: AudioRenditions): NewMediaItem[] {
  return [
    mp3Item(w, 'high', a.high),
    mp3Item(w, 'low', a.low),
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
  await audioReady(tx, sermonId, { durationSeconds: a.durationSeconds, waveformKey: rel(w, a.waveform.path) });
}

/**
 * Records in the tracker whether the sermon's audio and video are unlinked (spec §3: durations
 * differ by more than 2 s), from the exact durations of the audio and video renditions.
 */
async function checkLinked(tx: Db, p: EncodePayload) {
  const d = await renditionDurations(tx, p.sermonId);
  if (d.audio === null || d.video === null) return;
  await stage(
    tx,
    p,
    d.unlinked ? 'media-unlinked' : 'media-linked',
    `audio ${d.audio.toFixed(1)} s, video ${d.video.toFixed(1)} s`,
  );
}

/**
 * Tells the caches that the sermon's media changed: its page, its broadcaster's pages that list
 * it, and the podcast feeds of its broadcaster, speaker and series (a sermon joins them with its
 * first playable file).
 */
const mediaChanged = (deps: PipelineDeps, p: EncodePayload, source: Source) =>
  deps.changes?.announce({
    sermonIds: [p.sermonId],
    broadcasterIds: [source.broadcasterId],
    speakerIds: [source.speakerId],
    seriesIds: source.seriesId === null ? [] : [source.seriesId],
  });

/**
 * Before the renditions: an MP3 upload's own stream, copied into a public MP3 in about a second
 * for an hour (ffmpeg's playableCopy), so the sermon plays within seconds of the upload's end;
 * the renditions replace it when they are saved, and its folder is then deleted. Only for a
 * sermon with no audio yet (a new upload over playing audio leaves that playing) and no trim.
 */
async function playableFirst(deps: PipelineDeps, p: EncodePayload, ctx: JobContext, source: Source) {
  const { db, media } = deps;
  if (source.trim || (await sermonPlaysAudio(db, p.sermonId))) return;
  const key = `${source.key}-copy`;
  const { result: copy, outDir } = await workOnStored(media, source.storageKey, key, (input, out) =>
    playableCopy(input, out, { signal: ctx.signal, tags: source.tags }),
  );
  if (!copy) return;
  const work = { key, outDir };
  const saved = await db.transaction(async (tx) => {
    if (!(await stillWanted(tx, 'media.encode-audio', p, ctx.id)) || (await sermonPlaysAudio(tx, p.sermonId))) {
      return false;
    }
    await replaceMediaItems(tx, p.sermonId, ['mp3'], p.uploadId, [mp3Item(work, 'high', copy)]);
    await audioReady(tx, p.sermonId, { durationSeconds: copy.durationSeconds, waveformKey: null });
    return true;
  });
  if (saved) mediaChanged(deps, p, source);
  else await media.remove(work.key);
}

export function encodeAudio(deps: PipelineDeps) {
  const { db, media } = deps;
  return async (p: JobPayload<'media.encode-audio'>, ctx: JobContext<'media.encode-audio'>) => {
    const source = await loadSource(db, p, ctx.id);
    if (!source) return;
    await playableFirst(deps, p, ctx, source);
    const { result: renditions, outDir } = await tracked(deps, p, source, ctx, () =>
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
      await queueTranscription(tx, deps.speech, p.sermonId);
      await stage(tx, p, 'encoded-audio');
      await checkLinked(tx, p);
      return true;
    });
    if (saved) {
      mediaChanged(deps, p, source);
      await tellManagers(deps, p, source);
    } else await media.remove(work.key);
  };
}

export function encodeVideo(deps: PipelineDeps) {
  const { db, media } = deps;
  return async (p: JobPayload<'media.encode-video'>, ctx: JobContext<'media.encode-video'>) => {
    const source = await loadSource(db, p, ctx.id);
    if (!source) return;
    const { result: v, outDir } = await tracked(deps, p, source, ctx, () =>
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
      await videoReady(tx, p.sermonId, { durationSeconds: v.durationSeconds, thumbnailKey: thumb });
      // The soundtrack becomes the sermon's audio unless the broadcaster uploaded audio of its own.
      if (v.audio && !(await hasOwnAudio(tx, p.sermonId))) {
        await stage(tx, p, 'audio-extracted');
        await saveAudio(tx, p.sermonId, p.uploadId, work, v.audio);
        await queueTranscription(tx, deps.speech, p.sermonId);
      }
      await stage(tx, p, 'encoded-video');
      await checkLinked(tx, p);
      return true;
    });
    if (saved) {
      mediaChanged(deps, p, source);
      await tellManagers(deps, p, source);
    } else await media.remove(work.key);
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
