import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binaryFor, type FfmpegBinaries, run, runPipeline, type ToolOptions } from './run.ts';
import { spokenChain, withSpeechWav } from './speech.ts';

// Deterministic demo media for the seed: "speech" made from a tiny formant
// synthesiser built out of lavfi sources and filters, so the site has playable
// files without shipping recordings. Same seed + same ffmpeg build → same bytes.

export type Voice = 'low' | 'high';

export type SpeechLikeAudioOptions = ToolOptions & {
  seconds: number;
  seed: number;
  /** Pitch/formant range; chosen from the seed when omitted. */
  voice?: Voice;
};

export type TestPatternVideoOptions = ToolOptions & {
  seconds: number;
  seed: number;
  width?: number;
  height?: number;
  /** Burnt-in title; drawn only when this ffmpeg has a working drawtext. */
  title?: string;
  voice?: Voice;
  /** Real speech for the soundtrack (espeak-ng must be installed; see speech.ts); speech-like sound otherwise. */
  speech?: { text: string; languageCode: string };
  espeakPath?: string;
};

/** Output rate of the generated files. */
const SAMPLE_RATE = 44100;
// Synthesis runs at half rate (the voice and consonant noise stay below 8 kHz)
// and is upsampled once at the end; that halves the cost of every filter.
const SYNTH_RATE = 22050;
// Envelopes change at syllable rate, so they are evaluated at a low rate and
// upsampled: aevalsrc is an interpreter and dominates the cost per sample.
const ENVELOPE_RATE = 200;
const MP3_BITRATE = '64k';

/** mulberry32: tiny deterministic PRNG for per-seed constants. */
function prng(seed: number): () => number {
  let state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fixed-precision number for expressions (keeps the graph text stable). */
function num(value: number): string {
  return Number(value.toFixed(6)).toString();
}

type Formant = readonly [frequency: number, bandwidth: number];

// Rough adult formants (Hz, bandwidth) for a few vowels (a, e, i, o, u), F1..F3.
const VOWELS: readonly (readonly Formant[])[] = [
  [
    [730, 90],
    [1090, 110],
    [2440, 160],
  ],
  [
    [530, 80],
    [1840, 100],
    [2480, 150],
  ],
  [
    [290, 60],
    [2250, 100],
    [3000, 170],
  ],
  [
    [570, 80],
    [840, 90],
    [2410, 150],
  ],
  [
    [320, 65],
    [900, 90],
    [2250, 150],
  ],
];
// F4 hardly moves between vowels, so it is applied once to the shared source.
const F4: Formant = [3450, 250];

/** Klatt-style two-pole resonator: y = A·x + B·y[-1] + C·y[-2], unity gain at DC. */
function resonator([frequency, bandwidth]: Formant, sampleRate: number): { a: number; b: number; c: number } {
  const c = -Math.exp((-2 * Math.PI * bandwidth) / sampleRate);
  const b = 2 * Math.exp((-Math.PI * bandwidth) / sampleRate) * Math.cos((2 * Math.PI * frequency) / sampleRate);
  return { a: 1 - b - c, b, c };
}

/** The resonator as an ffmpeg biquad at the synthesis rate, scaled by `gain`. */
function resonatorFilter(formant: Formant, gain = 1): string {
  const { a, b, c } = resonator(formant, SYNTH_RATE);
  return `biquad=b0=${a * gain}:b1=0:b2=0:a0=1:a1=${-b}:a2=${-c}`;
}

/** |H(f)| of a resonator cascade. */
function cascadeGain(formants: readonly Formant[], frequency: number, sampleRate: number): number {
  const w = (2 * Math.PI * frequency) / sampleRate;
  let gain = 1;
  for (const formant of formants) {
    const { a, b, c } = resonator(formant, sampleRate);
    // Denominator 1 - b·z⁻¹ - c·z⁻² at z = e^{jw}.
    const re = 1 - b * Math.cos(w) - c * Math.cos(2 * w);
    const im = b * Math.sin(w) + c * Math.sin(2 * w);
    gain *= Math.abs(a) / Math.hypot(re, im);
  }
  return gain;
}

/** RMS of a sawtooth at `f0` after the cascade, from its harmonic series. */
function voicedRms(formants: readonly Formant[], f0: number, sampleRate: number): number {
  let power = 0;
  for (let n = 1; n * f0 < sampleRate / 2; n++) {
    const amplitude = (2 / (Math.PI * n)) * cascadeGain(formants, n * f0, sampleRate);
    power += (amplitude * amplitude) / 2;
  }
  return Math.sqrt(power);
}

export type SpeechGraph = {
  /** Filtergraph chains (for -filter_complex) ending in the `[label]` pad. */
  graph: string;
  label: string;
};

/**
 * The speech-like audio filtergraph (mono, 44.1 kHz float), for embedding in a
 * larger -filter_complex. Labels are prefixed with `prefix` to avoid clashes.
 */
export function speechGraph(options: { seconds: number; seed: number; voice?: Voice }, prefix = 'sp'): SpeechGraph {
  const { seconds, seed } = options;
  const random = prng(seed);
  const voice: Voice = options.voice ?? (random() < 0.5 ? 'low' : 'high');
  const f0 = voice === 'low' ? 98 + random() * 30 : 185 + random() * 45;
  const formantScale = (voice === 'low' ? 1 : 1.15) * (0.96 + random() * 0.08);
  const f4: Formant = [F4[0] * formantScale, F4[1]];
  const syllableRate = 3.6 + random() * 1.0;
  // The phrase period is a whole number of samples so the looped glottal source
  // (which carries the phrase's falling intonation) stays aligned with phrases.
  const phraseSamples = Math.round((2.6 + random() * 1.3) * SYNTH_RATE);
  const phrase = phraseSamples / SYNTH_RATE;
  const salt = num(random() * 1000);
  const phases = Array.from({ length: 4 }, () => num(random() * 2 * Math.PI));
  const noiseSeed = Math.floor(random() * 2 ** 31);

  const hash = (x: string) => `mod(abs(sin((${x})*12.9898+${salt})*43758.5453),1)`;
  const p = (i: number) => phases[i] ?? '0';

  // Glottal source: a sawtooth whose pitch falls across the phrase with a few
  // accents, plus a little breath noise. Phase accumulates in var 0.
  const contour =
    `(1.14-0.26*t/${num(phrase)}` +
    `+0.05*sin(2*PI*3*t/${num(phrase)}+${p(0)})` +
    `+0.035*sin(2*PI*7*t/${num(phrase)}+${p(1)}))`;
  const source =
    `st(0,mod(ld(0)+${num(f0 / SYNTH_RATE)}*${contour},1));` +
    `if(eq(n,0),st(1,${noiseSeed % 1000}));` +
    '(1-2*ld(0))+0.08*(2*random(1)-1)';

  // Envelopes. Vars: 0 syllable clock u, 1 syllable index k, 2 position in the
  // syllable, 5 position in the phrase, 6 phrase index, 7 speaking share of the
  // phrase, 3 phrase gate, 4 syllable loudness. The syllable clock is
  // time-warped so syllable lengths vary; each phrase ends in a pause of varying
  // length; each syllable picks a vowel and maybe a consonant onset.
  const warpA = 0.22;
  const warpB = 0.12;
  const ramp = num(phrase / 0.08);
  const envelopeCore =
    `st(0,t*${num(syllableRate)}+${warpA}*sin(2*PI*0.31*t+${p(2)})+${warpB}*sin(2*PI*0.77*t+${p(3)}));` +
    'st(1,floor(ld(0)));st(2,ld(0)-ld(1));' +
    `st(5,t/${num(phrase)});st(6,floor(ld(5)));st(5,ld(5)-ld(6));` +
    `st(7,0.68+0.2*${hash('ld(6)')});` +
    `st(3,clip(ld(5)*${ramp},0,1)*clip((ld(7)-ld(5))*${ramp},0,1));` +
    `st(4,if(lt(${hash('ld(1)+101')},0.08),0.04,0.45+0.55*${hash('ld(1)+202')}));`;
  const vowelEnvelope = (vowel: number) =>
    `${envelopeCore}ld(3)*ld(4)*(0.1+0.9*pow(sin(PI*ld(2)),2))*eq(floor(${VOWELS.length}*${hash('ld(1)+303')}),${vowel})`;
  const consonantEnvelope = `${envelopeCore}ld(3)*ld(4)*gt(${hash('ld(1)+404')},0.35)*exp(-9*ld(2))`;
  const envelopeExprs = [...VOWELS.map((_, i) => vowelEnvelope(i)), consonantEnvelope];
  // channelsplit needs a layout with exactly one channel per envelope.
  const layout = '5.1';
  if (envelopeExprs.length !== 6) throw new Error('envelope/layout mismatch');

  const l = (name: string) => `[${prefix}${name}]`;
  const chains: string[] = [];
  chains.push(
    `aevalsrc=exprs='${source}':s=${SYNTH_RATE}:d=${num(phrase)},` +
      `${resonatorFilter(f4)},aloop=loop=-1:size=${phraseSamples},asplit=${VOWELS.length}${VOWELS.map((_, i) => l(`src${i}`)).join('')}`,
  );
  chains.push(
    `aevalsrc=exprs='${envelopeExprs.join('|')}':c=${layout}:s=${ENVELOPE_RATE}:d=${num(seconds)},` +
      `aresample=${SYNTH_RATE},channelsplit=channel_layout=${layout}` +
      envelopeExprs.map((_, i) => l(`env${i}`)).join(''),
  );
  const targetRms = 0.2;
  VOWELS.forEach((vowel, i) => {
    const formants = vowel.map(([f, bw]) => [f * formantScale, bw] as const);
    const gain = targetRms / voicedRms([...formants, f4], f0, SYNTH_RATE);
    // Output gain is folded into the first resonator's b0.
    const filters = formants.map((formant, j) => resonatorFilter(formant, j === 0 ? gain : 1));
    chains.push(`${l(`src${i}`)}${filters.join(',')}${l(`v${i}`)}`);
    chains.push(`${l(`v${i}`)}${l(`env${i}`)}amultiply${l(`m${i}`)}`);
  });
  // Consonants: band-limited noise bursts at syllable onsets.
  const consonant = VOWELS.length;
  chains.push(
    `anoisesrc=c=white:r=${SYNTH_RATE}:a=0.25:seed=${noiseSeed}:d=${num(seconds)},` +
      `highpass=f=2200,lowpass=f=7000${l('noise')}`,
  );
  chains.push(`${l('noise')}${l(`env${consonant}`)}amultiply${l(`m${consonant}`)}`);
  // The voices are summed: amix divides by its input count (ffmpeg before 4.4, the npm
  // package's 4.1 among them, has no `normalize=0`), and the volume multiplies that back.
  const voices = envelopeExprs.length;
  chains.push(
    `${envelopeExprs.map((_, i) => l(`m${i}`)).join('')}amix=inputs=${voices},volume=${voices},` +
      `highpass=f=70,atrim=duration=${num(seconds)},aresample=${SAMPLE_RATE},` +
      `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=mono${l('out')}`,
  );
  return { graph: chains.join(';'), label: `${prefix}out` };
}

// Strip encoder/version tags so output bytes depend only on the inputs.
const BITEXACT = ['-fflags', '+bitexact', '-flags', '+bitexact', '-map_metadata', '-1'];

function checkDuration(seconds: number): void {
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new RangeError(`seconds must be a positive number, got ${seconds}`);
}

/** Writes `seconds` of speech-like mono 44.1 kHz MP3 to `outFile`. */
export async function speechLikeAudio(outFile: string, options: SpeechLikeAudioOptions): Promise<void> {
  checkDuration(options.seconds);
  const { graph, label } = speechGraph(options);
  const raw = ['-f', 'f32le', '-ac', '1', '-ar', String(SAMPLE_RATE)];
  // Synthesis and MP3 encoding are each single-threaded; piping raw samples
  // between two processes runs them on two cores (5 minutes: ~2.0 s down to ~1.45 s here).
  await runPipeline(
    {
      tool: 'ffmpeg',
      args: [
        '-v',
        'error',
        '-filter_complex',
        graph,
        '-map',
        `[${label}]`,
        '-t',
        num(options.seconds),
        ...raw,
        'pipe:1',
      ],
    },
    {
      tool: 'ffmpeg',
      args: [
        '-v',
        'error',
        ...raw,
        '-i',
        'pipe:0',
        '-c:a',
        'libmp3lame',
        '-b:a',
        MP3_BITRATE,
        // LAME's -q 7: much faster than the default -q 3, fine for speech.
        '-compression_level',
        '7',
        ...BITEXACT,
        '-y',
        outFile,
      ],
    },
    options,
  );
}

const drawtextSupport = new Map<string, Promise<boolean>>();

/**
 * Whether this ffmpeg can draw text: the filter must be compiled in and a font
 * must resolve, so render one tiny frame rather than just grep `-filters`.
 * Cached per binary.
 */
export function hasDrawtext(options: FfmpegBinaries = {}): Promise<boolean> {
  const binary = binaryFor('ffmpeg', options);
  let cached = drawtextSupport.get(binary);
  if (!cached) {
    cached = run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=c=black:s=64x64:d=0.04,drawtext=text=x',
        '-frames:v',
        '1',
        '-f',
        'null',
        '-',
      ],
      { ffmpegPath: options.ffmpegPath },
    ).then(
      () => true,
      () => false,
    );
    drawtextSupport.set(binary, cached);
  }
  return cached;
}

/**
 * Word-wraps `title` for drawtext, which never wraps or shrinks text itself.
 * Widths are estimated (~0.6 em per character in the default sans font).
 */
export function wrapTitle(title: string, maxChars: number, maxLines = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const ellipsis = (text: string) => `${text.slice(0, Math.max(1, maxChars - 1)).trimEnd()}…`;
  const fitted = lines.slice(0, maxLines).map((l) => (l.length > maxChars ? ellipsis(l) : l));
  const last = fitted.length - 1;
  const lastLine = fitted[last];
  if (lines.length > maxLines && lastLine !== undefined && !lastLine.endsWith('…')) {
    fitted[last] = ellipsis(lastLine);
  }
  return fitted;
}

/** Escapes an option value for a filtergraph: option level, then graph level. */
function escapeFilterValue(value: string): string {
  return value.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');
}

/**
 * Writes an H.264/AAC MP4 test pattern (testsrc2, hue varied by seed) with a spoken
 * (`speech`) or speech-like audio track and, when possible, `title` burnt in.
 */
export async function testPatternVideo(outFile: string, options: TestPatternVideoOptions): Promise<void> {
  checkDuration(options.seconds);
  const { speech } = options;
  if (!speech) return renderTestPattern(outFile, options, null);
  const voice = options.voice ?? (prng(options.seed)() < 0.5 ? 'low' : 'high');
  return withSpeechWav({ ...options, ...speech, voice }, (wav) => renderTestPattern(outFile, options, wav));
}

async function renderTestPattern(outFile: string, options: TestPatternVideoOptions, speechWav: string | null) {
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  if (width % 2 || height % 2) throw new RangeError('width and height must be even (yuv420p)');
  const hue = Math.floor(prng(options.seed ^ 0x5f3759df)() * 360);
  const audio = speechWav
    ? { graph: spokenChain('0:a', 'spout', options.seed, options.seconds), label: 'spout' }
    : speechGraph(options, 'sp');

  let tempDir: string | undefined;
  try {
    let video = `testsrc2=s=${width}x${height}:r=25:d=${num(options.seconds)},hue=h=${hue}`;
    if (options.title && (await hasDrawtext(options))) {
      // The title goes through a file so no filtergraph escaping applies to it.
      tempDir = await mkdtemp(join(tmpdir(), 'kerygma-title-'));
      const titleFile = join(tempDir, 'title.txt');
      const fontSize = Math.max(10, Math.round(height / 14));
      const maxChars = Math.max(8, Math.floor((width * 0.9) / (fontSize * 0.6)));
      await writeFile(titleFile, wrapTitle(options.title, maxChars).join('\n'));
      video +=
        `,drawtext=textfile=${escapeFilterValue(titleFile)}:expansion=none` +
        `:fontsize=${fontSize}:fontcolor=white:line_spacing=${Math.round(fontSize / 4)}` +
        ':box=1:boxcolor=black@0.6:boxborderw=10:x=(w-text_w)/2:y=h/8';
    }
    await run(
      'ffmpeg',
      [
        '-v',
        'error',
        ...(speechWav ? ['-i', speechWav] : []),
        '-filter_complex',
        // ffmpeg 5.1 does not re-frame complex-graph audio for AAC's fixed
        // 1024-sample frames ("more samples than frame size"), so do it here.
        `${video}[vout];${audio.graph};[${audio.label}]asetnsamples=n=1024:p=0[aout]`,
        '-map',
        '[vout]',
        '-map',
        '[aout]',
        '-t',
        num(options.seconds),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '26',
        '-pix_fmt',
        'yuv420p',
        // A keyframe every 2 s keeps seeking snappy in the player.
        '-g',
        '50',
        '-c:a',
        'aac',
        '-b:a',
        '96k',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-movflags',
        '+faststart',
        ...BITEXACT,
        '-y',
        outFile,
      ],
      options,
    );
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}
