import { execFile } from 'node:child_process';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { run, type ToolOptions } from './run.ts';
import type { Voice } from './synth.ts';

// Real words for the demo's recordings: espeak-ng (Debian package `espeak-ng`, a separate
// program we run) reads a text aloud, ffmpeg adds a faint room tone and encodes it like the
// speech-like synth's output. espeak-ng is deterministic, so the same text gives the same bytes.

export const ESPEAK = '/usr/bin/espeak-ng';

/** Whether espeak-ng is installed. */
export function hasEspeak(binary = ESPEAK): Promise<boolean> {
  return access(binary).then(
    () => true,
    () => false,
  );
}

// espeak-ng's voice per sermon language (ISO 639-1), for the languages it speaks.
const LANGUAGE_VOICES: Readonly<Record<string, string>> = {
  en: 'en-us',
  es: 'es',
  de: 'de',
  fr: 'fr-fr',
  it: 'it',
  pt: 'pt',
  pl: 'pl',
  nl: 'nl',
  ro: 'ro',
  ru: 'ru',
  uk: 'uk',
  hu: 'hu',
  ko: 'ko',
  zh: 'cmn',
  ja: 'ja',
  ta: 'ta',
  te: 'te',
  hi: 'hi',
  sw: 'sw',
  af: 'af',
  ar: 'ar',
  he: 'he',
};

// The Klatt variants are what PocketSphinx reads best (measured on Spurgeon and KJV text:
// about half the words right, against a third with espeak-ng's default voice), and a
// 5-unit word gap at 160 wpm separates the words for it. Pitch sets the voice apart.
const VOICE_SETTINGS: Readonly<Record<Voice, { variant: string; pitch: number }>> = {
  low: { variant: 'klatt2', pitch: 40 },
  high: { variant: 'klatt5', pitch: 70 },
};
const WORDS_PER_MINUTE = 160;
const WORD_GAP = 5;

/** The espeak-ng voice for a sermon language, or null when espeak-ng has none (e.g. Khmer). */
export function espeakVoice(languageCode: string): string | null {
  return LANGUAGE_VOICES[languageCode] ?? null;
}

/** espeak-ng's reading rate, for sizing a text to a duration. */
export const SPOKEN_WORDS_PER_MINUTE = WORDS_PER_MINUTE;

export type SpokenAudioOptions = ToolOptions & {
  text: string;
  /** Sermon language (ISO 639-1); must have an espeakVoice. */
  languageCode: string;
  voice: Voice;
  /** Seed of the room tone. */
  seed: number;
  espeakPath?: string;
};

const execFileAsync = promisify(execFile);

/** espeak-ng reading `text` into a 22.05 kHz WAV file. */
async function speak(wavFile: string, dir: string, options: SpokenAudioOptions): Promise<void> {
  const language = espeakVoice(options.languageCode);
  if (!language) throw new Error(`espeak-ng has no voice for '${options.languageCode}'`);
  const { variant, pitch } = VOICE_SETTINGS[options.voice];
  // The text goes through a file: no argument-length limit, and nothing read as an option.
  const textFile = join(dir, 'text.txt');
  await writeFile(textFile, options.text);
  const args = ['-v', `${language}+${variant}`, '-s', String(WORDS_PER_MINUTE), '-p', String(pitch)];
  args.push('-g', String(WORD_GAP), '-b', '1', '-f', textFile, '-w', wavFile);
  await execFileAsync(options.espeakPath ?? ESPEAK, args, { signal: options.signal });
}

// Output rate and bitrate of the demo's audio (as the speech-like synth's). espeak-ng's level
// needs no gain: its peaks reach -1 dBFS and its loud stretches the synth's RMS (about -12 dBFS).
const SAMPLE_RATE = 44100;
const MP3_BITRATE = '64k';
/** espeak-ng's output rate, kept until the final resampling. */
const SPEECH_RATE = 22050;
/** Silence (with room tone) before and after the speech, seconds. */
const LEAD = 0.8;

const BITEXACT = ['-fflags', '+bitexact', '-flags', '+bitexact', '-map_metadata', '-1'];

/**
 * The filter chain from a speech WAV's pad `input` to the pad `output`: a lead-in and tail, a faint
 * pink room tone so it sounds like a room rather than a studio, mono 44.1 kHz. When `seconds`
 * is given the result is cut (with a fade) or padded to exactly that long.
 */
export function spokenChain(input: string, output: string, seed: number, seconds?: number): string {
  const delay = Math.round(LEAD * 1000);
  const fit =
    seconds === undefined
      ? `apad=pad_len=${Math.round(LEAD * SPEECH_RATE)}` // pad_dur came in ffmpeg 4.2; the npm package's is older
      : `apad,atrim=duration=${seconds},afade=t=out:st=${Math.max(0, seconds - 1)}:d=1`;
  return (
    `[${input}]aresample=${SPEECH_RATE},adelay=${delay},${fit}[spv];` +
    `anoisesrc=c=pink:r=${SPEECH_RATE}:a=0.004:seed=${seed}[spn];` +
    // amix divides by its inputs; the volume multiplies that back (no normalize=0 before ffmpeg 4.4).
    '[spv][spn]amix=inputs=2:duration=first,volume=2,highpass=f=70,' +
    `aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=mono[${output}]`
  );
}

/**
 * Runs `withWav` with a WAV of espeak-ng reading `options.text`, in a temporary folder that
 * is removed afterwards.
 */
export async function withSpeechWav<T>(options: SpokenAudioOptions, withWav: (wav: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'kerygma-speech-'));
  try {
    const wav = join(dir, 'speech.wav');
    await speak(wav, dir, options);
    return await withWav(wav);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes espeak-ng reading `text` as mono 44.1 kHz MP3 (the speech-like synth's format) to `outFile`. */
export async function spokenAudio(outFile: string, options: SpokenAudioOptions): Promise<void> {
  await withSpeechWav(options, (wav) =>
    run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        wav,
        '-filter_complex',
        spokenChain('0:a', 'out', options.seed),
        '-map',
        '[out]',
        '-c:a',
        'libmp3lame',
        '-b:a',
        MP3_BITRATE,
        '-compression_level',
        '7',
        ...BITEXACT,
        '-y',
        outFile,
      ],
      options,
    ),
  );
}
