import { z } from 'zod';
import type { Db } from '../db/db.ts';

/**
 * Every kind of background job, by name, with the schema of its payload. Adding a job is adding
 * a line here; the compiler then asks for its handler in every handler map (JobHandlers is
 * exhaustive). Payloads are stored as JSON: plain strings, numbers, booleans, arrays, objects.
 *
 * Handlers must be safe to run twice: a worker that dies after finishing the work but before
 * recording it leaves the job to run again once its lease runs out.
 */
const sermonId = z.string().min(1).max(64);
/** The original the job works from: `media_upload.guid` (migration 0004). */
const uploadId = z.uuid();
/** A local folder of finished renditions to reuse (media/rendition-cache.ts); only the demo seed names one. */
const renditionCache = z.string().min(1).max(1000).optional();

/** Which sermons a job works on: `of` names the column the set is chosen by. */
const sermonSet = z.discriminatedUnion('of', [
  z.object({ of: z.literal('any-series') }),
  z.object({ of: z.literal('series'), seriesId: z.number().int().positive() }),
  z.object({ of: z.literal('speaker'), speakerId: z.number().int().positive() }),
  z.object({ of: z.literal('broadcaster'), broadcasterId: z.string().min(1).max(100) }),
]);

export const jobSchemas = {
  /**
   * All audio renditions of an uploaded original in one decode: high and low MP3, AAC HLS and
   * the waveform peaks (from audio, or from a video's soundtrack).
   */
  'media.encode-audio': z.object({ sermonId, uploadId, renditionCache }),
  /** The video HLS ladder with MP4 downloads, the thumbnail, and the soundtrack's audio renditions. */
  'media.encode-video': z.object({ sermonId, uploadId, renditionCache }),
  /**
   * Deletes files and folders from the media store once their rows are gone (deleted media,
   * renditions replaced by a re-encode). Keys are media store keys under the sermon's folder.
   */
  'media.delete-files': z.object({
    sermonId,
    keys: z
      .array(
        z
          .string()
          .min(1)
          .max(500)
          .refine((k) => !k.split('/').includes('..')),
      )
      .min(1)
      .max(1000),
  }),
  /**
   * The demo catalogue's media (seed.ts): renders each sermon's original recording into the
   * render cache (a local folder) and hands it to the pipeline as an upload.
   */
  'demo.media': z.object({
    sermons: z
      .array(
        z.object({
          sermonId,
          video: z.boolean(),
          title: z.string().max(500),
          // What the recording says (seed/demo-speech.ts); absent in jobs queued before it spoke.
          language: z.string().max(10).optional(),
          subtitle: z.string().max(500).nullish(),
          bibleText: z.string().max(500).nullish(),
          description: z.string().max(5000).nullish(),
        }),
      )
      .min(1)
      .max(500),
    cacheDir: z.string().min(1).max(1000),
    /** Demo webcasts whose replay is a video sermon's original (seed/demo-webcasts.ts), written into `liveDir`. */
    replays: z
      .array(z.object({ webcastId: z.string().min(1).max(40), sermonId }))
      .max(20)
      .optional(),
    liveDir: z.string().min(1).max(1000).optional(),
  }),
  /**
   * Recomputes the search vectors of a set of sermons in short batches (search/sermon-vectors.jobs.ts):
   * every sermon in a series (migration 0024's rule change), or those of one series, speaker or
   * broadcaster (after a rename; search/sermon-vectors.ts enqueueSermonVectorRefresh).
   */
  'search.sermon-vectors': z.object({ sermons: sermonSet }),
  /** Rebuilds the catalogue's words that 'did you mean' suggests from (search/vocabulary.ts); daily. */
  'search.vocabulary': z.object({}),
  /**
   * The daily digest of new sermons from what each user follows (library/digest.ts), for one
   * day (UTC); it queues the next day's run when done.
   */
  'library.digest': z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  /** The weekly statistics e-mail to the managers who asked (broadcaster-account/weekly-stats.ts), up to this Monday. */
  'broadcasters.weekly-stats': z.object({ week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  /**
   * A scheduled sermon's minute has come (sermon-editing/): its counters are settled and its
   * pages refreshed. `at` is the publish time it was scheduled for (nothing if it changed since).
   */
  'sermons.publish-scheduled': z.object({ sermonId, at: z.iso.datetime() }),
  /** A sermon deleted 30 days ago is removed for good, with its media (sermon-editing/). */
  'sermons.purge-deleted': z.object({ sermonId }),
  /**
   * An imported feed item's enclosure (feed-import/): fetched into the media store as its
   * sermon's original, then encoded as an upload is. Names the item, `position` in its import.
   */
  'feeds.import-media': z.object({ importId: z.number().int().positive(), position: z.number().int().min(0) }),
  /** The sermon's automatic transcript, from its audio (transcripts/transcripts.jobs.ts). */
  /** asked: a manager asked for it, so it may replace a transcript written by hand. */
  'transcripts.transcribe': z.object({ sermonId, asked: z.boolean().optional() }),
  /**
   * Queues the transcription of sermons that have audio and no transcript, a few at a time, in
   * sermon id order after `after`; it queues its own next run (transcripts/transcripts.jobs.ts).
   */
  'transcripts.backfill': z.object({ after: z.string().max(64) }),
  /**
   * A webcast went live for the first time: its broadcaster's followers who asked for it get
   * an e-mail (library/go-live-mail.ts). Queued by the ingest in the transaction that takes it live.
   */
  'webcasts.go-live-mail': z.object({ webcastId: z.string().min(1).max(40) }),
} as const satisfies Record<string, z.ZodType>;

export type JobName = keyof typeof jobSchemas;
export type JobPayload<N extends JobName> = z.infer<(typeof jobSchemas)[N]>;
export const JOB_NAMES = Object.keys(jobSchemas) as JobName[];

/** A program outside Node that some jobs run: ffmpeg, or a speech-to-text engine (transcripts/). */
export type JobTool = 'ffmpeg' | 'speech';

/**
 * The programs each job needs (ffmpeg also stands for ffprobe). A worker started without one
 * leaves those jobs queued, parked, instead of failing them: they use up no attempts and run
 * once a worker has the program (this one restarted with it, or another).
 */
export const JOB_TOOLS: { readonly [N in JobName]: readonly JobTool[] } = {
  'media.encode-audio': ['ffmpeg'],
  'media.encode-video': ['ffmpeg'],
  'media.delete-files': [],
  'demo.media': ['ffmpeg'],
  'search.sermon-vectors': [],
  'search.vocabulary': [],
  'library.digest': [],
  'broadcasters.weekly-stats': [],
  'sermons.publish-scheduled': [],
  'sermons.purge-deleted': [],
  'feeds.import-media': ['ffmpeg'],
  'transcripts.transcribe': ['ffmpeg', 'speech'],
  'transcripts.backfill': [],
  'webcasts.go-live-mail': [],
};

/** The jobs a worker without `missing` cannot run. */
export function jobsNeeding(missing: readonly JobTool[]): JobName[] {
  return JOB_NAMES.filter((name) => JOB_TOOLS[name].some((tool) => missing.includes(tool)));
}

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** What a handler gets besides its payload. */
export type JobContext<N extends JobName = JobName> = {
  id: number;
  name: N;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /**
   * Aborted when the job must stop: its lease was lost (another worker may now own it) or the
   * worker is stopping and its drain time ran out: a handler that then ends (throws) within the
   * grace time has its job handed back to the queue at once. Pass it on to child processes (ffmpeg).
   */
  signal: AbortSignal;
  /** What an earlier run of this job saved with saveCheckpoint, as stored (not validated); null on a first run. */
  checkpoint: unknown;
  /**
   * Saves where the job has got to, in `tx`, the transaction that did that part of the work, so
   * that a later run goes on from there. Throws when the job's claim is no longer this run's
   * (the lease ran out and another worker may be doing the same part): `tx` then rolls back.
   */
  saveCheckpoint(tx: Db, checkpoint: object): Promise<void>;
  /** The worker's log, with the job's id and name on every line. */
  log: JobLog;
};

/** The part of a logger a handler uses. */
export type JobLog = { info(obj: object, msg: string): void };

export type JobHandler<N extends JobName> = (payload: JobPayload<N>, ctx: JobContext<N>) => Promise<void>;

/** One handler per job name: leaving one out is a type error. */
export type JobHandlers = { [N in JobName]: JobHandler<N> };
