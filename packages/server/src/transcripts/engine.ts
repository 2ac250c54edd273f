import type { TranscriptSegment } from '@kerygma/domain/contracts/transcripts';

/**
 * A speech-to-text engine (issue 26): turns a 16 kHz mono 16-bit WAV file into timed segments.
 * One is chosen at start (transcripts/choose-engine.ts): whisper.cpp when WHISPER_MODEL names a
 * model, else PocketSphinx when its Debian packages are installed, else none (no transcripts).
 */
export type SpeechEngine = {
  name: 'whisper' | 'pocketsphinx';
  /** The sermon languages (ISO 639-1, as sermon.language_code) it transcribes. */
  languages: ReadonlySet<string>;
  /** Segments in order, times in seconds from the start of `wavFile`. */
  transcribe(wavFile: string, languageCode: string, signal: AbortSignal): Promise<TranscriptSegment[]>;
};

export const supportsLanguage = (engine: SpeechEngine | null | undefined, languageCode: string) =>
  engine?.languages.has(languageCode.toLowerCase()) ?? false;

/** Moves segments made from a chunk starting `offset` seconds into the recording. */
export const shiftSegments = (segments: readonly TranscriptSegment[], offset: number): TranscriptSegment[] =>
  segments.map((s) => ({ start: round(s.start + offset), end: round(s.end + offset), text: s.text }));

/** Times kept to the millisecond. */
export const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
