import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FfmpegError, run, type Tool } from './run.ts';

/**
 * Finds the ffmpeg and ffprobe the media functions can use, each on its own: the one named by
 * FFMPEG_PATH / FFPROBE_PATH when set (and nothing else then), else the system's on PATH, else
 * the one shipped in the optional npm packages @ffmpeg-installer/ffmpeg and
 * @ffprobe-installer/ffprobe (a static ffmpeg 4.1 from 2018 and a static ffprobe from 2023),
 * so that a machine with only Node still encodes. An ffmpeg counts only when it has every
 * encoder, muxer, demuxer and filter below.
 */

/**
 * What the pipeline and the demo's synthesiser ask of ffmpeg: renditions/audio.ts,
 * renditions/video.ts, renditions/thumbnail.ts and synth.ts. Keep it in step with them.
 */
export const PIPELINE_NEEDS = {
  encoders: ['aac', 'libmp3lame', 'libx264', 'libwebp', 'mjpeg', 'pcm_f32le', 'pcm_s16le'],
  muxers: ['hls', 'mp3', 'mp4', 'image2', 'webp', 'f32le', 's16le'],
  // The uploads most often seen, the PCM pipe between two ffmpegs, and HLS (the MP4 downloads are remuxed from it).
  demuxers: ['mov', 'mp3', 'f32le', 'hls'],
  filters: [
    'aresample',
    'asplit',
    'asetnsamples',
    'aformat',
    'split',
    'scale',
    'format',
    'fps',
    'crop',
    'setsar',
    // synth.ts (demo media); drawtext is optional there: without it titles are not drawn.
    'aevalsrc',
    'anoisesrc',
    'biquad',
    'aloop',
    'channelsplit',
    'amultiply',
    'amix',
    'volume',
    'highpass',
    'lowpass',
    'atrim',
    'testsrc2',
    'hue',
  ],
} as const;

type Need = keyof typeof PIPELINE_NEEDS;

/** Where a binary was found. */
export type BinarySource = 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'PATH' | 'npm package';

export type FoundBinary = {
  path: string;
  source: BinarySource;
  version: string;
  /** Binaries tried before it, and why they did not do (the system's lacking an encoder, say). */
  passedOver: string[];
};

export type FfmpegLookup =
  | { ok: true; ffmpeg: FoundBinary; ffprobe: FoundBinary }
  /** One line per tool without a working binary: what was tried and why each did not do. */
  | { ok: false; problems: string[] };

export type LookupOptions = {
  /** FFMPEG_PATH, FFPROBE_PATH and PATH are read from here (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** The npm packages' binaries (default: resolved from node_modules). */
  packaged?: () => Partial<Record<Tool, string>>;
};

const ENV_NAME = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const satisfies Record<Tool, BinarySource>;
const PACKAGE = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' } as const;

/** The binaries the optional npm packages ship for this platform, when installed. */
export function packagedBinaries(): Partial<Record<Tool, string>> {
  const require = createRequire(import.meta.url);
  const found: Partial<Record<Tool, string>> = {};
  for (const tool of ['ffmpeg', 'ffprobe'] as const) {
    try {
      found[tool] = (require(PACKAGE[tool]) as { path: string }).path;
    } catch {
      // Not installed (optional dependencies skipped), or no build for this platform.
    }
  }
  return found;
}

/** `name` as the shell would find it on `pathVariable`, or undefined. */
function onPath(name: string, pathVariable: string | undefined): string | undefined {
  const suffixes = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (pathVariable ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const suffix of suffixes) {
      const file = path.join(dir, name + suffix);
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** The names listed by `ffmpeg -encoders|-muxers|-demuxers|-filters` (the second column; demuxers may list several, comma-separated). */
export function listedNames(output: string): Set<string> {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => /^\s*-+\s*$/.test(line));
  const names = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    const name = line.trim().split(/\s+/)[1];
    for (const n of name?.split(',') ?? []) names.add(n);
  }
  return names;
}

/** The first line's version ("ffmpeg version 5.1.9-0+deb12u1 …" → "5.1.9-0+deb12u1"). */
function versionOf(output: string): string {
  return /version (\S+)/.exec(output)?.[1] ?? 'unknown';
}

/** Why a binary could not be run, in a few words. */
function whyNot(error: unknown): string {
  const code = (error instanceof Error && (error.cause as NodeJS.ErrnoException | undefined)?.code) || undefined;
  if (code === 'ENOENT') return 'not found';
  if (code === 'EACCES') return 'not executable';
  const text = error instanceof FfmpegError ? error.stderrTail : String(error);
  return text.split('\n')[0] || 'failed';
}

/** Why `file` is not a usable `tool`, or its version. */
async function check(tool: Tool, file: string): Promise<{ version: string } | { problem: string }> {
  const binaries = { ffmpegPath: file, ffprobePath: file };
  let banner: string;
  try {
    banner = (await run(tool, ['-version'], binaries)).stdout.toString();
  } catch (error) {
    return { problem: `${file} does not run (${whyNot(error)})` };
  }
  if (!banner.startsWith(`${tool} version`)) return { problem: `${file} is not ${tool}` };
  const version = versionOf(banner);
  if (tool === 'ffprobe') return { version };
  const needs = Object.keys(PIPELINE_NEEDS) as Need[];
  const lists = await Promise.all(needs.map((need) => run('ffmpeg', [`-${need}`], binaries)));
  const missing = needs.flatMap((need, i) => {
    const listed = listedNames(lists[i]?.stdout.toString() ?? '');
    return PIPELINE_NEEDS[need].filter((name) => !listed.has(name)).map((name) => `${need.replace(/s$/, '')} ${name}`);
  });
  if (missing.length) return { problem: `${file} (${version}) lacks ${missing.join(', ')}` };
  return { version };
}

/** The first working binary of `tool`, or what was wrong with each tried. */
async function find(tool: Tool, options: LookupOptions): Promise<FoundBinary | { problem: string }> {
  const env = options.env ?? process.env;
  const explicit = env[ENV_NAME[tool]];
  const candidates: { path: string; source: BinarySource }[] = [];
  const absent: string[] = [];
  if (explicit) {
    candidates.push({ path: explicit, source: ENV_NAME[tool] });
  } else {
    const system = onPath(tool, env.PATH);
    if (system) candidates.push({ path: system, source: 'PATH' });
    else absent.push('none on PATH');
    const shipped = (options.packaged ?? packagedBinaries)()[tool];
    if (shipped) candidates.push({ path: shipped, source: 'npm package' });
    else absent.push(`npm package ${PACKAGE[tool]} not installed for this platform`);
  }
  const rejected: string[] = [];
  for (const candidate of candidates) {
    const result = await check(tool, candidate.path);
    if ('version' in result) return { ...candidate, version: result.version, passedOver: rejected };
    rejected.push(`${candidate.source === 'PATH' ? '' : `${candidate.source} `}${result.problem}`);
  }
  return { problem: `${tool}: ${[...absent, ...rejected].join('; ')}` };
}

/** Looks for a working ffmpeg and ffprobe (see the top of this file). Never throws. */
export async function locateFfmpeg(options: LookupOptions = {}): Promise<FfmpegLookup> {
  const [ffmpeg, ffprobe] = await Promise.all([find('ffmpeg', options), find('ffprobe', options)]);
  if ('path' in ffmpeg && 'path' in ffprobe) return { ok: true, ffmpeg, ffprobe };
  return { ok: false, problems: [ffmpeg, ffprobe].flatMap((r) => ('problem' in r ? [r.problem] : [])) };
}
