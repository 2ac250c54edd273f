import { z } from 'zod';
import { contract } from './contract.ts';
import { sermonIdParams } from './params.ts';

/** One timed stretch of a transcript (seconds from the start of the recording). */
export const transcriptSegmentSchema = z.object({
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string().max(5000),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

/** Where a transcript came from: a speech-to-text engine, the church's own caption file, or written by a manager. */
export const TRANSCRIPT_SOURCES = ['whisper', 'pocketsphinx', 'caption', 'manual'] as const;
/** The automatic caption track's state: waiting for a manager, in the player, or none (own captions, or turned off). */
export const CAPTION_STATES = ['draft', 'published', 'none'] as const;

export const transcriptSchema = z.object({
  sermonID: z.string(),
  languageCode: z.string(),
  source: z.enum(TRANSCRIPT_SOURCES),
  captionState: z.enum(CAPTION_STATES),
  segments: z.array(transcriptSegmentSchema),
  /** Epoch seconds of the last change. */
  updated: z.number().int(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

const tag = 'Transcripts';

export const transcriptContracts = {
  sermonTranscript: contract({
    method: 'GET',
    path: '/node/sermons/:sermonID/transcript',
    tag,
    summary: "A sermon's transcript",
    description:
      'The timed transcript of a published sermon, for signed-in users (spec §6). A draft (automatic captions no manager has published yet) only for its broadcaster: its managers or its API key.',
    auth: 'apiKeyOrSession',
    params: sermonIdParams,
    responses: { 200: transcriptSchema },
    errors: [401, 403, 404],
  }),
  updateSermonTranscript: contract({
    method: 'PUT',
    path: '/node/sermons/:sermonID/transcript',
    tag,
    summary: "Correct or write a sermon's transcript",
    description:
      "Replaces the transcript's segments; the caption track, when published, and the search change with it. A sermon with none gets one written by hand (source manual), a draft until published.",
    auth: 'apiKeyOrSession',
    params: sermonIdParams,
    body: z.object({ segments: z.array(transcriptSegmentSchema).min(1).max(20_000) }),
    responses: { 200: transcriptSchema },
    errors: [401, 403, 404],
  }),
  publishSermonCaptions: contract({
    method: 'POST',
    path: '/node/sermons/:sermonID/transcript/publish',
    tag,
    summary: 'Publish the automatic captions',
    description: "Puts the transcript in the player's caption menu as a track marked automatic.",
    auth: 'apiKeyOrSession',
    params: sermonIdParams,
    responses: { 200: transcriptSchema },
    errors: [401, 403, 404, 409],
  }),
  transcribeSermon: contract({
    method: 'POST',
    path: '/node/sermons/:sermonID/transcript/transcribe',
    tag,
    summary: 'Transcribe a sermon again',
    description:
      'Queues a new automatic transcript of its audio (after a failure, or a better engine). Answers 503 when the site has no speech-to-text engine.',
    auth: 'apiKeyOrSession',
    params: sermonIdParams,
    responses: { 202: z.object({ queued: z.boolean() }) },
    errors: [401, 403, 404, 409, 503],
  }),
};
