import type { Transcript, TranscriptSegment } from '@kerygma/domain/contracts/transcripts';
import { managesBroadcaster } from '@kerygma/domain/roles';
import { type Actor, requireRole, roleHolder } from '../accounts/guards.ts';
import { ApiError, notFound } from '../errors.ts';
import { enqueue, raisePriority } from '../jobs/queue.ts';
import { type SpeechEngine, supportsLanguage } from './engine.ts';
import { type TranscriptRow, transcribeSubject, transcriptOf } from './transcripts.queries.ts';
import { ASKED_PRIORITY, saveTranscript, type TranscriptDeps } from './transcripts.ts';

/** The transcript calls (contracts/transcripts.ts): reading, correcting, publishing, transcribing again. */

const noTranscript = () => notFound('error.transcript.notFound');

const dto = (t: TranscriptRow): Transcript => ({
  sermonID: t.sermon_id,
  languageCode: t.language_code,
  source: t.source,
  captionState: t.caption_state,
  segments: t.segments,
  updated: t.updated,
});

/** The sermon and its transcript for one of its broadcaster's Uploaders (or its key); 404 when either is missing. */
async function forUploader(deps: TranscriptDeps, actor: Actor, sermonId: string) {
  const s = await transcribeSubject(deps.db, sermonId);
  if (!s || s.deleted) throw notFound('error.sermonNotFound');
  requireRole(actor, s.broadcaster_id, 'uploader');
  return { subject: s, transcript: await transcriptOf(deps.db, sermonId) };
}

/**
 * GET: signed-in users read the transcript of a published sermon (spec §6); a draft, or a sermon
 * not yet published, only its broadcaster's managers or key (to the others it does not exist).
 */
export async function readTranscript(deps: TranscriptDeps, actor: Actor, sermonId: string): Promise<Transcript> {
  const [row] = await deps.db.query<{ broadcaster_id: string; visible: boolean }>(
    `SELECT broadcaster_id, publish_timestamp IS NOT NULL AND publish_timestamp <= now() AND deleted_at IS NULL AS visible
       FROM sermon WHERE sermon_id = $1`,
    [sermonId],
  );
  if (!row) throw notFound('error.sermonNotFound');
  const manager =
    actor.kind === 'apiKey'
      ? actor.broadcasterId === row.broadcaster_id
      : managesBroadcaster(roleHolder(actor.user), row.broadcaster_id);
  const t = await transcriptOf(deps.db, sermonId);
  if (!t || (!manager && (!row.visible || t.caption_state === 'draft'))) throw noTranscript();
  return dto(t);
}

/**
 * PUT: new segments; the search text, and the caption track when published, follow. A sermon
 * without a transcript gets one written by hand, in its language, a draft until published.
 */
export async function correctTranscript(
  deps: TranscriptDeps,
  actor: Actor,
  sermonId: string,
  segments: TranscriptSegment[],
): Promise<Transcript> {
  const { subject, transcript } = await forUploader(deps, actor, sermonId);
  await saveTranscript(deps, {
    sermonId,
    languageCode: transcript?.language_code ?? subject.language_code,
    source: transcript?.source ?? 'manual',
    captionState: transcript?.caption_state ?? 'draft',
    segments: [...segments].sort((a, b) => a.start - b.start),
  });
  return dto((await transcriptOf(deps.db, sermonId)) as TranscriptRow);
}

/** POST publish: a draft becomes the sermon's automatic caption track (and its downloadable text). */
export async function publishCaptions(deps: TranscriptDeps, actor: Actor, sermonId: string): Promise<Transcript> {
  const { transcript } = await forUploader(deps, actor, sermonId);
  if (!transcript) throw noTranscript();
  if (transcript.caption_state !== 'draft') {
    throw new ApiError(409, 'conflict', { error: { key: 'error.transcript.notDraft' } });
  }
  await saveTranscript(deps, {
    sermonId,
    languageCode: transcript.language_code,
    source: transcript.source,
    captionState: 'published',
    segments: transcript.segments,
  });
  return dto((await transcriptOf(deps.db, sermonId)) as TranscriptRow);
}

/**
 * POST transcribe: queues a new transcription of the sermon's audio. 503 without an engine;
 * 409 when there is nothing it can transcribe (no audio, a language the engine does not know,
 * or captions of the church's own, which are its transcript).
 */
export async function transcribeAgain(
  deps: TranscriptDeps & { speech?: SpeechEngine | null | undefined },
  actor: Actor,
  sermonId: string,
): Promise<{ queued: boolean }> {
  const { subject } = await forUploader(deps, actor, sermonId);
  if (!deps.speech) throw new ApiError(503, 'unavailable', { error: { key: 'error.transcript.noEngine' } });
  const own = subject.transcript_source === 'caption' || subject.caption_key !== null;
  if (!subject.audio_key || own || !supportsLanguage(deps.speech, subject.language_code)) {
    throw new ApiError(409, 'conflict', { error: { key: 'error.transcript.cannotTranscribe' } });
  }
  const dedupeKey = `transcribe:${sermonId}`;
  const payload = { sermonId, asked: true };
  const id = await enqueue(deps.db, 'transcripts.transcribe', payload, { priority: ASKED_PRIORITY, dedupeKey });
  // Already waiting (queued automatically): it becomes an asked-for one, moved up.
  return { queued: id !== null || (await raisePriority(deps.db, dedupeKey, ASKED_PRIORITY, payload)) };
}
