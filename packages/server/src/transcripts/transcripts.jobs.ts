import { rm } from 'node:fs/promises';
import path from 'node:path';
import { probe } from '@kerygma/ffmpeg/probe';
import { parseCaptions } from '@kerygma/ffmpeg/renditions/captions';
import { z } from 'zod';
import type { Db } from '../db/db.ts';
import type { JobContext, JobHandler } from '../jobs/job-types.ts';
import { enqueue } from '../jobs/queue.ts';
import { extractWav, findSilences, planChunks } from './audio.ts';
import { type SpeechEngine, shiftSegments, supportsLanguage } from './engine.ts';
import {
  sermonsToTranscribe,
  type TranscribeSubject,
  transcribeJobsWaiting,
  transcribeSubject,
} from './transcripts.queries.ts';
import { adoptUploadedCaption, BACKFILL_PRIORITY, saveTranscript, type TranscriptDeps } from './transcripts.ts';

export type TranscriptJobDeps = TranscriptDeps & {
  /** The engine this worker transcribes with (transcripts/choose-engine.ts); none parks the jobs. */
  speech?: SpeechEngine | null | undefined;
  /** TRANSCRIPT_BACKFILL: false stops the backfill at its next run. */
  backfill?: boolean;
};

const segmentSchema = z.object({ start: z.number(), end: z.number(), text: z.string() });
/** Saved after each chunk: the audio it was cut from, the chunks, how many are done and their text. */
const checkpointSchema = z.object({
  audioKey: z.string(),
  chunks: z.array(z.object({ start: z.number(), end: z.number() })),
  done: z.number().int().nonnegative(),
  segments: z.array(segmentSchema),
});
type Checkpoint = z.infer<typeof checkpointSchema>;

/**
 * Whether a transcription may replace the sermon's transcript: never the church's own captions,
 * and a transcript a manager wrote only when a manager asked for this one (an automatic job queued
 * before it was written must not overwrite it).
 */
const mayReplace = (s: TranscribeSubject, asked: boolean) =>
  s.transcript_source !== 'caption' && (asked || s.transcript_source !== 'manual');

/** Whether the transcript made from `audioKey` is still wanted, in the transaction that saves it. */
const stillWanted = (sermonId: string, audioKey: string, asked: boolean) => async (tx: Db) => {
  const s = await transcribeSubject(tx, sermonId);
  return !!s && !s.deleted && s.audio_key === audioKey && mayReplace(s, asked) && !s.caption_key;
};

/** The church's own caption file in the sermon's language, made its transcript (sermons captioned before transcripts). */
async function adoptStoredCaption(deps: TranscriptJobDeps, s: TranscribeSubject & { caption_key: string }) {
  const cues = parseCaptions((await deps.media.read(s.caption_key)).toString('utf8'));
  await deps.db.transaction((tx) => adoptUploadedCaption(tx, s.sermon_id, s.language_code, cues));
}

/**
 * The 'transcripts.transcribe' job: the sermon's audio, cut in silences into chunks of at most
 * ten minutes, each recognised in turn with a checkpoint after it (a restart goes on from the
 * next chunk), then the transcript saved in one transaction. Whisper's is published at once;
 * PocketSphinx's is a draft a manager publishes. A failure leaves the sermon as it was.
 */
export function transcribeJob(deps: TranscriptJobDeps): JobHandler<'transcripts.transcribe'> {
  return async ({ sermonId, asked = false }, ctx) => {
    const s = await transcribeSubject(deps.db, sermonId);
    if (!s || s.deleted || !mayReplace(s, asked)) return;
    if (s.caption_key) return adoptStoredCaption(deps, { ...s, caption_key: s.caption_key });
    const engine = deps.speech;
    if (!engine) throw new Error('no speech-to-text engine in this worker');
    if (!s.audio_key || !supportsLanguage(engine, s.language_code)) {
      ctx.log.info({ sermonId, language: s.language_code }, 'transcript: nothing to transcribe');
      return;
    }
    const segments = await recognise(deps, engine, s as TranscribeSubject & { audio_key: string }, ctx);
    const saved = await saveTranscript(
      deps,
      {
        sermonId,
        languageCode: s.language_code,
        source: engine.name,
        captionState: engine.name === 'whisper' ? 'published' : 'draft',
        segments,
      },
      stillWanted(sermonId, s.audio_key, asked),
    );
    if (!saved) {
      const now = await transcribeSubject(deps.db, sermonId);
      // New audio came while this ran (its own job was not queued beside this one): start again from it.
      if (now?.audio_key && now.audio_key !== s.audio_key && !now.deleted && !now.caption_key) {
        throw new Error('the audio changed while it was transcribed: transcribing the new audio');
      }
    }
    ctx.log.info({ sermonId, engine: engine.name, segments: segments.length, saved }, 'transcript made');
  };
}

/** The recording's segments, chunk by chunk from the checkpoint. */
async function recognise(
  deps: TranscriptJobDeps,
  engine: SpeechEngine,
  s: TranscribeSubject & { audio_key: string },
  ctx: JobContext<'transcripts.transcribe'>,
) {
  const saved = checkpointSchema.safeParse(ctx.checkpoint);
  // A checkpoint of other audio (a new upload since) is worth nothing.
  let progress: Checkpoint | null = saved.success && saved.data.audioKey === s.audio_key ? saved.data : null;
  const dir = await deps.media.workDir();
  try {
    const input = await deps.media.localCopy(s.audio_key, dir);
    if (!progress) {
      const duration = s.audio_seconds ?? (await probe(input, { signal: ctx.signal })).durationSeconds ?? 0;
      const chunks = planChunks(duration, await findSilences(input, ctx.signal));
      progress = { audioKey: s.audio_key, chunks, done: 0, segments: [] };
    }
    const wav = path.join(dir, 'chunk.wav');
    while (progress.done < progress.chunks.length) {
      ctx.signal.throwIfAborted();
      const chunk = progress.chunks[progress.done] as Checkpoint['chunks'][number];
      await extractWav(input, chunk, wav, ctx.signal);
      const found = await engine.transcribe(wav, s.language_code, ctx.signal);
      const next: Checkpoint = {
        ...progress,
        done: progress.done + 1,
        segments: [...progress.segments, ...shiftSegments(found, chunk.start)],
      };
      await deps.db.transaction((tx) => ctx.saveCheckpoint(tx, next));
      progress = next;
    }
    return progress.segments;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Transcriptions the backfill lets wait in the queue at once: new sermons' go before the rest. */
const BACKFILL_WAITING = 4;
/** The backfill's next look, once it has queued what it may. */
const BACKFILL_EVERY_MS = 60_000;

/**
 * The 'transcripts.backfill' job: sermons with audio and no transcript, in id order, queued for
 * transcription a few at a time (at most BACKFILL_WAITING waiting), then it runs again a minute
 * later from the last one queued, until none is left. TRANSCRIPT_BACKFILL=off stops it.
 */
export function backfillJob(deps: TranscriptJobDeps): JobHandler<'transcripts.backfill'> {
  return async ({ after }, ctx) => {
    const engine = deps.speech;
    if (!engine || deps.backfill === false) {
      ctx.log.info({ after }, 'transcript backfill: off');
      return;
    }
    const room = BACKFILL_WAITING - (await transcribeJobsWaiting(deps.db));
    const ids = room > 0 ? await sermonsToTranscribe(deps.db, after, [...engine.languages], room) : [];
    if (room > 0 && !ids.length) {
      ctx.log.info({}, 'transcript backfill: every sermon with audio has been queued');
      return;
    }
    const last = ids.at(-1) ?? after;
    await deps.db.transaction(async (tx) => {
      for (const sermonId of ids) await queueBackfilled(tx, sermonId);
      await enqueue(
        tx,
        'transcripts.backfill',
        { after: last },
        {
          priority: BACKFILL_PRIORITY,
          runAt: new Date(Date.now() + BACKFILL_EVERY_MS),
        },
      );
    });
    if (ids.length) ctx.log.info({ queued: ids.length, last }, 'transcript backfill: queued');
  };
}

const queueBackfilled = (tx: Db, sermonId: string) =>
  enqueue(
    tx,
    'transcripts.transcribe',
    { sermonId },
    { priority: BACKFILL_PRIORITY, dedupeKey: `transcribe:${sermonId}` },
  );

/** Start-up: begins the backfill unless one is under way (or it is off, or there is no engine). */
export async function startBackfill(db: Db, engine: SpeechEngine | null, enabled: boolean): Promise<void> {
  if (!engine || !enabled) return;
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ busy: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM job WHERE name = 'transcripts.backfill' AND state IN ('queued', 'running')) AS busy`,
    );
    if (!row?.busy) {
      await enqueue(
        tx,
        'transcripts.backfill',
        { after: '' },
        { priority: BACKFILL_PRIORITY, dedupeKey: 'transcripts.backfill' },
      );
    }
  });
}
