import { run } from '@kerygma/ffmpeg/run';

/**
 * The recording as the engines take it: 16 kHz mono 16-bit WAV, in chunks cut in silences so
 * that a long sermon is several short recognitions (a restart goes on from the last chunk done).
 */

export type Span = { start: number; end: number };

/** Longest chunk (seconds): ten minutes. */
export const MAX_CHUNK_SECONDS = 600;
/** Transcription runs beside the site and the encodes, at lower CPU priority. */
const NICENESS = 10;

/** Silences of at least 0.4 s below -35 dB, from ffmpeg's silencedetect. */
export async function findSilences(input: string, signal: AbortSignal): Promise<Span[]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      '-i',
      input,
      '-vn',
      '-af',
      'silencedetect=noise=-35dB:d=0.4,ametadata=mode=print:file=-',
    ].concat(['-f', 'null', '-']),
    { signal, niceness: NICENESS },
  );
  return parseSilences(stdout.toString());
}

/** silencedetect's `lavfi.silence_start=…` / `lavfi.silence_end=…` lines as spans. */
export function parseSilences(text: string): Span[] {
  const spans: Span[] = [];
  let start: number | undefined;
  for (const line of text.split('\n')) {
    const m = /^lavfi\.silence_(start|end)=(-?[\d.]+)/.exec(line.trim());
    if (!m) continue;
    const at = Math.max(0, Number(m[2]));
    if (m[1] === 'start') start = at;
    else if (start !== undefined) {
      spans.push({ start, end: at });
      start = undefined;
    }
  }
  return spans;
}

/**
 * Chunks of at most `max` seconds covering [0, duration), each cut in the middle of the last
 * silence before its limit (where no word is split), or at the limit when there is none.
 */
export function planChunks(duration: number, silences: readonly Span[], max = MAX_CHUNK_SECONDS): Span[] {
  const chunks: Span[] = [];
  let from = 0;
  while (duration - from > max) {
    const limit = from + max;
    const cut = silences
      .map((s) => (s.start + s.end) / 2)
      .filter((mid) => mid > from + max / 4 && mid <= limit)
      .at(-1);
    const to = cut ?? limit;
    chunks.push({ start: from, end: to });
    from = to;
  }
  if (duration > from) chunks.push({ start: from, end: duration });
  return chunks;
}

/** Writes the `span` of `input` as 16 kHz mono 16-bit WAV to `wavFile`. */
export async function extractWav(input: string, span: Span, wavFile: string, signal: AbortSignal): Promise<void> {
  await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      '-y',
      '-ss',
      String(span.start),
      '-t',
      String(span.end - span.start),
      '-i',
      input,
    ].concat(['-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', wavFile]),
    { signal, niceness: NICENESS },
  );
}
