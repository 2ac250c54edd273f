import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import type { TranscriptSegment } from '@kerygma/domain/contracts/transcripts';
import { round, type SpeechEngine } from './engine.ts';

/** Debian's packages `pocketsphinx` and `pocketsphinx-en-us`. */
export const POCKETSPHINX = {
  binary: '/usr/bin/pocketsphinx_continuous',
  hmm: '/usr/share/pocketsphinx/model/en-us/en-us',
  lm: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  dict: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
};

/** A pause between words this long (seconds) ends a segment, and so does this length. */
const PAUSE_SECONDS = 0.6;
const MAX_SEGMENT_SECONDS = 12;
/** Niceness of the recogniser: it takes the cores requests and encodes leave idle. */
const NICENESS = 10;

/** One line of `-time yes` output: `word start end confidence`. */
const TIMING = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

/**
 * PocketSphinx's word timings to sentence-like segments. Its output mixes hypothesis lines
 * (the utterance's words) with timing lines; only these count. `<s>`, `</s>`, `<sil>` and
 * fillers (`[SPEECH]`, `[NOISE]`, `++UM++`) are gaps; `word(2)` is a pronunciation variant of
 * `word`. A segment ends with an utterance, at a pause of PAUSE_SECONDS, or after MAX_SEGMENT_SECONDS.
 */
export function parsePocketsphinx(output: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let words: string[] = [];
  let start = 0;
  let end = 0;
  const flush = () => {
    if (words.length) segments.push({ start: round(start), end: round(end), text: words.join(' ') });
    words = [];
  };
  for (const line of output.split('\n')) {
    const m = TIMING.exec(line.trim());
    if (!m) continue;
    const token = m[1] as string;
    if (token === '</s>') flush(); // the end of an utterance: the recogniser heard a silence
    if (/^(<\/?s>|<sil>|\[.*\]|\+\+.*\+\+)$/.test(token)) continue;
    const wordStart = Number(m[2]);
    const wordEnd = Number(m[3]);
    if (words.length && (wordStart - end >= PAUSE_SECONDS || wordEnd - start > MAX_SEGMENT_SECONDS)) flush();
    if (!words.length) start = wordStart;
    words.push(token.replace(/\(\d+\)$/, ''));
    end = wordEnd;
  }
  flush();
  return segments;
}

/** Runs the recogniser on a WAV file; resolves with its standard output. */
function recognise(wavFile: string, signal: AbortSignal): Promise<string> {
  const p = POCKETSPHINX;
  const args = ['-n', String(NICENESS), p.binary, '-infile', wavFile, '-hmm', p.hmm, '-lm', p.lm, '-dict', p.dict];
  args.push('-time', 'yes', '-logfn', '/dev/null');
  return new Promise((resolve, reject) => {
    const child = spawn('nice', args, { signal, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else reject(new Error(`pocketsphinx_continuous exited with ${code}: ${err.trim()}`));
    });
  });
}

/** The PocketSphinx engine (US English only), or null when its packages are not installed. */
export async function pocketsphinxEngine(): Promise<SpeechEngine | null> {
  const files = Object.values(POCKETSPHINX);
  const present = await Promise.all(
    files.map((f) =>
      access(f).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (present.includes(false)) return null;
  return {
    name: 'pocketsphinx',
    languages: new Set(['en']),
    transcribe: async (wavFile, _languageCode, signal) => parsePocketsphinx(await recognise(wavFile, signal)),
  };
}
