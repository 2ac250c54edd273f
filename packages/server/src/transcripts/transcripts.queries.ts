import type { TranscriptSegment } from '@kerygma/domain/contracts/transcripts';
import type { Db } from '../db/db.ts';

/** The SQL of transcripts (migration 0052): the sermon_transcript row and what it is made from. */

export type TranscriptSource = 'whisper' | 'pocketsphinx' | 'caption' | 'manual';
export type CaptionState = 'draft' | 'published' | 'none';

export type TranscriptRow = {
  sermon_id: string;
  language_code: string;
  source: TranscriptSource;
  caption_state: CaptionState;
  segments: TranscriptSegment[];
  body: string;
  /** Epoch seconds. */
  updated: number;
};

export async function transcriptOf(db: Db, sermonId: string): Promise<TranscriptRow | undefined> {
  const [row] = await db.query<TranscriptRow>(
    `SELECT sermon_id, language_code, source, caption_state, segments, body,
            extract(epoch FROM updated_at)::int8 AS updated
       FROM sermon_transcript WHERE sermon_id = $1`,
    [sermonId],
  );
  return row && { ...row, updated: Number(row.updated) };
}

export type NewTranscript = {
  sermonId: string;
  languageCode: string;
  source: TranscriptSource;
  captionState: CaptionState;
  segments: readonly TranscriptSegment[];
};

/** The searched and downloaded text: the segments' text joined by spaces. */
export const transcriptBody = (segments: readonly TranscriptSegment[]) =>
  segments
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(' ');

/**
 * Writes the sermon's transcript (its search vector in the sermon's language, as the sermon's
 * own) and marks the sermon as having one listeners can read (not a draft). Call inside a
 * transaction.
 */
export async function saveTranscriptRow(tx: Db, t: NewTranscript): Promise<void> {
  await tx.query(
    `INSERT INTO sermon_transcript (sermon_id, language_code, source, caption_state, segments, body, search_vector)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, to_tsvector(language_ts_config($2), immutable_unaccent($6)))
     ON CONFLICT (sermon_id) DO UPDATE
        SET language_code = EXCLUDED.language_code, source = EXCLUDED.source,
            caption_state = EXCLUDED.caption_state, segments = EXCLUDED.segments, body = EXCLUDED.body,
            search_vector = EXCLUDED.search_vector, updated_at = now()`,
    [t.sermonId, t.languageCode, t.source, t.captionState, JSON.stringify(t.segments), transcriptBody(t.segments)],
  );
  await markReadable(tx, t.sermonId, t.captionState);
}

/** Deletes the sermon's transcript: it is no longer offered or searched. */
export async function deleteTranscriptRow(tx: Db, sermonId: string): Promise<void> {
  await tx.query('DELETE FROM sermon_transcript WHERE sermon_id = $1', [sermonId]);
  await tx.query('UPDATE sermon SET has_transcript = false WHERE sermon_id = $1 AND has_transcript', [sermonId]);
}

/** `sermon.has_transcript`: listeners can read it (a draft is its broadcaster's alone, though searched). */
function markReadable(tx: Db, sermonId: string, state: CaptionState) {
  return tx.query('UPDATE sermon SET has_transcript = $2 WHERE sermon_id = $1 AND has_transcript IS DISTINCT FROM $2', [
    sermonId,
    state !== 'draft',
  ]);
}

export async function setCaptionState(tx: Db, sermonId: string, state: CaptionState): Promise<void> {
  await tx.query('UPDATE sermon_transcript SET caption_state = $2, updated_at = now() WHERE sermon_id = $1', [
    sermonId,
    state,
  ]);
  await markReadable(tx, sermonId, state);
}

/** What a transcription works from and decides by. */
export type TranscribeSubject = {
  sermon_id: string;
  broadcaster_id: string;
  speaker_id: number;
  series_id: number | null;
  language_code: string;
  auto_transcripts: boolean;
  deleted: boolean;
  /** The high MP3 rendition (the sermon's audio), if it has one. */
  audio_key: string | null;
  audio_seconds: number | null;
  /** The church's own caption file in the sermon's language, if any. */
  caption_key: string | null;
  transcript_source: TranscriptSource | null;
};

export async function transcribeSubject(db: Db, sermonId: string): Promise<TranscribeSubject | undefined> {
  const [row] = await db.query<TranscribeSubject>(
    `SELECT s.sermon_id, s.broadcaster_id, s.speaker_id, s.series_id, s.language_code, b.auto_transcripts,
            s.deleted_at IS NOT NULL AS deleted,
            a.storage_key AS audio_key, a.duration_seconds AS audio_seconds,
            c.storage_key AS caption_key, t.source AS transcript_source
       FROM sermon s JOIN broadcaster b USING (broadcaster_id)
       LEFT JOIN LATERAL (SELECT storage_key, duration_seconds FROM media_item
                           WHERE sermon_id = s.sermon_id AND media_type = 'mp3' AND storage_key IS NOT NULL
                           ORDER BY quality = 'high' DESC, media_id DESC LIMIT 1) a ON true
       LEFT JOIN LATERAL (SELECT storage_key FROM media_item
                           WHERE sermon_id = s.sermon_id AND media_type = 'caption' AND NOT auto_generated
                             AND language_code = s.language_code AND storage_key IS NOT NULL
                           ORDER BY media_id DESC LIMIT 1) c ON true
       LEFT JOIN sermon_transcript t USING (sermon_id)
      WHERE s.sermon_id = $1`,
    [sermonId],
  );
  return row;
}

/**
 * Sermons with audio and no transcript, after `after` in id order (the backfill's keyset walk),
 * of broadcasters that want transcripts, in `languages`.
 */
export async function sermonsToTranscribe(
  db: Db,
  after: string,
  languages: readonly string[],
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ sermon_id: string }>(
    `SELECT s.sermon_id FROM sermon s JOIN broadcaster b USING (broadcaster_id)
      WHERE s.sermon_id > $1 AND s.has_audio AND s.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM sermon_transcript t WHERE t.sermon_id = s.sermon_id)
        AND b.auto_transcripts AND s.language_code = ANY($2::text[])
      ORDER BY s.sermon_id LIMIT $3`,
    [after, languages, limit],
  );
  return rows.map((r) => r.sermon_id);
}

/** Transcription jobs queued or running now. */
export async function transcribeJobsWaiting(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int4 AS n FROM job WHERE name = 'transcripts.transcribe' AND state IN ('queued', 'running')`,
  );
  return row?.n ?? 0;
}

/** The sermon's automatic text items (the caption track and the transcript file) deleted; their keys. */
export async function deleteAutomaticItems(tx: Db, sermonId: string, types: readonly ('caption' | 'transcript')[]) {
  return tx.query<{ storage_key: string | null }>(
    `DELETE FROM media_item WHERE sermon_id = $1 AND media_type = ANY($2::text[]) AND auto_generated
     RETURNING storage_key`,
    [sermonId, types],
  );
}

/** showCC follows the sermon's caption items; updated_at moves (its page changed). */
export async function refreshCaptionFlag(tx: Db, sermonId: string): Promise<void> {
  await tx.query(
    `UPDATE sermon SET show_cc = EXISTS (SELECT 1 FROM media_item WHERE sermon_id = $1 AND media_type = 'caption'),
            updated_at = now()
      WHERE sermon_id = $1`,
    [sermonId],
  );
}
