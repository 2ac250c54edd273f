import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type AudioRenditions, audioRenditions } from '@kerygma/ffmpeg/renditions/audio';
import { type VideoRenditions, videoRenditions } from '@kerygma/ffmpeg/renditions/video';
import type { Db } from '../db/db.ts';
import type { JobContext, JobPayload } from '../jobs/job-types.ts';
import type { MediaStore } from './media-store.ts';
import { addMediaEvent, uploadByGuid } from './uploads.queries.ts';

export type PipelineDeps = { db: Db; media: MediaStore };

/** Renditions of one upload go under `<sermonID>/r/<guid>/` in the media store. */
const outputKey = (sermonId: string, guid: string) => `${sermonId}/r/${guid}`;

async function loadWork(db: Db, media: MediaStore, p: { sermonId: string; uploadId: string }) {
  const upload = await uploadByGuid(db, p.uploadId);
  if (!upload?.storage_key || upload.sermon_id !== p.sermonId) throw new Error(`upload ${p.uploadId} has no original`);
  const [sermon] = await db.query<{
    video_trim_start: number | null;
    video_thumb_position: number | null;
    title: string;
    speaker: string;
  }>(
    `SELECT s.video_trim_start, s.video_thumb_position, s.full_title AS title, sp.display_name AS speaker
       FROM sermon s JOIN speaker sp USING (speaker_id) WHERE s.sermon_id = $1`,
    [p.sermonId],
  );
  if (!sermon) throw new Error(`sermon ${p.sermonId} is gone`);
  const key = outputKey(p.sermonId, p.uploadId);
  const outDir = media.localPath(key);
  await rm(outDir, { recursive: true, force: true }); // a re-run starts clean (jobs may run twice)
  return { input: media.localPath(upload.storage_key), key, outDir, sermon };
}

/** Runs `work`, recording a pipeline failure ('encoding error') when the last attempt fails. */
async function tracked<T>(db: Db, p: { sermonId: string; uploadId: string }, ctx: JobContext, work: () => Promise<T>) {
  await addMediaEvent(db, { sermonId: p.sermonId, guid: p.uploadId, stage: 'encoding' });
  try {
    return await work();
  } catch (error) {
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

const rel = (outDir: string, key: string, file: string) => `${key}/${path.relative(outDir, file)}`;

/** Media items and sermon fields for a set of audio renditions, replacing earlier audio. */
async function saveAudio(tx: Db, sermonId: string, outDir: string, key: string, a: AudioRenditions) {
  await tx.query("DELETE FROM media_item WHERE sermon_id = $1 AND media_type IN ('mp3', 'aac')", [sermonId]);
  const items = [
    { type: 'mp3', quality: 'high', file: a.high, adaptive: false },
    { type: 'mp3', quality: 'low', file: a.low, adaptive: false },
  ];
  for (const item of items) {
    await tx.query(
      `INSERT INTO media_item (sermon_id, media_type, quality, storage_key, file_size_bytes, bitrate, duration_seconds, audio_codec)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'mp3')`,
      [
        sermonId,
        item.type,
        item.quality,
        rel(outDir, key, item.file.path),
        item.file.sizeBytes,
        item.file.bitrate,
        item.file.durationSeconds,
      ],
    );
  }
  await tx.query(
    `INSERT INTO media_item (sermon_id, media_type, quality, storage_key, adaptive, bitrate, duration_seconds, audio_codec)
     VALUES ($1, 'aac', NULL, $2, true, $3, $4, 'aac')`,
    [sermonId, `${key}/hls/audio.m3u8`, 64_000, a.durationSeconds],
  );
  await tx.query(
    `UPDATE sermon SET has_audio = true, audio_duration_seconds = $2, audio_media_status = 'ready',
            waveform_storage_key = $3, updated_at = now() WHERE sermon_id = $1`,
    [sermonId, Math.round(a.durationSeconds), rel(outDir, key, a.waveform.path)],
  );
}

export function encodeAudio({ db, media }: PipelineDeps) {
  return async (p: JobPayload<'media.encode-audio'>, ctx: JobContext<'media.encode-audio'>) => {
    const work = await loadWork(db, media, p);
    const renditions = await tracked(db, p, ctx, () =>
      audioRenditions(work.input, work.outDir, {
        signal: ctx.signal,
        tags: { title: work.sermon.title, artist: work.sermon.speaker },
      }),
    );
    await db.transaction(async (tx) => {
      await saveAudio(tx, p.sermonId, work.outDir, work.key, renditions);
      await addMediaEvent(tx, { sermonId: p.sermonId, guid: p.uploadId, stage: 'encoded-audio' });
    });
  };
}

export function encodeVideo({ db, media }: PipelineDeps) {
  return async (p: JobPayload<'media.encode-video'>, ctx: JobContext<'media.encode-video'>) => {
    const work = await loadWork(db, media, p);
    const v: VideoRenditions = await tracked(db, p, ctx, () =>
      videoRenditions(work.input, work.outDir, {
        signal: ctx.signal,
        trimStartSeconds: work.sermon.video_trim_start ?? undefined,
        thumbPositionSeconds: work.sermon.video_thumb_position ?? undefined,
        audio: { tags: { title: work.sermon.title, artist: work.sermon.speaker } },
      }),
    );
    await db.transaction(async (tx) => {
      await tx.query("DELETE FROM media_item WHERE sermon_id = $1 AND media_type IN ('mp4', 'jpg')", [p.sermonId]);
      for (const rung of v.rungs) {
        await tx.query(
          `INSERT INTO media_item (sermon_id, media_type, quality, storage_key, file_size_bytes, bitrate, duration_seconds, video_codec, audio_codec)
           VALUES ($1, 'mp4', $2, $3, $4, $5, $6, $7, 'aac')`,
          [
            p.sermonId,
            rung.name,
            rel(work.outDir, work.key, rung.mp4.path),
            rung.mp4.sizeBytes,
            rung.mp4.bitrate,
            rung.mp4.durationSeconds,
            rung.codecs,
          ],
        );
      }
      await tx.query(
        `INSERT INTO media_item (sermon_id, media_type, quality, storage_key, adaptive, duration_seconds, video_codec)
         VALUES ($1, 'mp4', 'adaptive', $2, true, $3, 'h264')`,
        [p.sermonId, rel(work.outDir, work.key, v.master), v.durationSeconds],
      );
      const thumb = rel(work.outDir, work.key, v.thumbnail.path);
      await tx.query(
        `UPDATE sermon SET has_video = true, video_duration_seconds = $2, video_media_status = 'ready',
                video_thumbnail_storage_key = $3, updated_at = now() WHERE sermon_id = $1`,
        [p.sermonId, Math.round(v.durationSeconds), thumb],
      );
      if (v.audio) await saveAudio(tx, p.sermonId, work.outDir, work.key, v.audio);
      await addMediaEvent(tx, { sermonId: p.sermonId, guid: p.uploadId, stage: 'encoded-video' });
    });
  };
}
