import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { probe } from '@kerygma/ffmpeg/probe';
import { espeakVoice, hasEspeak, spokenAudio } from '@kerygma/ffmpeg/speech';
import { speechLikeAudio, testPatternVideo } from '@kerygma/ffmpeg/synth';
import { DEMO_ANCHOR, type DemoCatalogue, type DemoSermon } from './demo-catalogue.ts';
import { spokenText } from './demo-speech.ts';

/**
 * Original recordings for a handful of demo sermons, made with @kerygma/ffmpeg: MP3s of
 * espeak-ng reading the sermon's own words (demo-speech.ts; speech-like sound without words when
 * espeak-ng is missing or has no voice for the language), and for video sermons a 360p
 * test-pattern MP4 with the title burnt in and the same speech as its soundtrack. They go through the media pipeline like any upload (seed.ts stores them as
 * originals and queues their encodes), so the demo plays exactly what an upload would.
 * Originals are rendered once into `<mediaDir>/.demo-cache/` (keyed by what they contain;
 * identical renders are shared), so re-seeding costs little.
 */

const CACHE_DIR = '.demo-cache';
const MANIFEST = 'manifest.json';
/** Lengths (2 to 4 minutes) and voices of the audio-only sermons, and without espeak-ng their shared renders. */
const AUDIO_VARIANTS = 6;
/** Video length: H.264 encoding is the slowest step of the demo's encodes, hence the short clip. */
export const VIDEO_SECONDS = 60;
/** ffmpeg processes at once. */
const MAX_PROCESSES = 2;

/** One demo original, ready to be stored as an upload of its sermon. */
export type DemoOriginal = {
  sermonId: string;
  uploadType: 'original-audio' | 'original-video';
  /** The rendered file in the cache (copy it; never move it). */
  file: string;
  /** The file name a broadcaster would have uploaded. */
  filename: string;
  sizeBytes: number;
  durationSeconds: number;
  /** What the tracker's 'original-analyzed' entry says, as for an upload. */
  detail: string;
};

type ManifestEntry = { size: number; durationSeconds?: number; detail?: string };
type Manifest = { version: string; files: Record<string, ManifestEntry> };

/**
 * Hash of the code that decides the rendered bytes: the synthesiser, the speech, the spoken
 * text's making and this file. (The spoken text itself is in each render's name.)
 */
async function generatorVersion(): Promise<string> {
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256');
  const files = [
    require.resolve('@kerygma/ffmpeg/synth'),
    require.resolve('@kerygma/ffmpeg/speech'),
    fileURLToPath(new URL('./demo-speech.ts', import.meta.url)),
    fileURLToPath(import.meta.url),
  ];
  for (const file of files) hash.update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

/** Short hash of what a spoken render says and how, for its cache name. */
const speechKey = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16);

/**
 * The sermons that get media: recent published ones from different broadcasters, up to 8 with
 * video, interleaved so that any prefix mixes video and audio-only sermons (video first).
 */
export function chooseMediaSermons(catalogue: DemoCatalogue, count: number): DemoSermon[] {
  if (count <= 0) return [];
  const published = catalogue.sermons
    .filter((s) => s.publishTimestamp !== null && s.publishTimestamp <= DEMO_ANCHOR)
    .sort(
      (a, b) =>
        (a.pickDate ? 0 : 1) - (b.pickDate ? 0 : 1) ||
        b.preachDate.localeCompare(a.preachDate) ||
        a.sermonId.localeCompare(b.sermonId),
    );
  const take = (list: DemoSermon[], n: number, used: Set<string>) => {
    const out: DemoSermon[] = [];
    for (const s of list) {
      if (out.length >= n) break;
      if (used.has(s.broadcasterId)) continue;
      used.add(s.broadcasterId);
      out.push(s);
    }
    return out;
  };
  const videoCount = Math.min(6, Math.max(1, Math.round(count / 5)));
  const videos = take(
    published.filter((s) => s.hasVideo),
    videoCount,
    new Set(),
  );
  const audios = take(
    published.filter((s) => !s.hasVideo),
    count - videos.length,
    new Set(),
  );
  const per = Math.max(1, Math.ceil(audios.length / Math.max(1, videos.length)));
  const out: DemoSermon[] = [];
  for (let i = 0; i < Math.max(videos.length, Math.ceil(audios.length / per)); i++) {
    const v = videos[i];
    if (v) out.push(v);
    out.push(...audios.slice(i * per, (i + 1) * per));
  }
  return out.slice(0, count);
}

/** A tiny promise pool: at most `max` tasks run at once. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

/** What rendering a sermon's original needs to know. */
export type DemoMediaSermon = Pick<
  DemoSermon,
  'sermonId' | 'hasVideo' | 'displayTitle' | 'subtitle' | 'bibleText' | 'moreInfoText' | 'languageCode'
>;

/** The default render cache of a media folder. */
export const demoCacheDir = (mediaDir: string) => path.join(mediaDir, CACHE_DIR);

/**
 * Renders (or finds in the cache) the originals of `sermons` (see chooseMediaSermons), handing
 * each to `ready` as soon as it exists. Returns the sermons whose original failed, with why.
 */
export async function buildDemoOriginals(
  sermons: readonly DemoMediaSermon[],
  options: {
    /** Where renders are kept between runs (demoCacheDir of the media folder, unless set elsewhere). */
    cacheDir: string;
    ready: (original: DemoOriginal) => Promise<void>;
    signal?: AbortSignal;
    /** Told once when the recordings will have no words (espeak-ng missing). */
    warn?: (message: string) => void;
    /** The espeak-ng program (ESPEAK unless set). */
    espeakPath?: string;
  },
): Promise<{ rendered: number; failed: string[] }> {
  if (!sermons.length) return { rendered: 0, failed: [] };
  const cacheDir = options.cacheDir;
  await mkdir(cacheDir, { recursive: true });
  const manifestFile = path.join(cacheDir, MANIFEST);
  const version = await generatorVersion();
  let manifest: Record<string, ManifestEntry> = {};
  try {
    const stored = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    // Renders by other code (a changed synthesiser or seed) are made again.
    if (stored.version === version) manifest = stored.files;
  } catch {
    // first run, or an unreadable manifest: everything is rendered again
  }
  const { espeakPath } = options;
  const speaks = await hasEspeak(espeakPath);
  if (!speaks) {
    options.warn?.(
      'demo media: espeak-ng is not installed, so the demo recordings are speech-like sound without words ' +
        '(Debian/Ubuntu: apt-get install espeak-ng)',
    );
  }
  const limit = limiter(MAX_PROCESSES);
  const pending = new Map<string, Promise<{ file: string; entry: ManifestEntry }>>();
  let rendered = 0;

  /** The cache file `name`, rendered by `produce(tempFile)` and probed, unless present with its recorded size. */
  const cached = (name: string, produce: (out: string) => Promise<void>) => {
    let p = pending.get(name);
    if (!p) {
      p = (async () => {
        const file = path.join(cacheDir, name);
        const recorded = manifest[name];
        if (recorded?.detail && (await sizeOf(file)) === recorded.size) return { file, entry: recorded };
        const temp = path.join(cacheDir, `tmp-${process.pid}-${name}`);
        options.signal?.throwIfAborted();
        await limit(() => produce(temp));
        await rename(temp, file);
        const info = await probe(file);
        const entry: ManifestEntry = {
          size: (await stat(file)).size,
          durationSeconds: info.durationSeconds,
          detail: [`${info.durationSeconds.toFixed(1)} s`, info.audioCodec, info.videoCodec].filter(Boolean).join(', '),
        };
        manifest[name] = entry;
        rendered++;
        return { file, entry };
      })();
      pending.set(name, p);
    }
    return p;
  };

  let videoIndex = 0;
  let audioIndex = 0;
  const build = async (sermon: DemoMediaSermon): Promise<string | null> => {
    const video = sermon.hasVideo;
    const index = video ? videoIndex++ : audioIndex++;
    try {
      let made: { file: string; entry: ManifestEntry };
      const voice = index % 2 ? 'high' : 'low';
      const variant = index % AUDIO_VARIANTS;
      const seconds = video ? VIDEO_SECONDS : 120 + Math.round((variant * 120) / Math.max(1, AUDIO_VARIANTS - 1)); // 2 to 4 minutes
      const speech =
        speaks && espeakVoice(sermon.languageCode)
          ? { text: spokenText(sermon, seconds), languageCode: sermon.languageCode }
          : undefined;
      if (video) {
        const seed = 9001 + index;
        const said = speech ? `-${speechKey(speech.text, speech.languageCode, voice)}` : '';
        made = await cached(`video-${sermon.sermonId}-${seed}-${VIDEO_SECONDS}${said}.mp4`, (out) =>
          testPatternVideo(out, {
            seconds: VIDEO_SECONDS,
            seed,
            width: 640,
            height: 360,
            title: sermon.displayTitle,
            voice,
            speech,
            espeakPath,
          }),
        );
      } else if (speech) {
        // Each sermon says its own words, so its recording is its own.
        const seed = 7001 + variant;
        made = await cached(`spoken-${speechKey(speech.text, speech.languageCode, voice)}.mp3`, (out) =>
          spokenAudio(out, { ...speech, voice, seed, espeakPath }),
        );
      } else {
        const seed = 7001 + variant;
        made = await cached(`speech-${seed}-${seconds}.mp3`, (out) =>
          speechLikeAudio(out, { seconds, seed, voice: variant % 2 ? 'high' : 'low' }),
        );
      }
      await options.ready({
        sermonId: sermon.sermonId,
        uploadType: video ? 'original-video' : 'original-audio',
        file: made.file,
        filename: `sermon-${sermon.sermonId}${video ? '.mp4' : '.mp3'}`,
        sizeBytes: made.entry.size,
        durationSeconds: made.entry.durationSeconds ?? 0,
        detail: made.entry.detail ?? '',
      });
      return null;
    } catch (error) {
      return `${sermon.sermonId}: ${(error as Error).message.split('\n')[0]}`;
    }
  };

  const results = await Promise.all(sermons.map(build));
  const temp = `${manifestFile}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify({ version, files: manifest } satisfies Manifest, null, 1));
  await rename(temp, manifestFile);
  return { rendered, failed: results.filter((r): r is string => r !== null) };
}
