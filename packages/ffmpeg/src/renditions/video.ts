import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type MediaInfo, NotMediaError, probe } from '../probe.ts';
import { run, type ToolOptions } from '../run.ts';
import {
  AAC_LC_CODECS,
  AUDIO_FILES,
  type AudioRenditionOptions,
  type AudioRenditions,
  audioRenditions,
  seconds,
  trimmedDuration,
} from './audio.ts';
import { type HlsMediaPlaylist, type MasterVariant, masterPlaylist, readMediaPlaylist } from './hls.ts';
import { type ThumbnailSize, videoThumbnail } from './thumbnail.ts';

/**
 * The video ladder of a sermon: H.264 HLS rungs (1080p, 720p, 360p, never above the source),
 * one MP4 download per rung, a master playlist, a JPEG thumbnail with WebP ones beside it
 * (renditions/thumbnail.ts), and the audio renditions (renditions/audio.ts) of the soundtrack.
 *
 * - One decode feeds every rung (split filter); each rung is a video-only fMP4 HLS stream with
 *   keyframes forced on the segment grid, so segments line up across rungs.
 * - Audio is encoded once, by the audio renditions (AAC 64 kb/s HLS), and shared by every rung
 *   as an EXT-X-MEDIA audio group instead of being encoded again per rung.
 * - The MP4 downloads are remuxed (no re-encode) from each rung's segments plus the AAC stream.
 * - Frame rates above 30 are halved (59.94 → 29.97, 50 → 25): a pulpit gains nothing from 60p.
 *
 * Files (relative to the output directory) follow the media URL conventions of spec §3:
 * `video/1080p.mp4`, `video/high.mp4` (720p), `video/low.mp4` (360p), `video/thumbnail.jpg`,
 * `video/thumbnail-<width>.webp`, `hls/master.m3u8`, `hls/video-<rung>.m3u8` and the audio files of AUDIO_FILES.
 */

export type VideoRungName = '1080p' | 'high' | 'low';

export type VideoRungSpec = {
  name: VideoRungName;
  /** Nominal height (the short side, so portrait video gets the same ladder). */
  height: number;
  bitrateKbps: number;
  /** x264 preset. */
  preset: string;
  /** Extra x264 options (`-x264-params`). */
  x264Params?: string;
  /** x264 threads for this rung (0 = x264's own choice). */
  threads?: number;
};

/**
 * Bitrates for mostly static, single-camera sermon video, all at x264 `veryfast`. Measured with
 * bench/media-video.ts (bench/README.md, "Media pipeline"): one ffmpeg already keeps both cores
 * busy, so every x264 shortcut that saves real time (superfast, subme 1, fewer partitions, no
 * mbtree) also lowers SSIM at a fixed bitrate, as do cheaper scalers. Kept: a 20-frame mbtree
 * lookahead (static backgrounds keep their quality across the GOP: higher SSIM at no measurable
 * cost), diamond motion search and no weighted P-prediction (a few per cent less CPU, SSIM
 * unchanged; weighted prediction only pays on fades).
 */
const X264_PARAMS = 'rc-lookahead=20:me=dia:weightp=0';
export const VIDEO_LADDER: readonly VideoRungSpec[] = [
  { name: '1080p', height: 1080, bitrateKbps: 3500, preset: 'veryfast', x264Params: X264_PARAMS },
  { name: 'high', height: 720, bitrateKbps: 1800, preset: 'veryfast', x264Params: X264_PARAMS },
  { name: 'low', height: 360, bitrateKbps: 600, preset: 'veryfast', x264Params: X264_PARAMS },
];

/** swscale algorithm for the downscaled rungs. */
export const VIDEO_SCALER = 'bicubic';
export const VIDEO_SEGMENT_SECONDS = 6;
/** Above this frame rate the ladder runs at half the source rate. */
export const MAX_FRAME_RATE = 31;
/** Nice value of the work that runs beside the ladder (audio renditions, thumbnail). */
const SIDE_WORK_NICENESS = 10;

export type PlannedRung = VideoRungSpec & { width: number; outHeight: number };

/** Display size: coded size turned by the rotation metadata. */
export function displaySize(source: Pick<MediaInfo, 'width' | 'height' | 'rotation'>): {
  width: number;
  height: number;
} {
  const width = source.width ?? 0;
  const height = source.height ?? 0;
  return source.rotation % 180 === 90 ? { width: height, height: width } : { width, height };
}

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/**
 * The rungs to encode for a source: every rung whose height fits in the source's short side
 * (no upscaling), each scaled to keep the aspect ratio with even dimensions. A source smaller
 * than the lowest rung gets that rung alone, at its own size.
 */
export function planLadder(
  source: Pick<MediaInfo, 'width' | 'height' | 'rotation'>,
  ladder: readonly VideoRungSpec[] = VIDEO_LADDER,
): PlannedRung[] {
  const { width, height } = displaySize(source);
  if (!(width > 0 && height > 0)) throw new RangeError('source has no video size');
  const short = Math.min(width, height);
  const sized = (rung: VideoRungSpec, target: number): PlannedRung => {
    const scale = target / short;
    return { ...rung, width: even(width * scale), outHeight: even(height * scale) };
  };
  const sorted = [...ladder].sort((a, b) => b.height - a.height);
  const fitting = sorted.filter((rung) => rung.height <= short);
  if (fitting.length > 0) return fitting.map((rung) => sized(rung, rung.height));
  const lowest = sorted[sorted.length - 1];
  if (!lowest) throw new RangeError('empty ladder');
  return [sized(lowest, short)];
}

/** Output frame rate: the source's, halved while above MAX_FRAME_RATE. */
export function ladderFrameRate(sourceRate: number | null): number | null {
  if (!sourceRate) return null;
  let rate = sourceRate;
  while (rate > MAX_FRAME_RATE) rate /= 2;
  return rate;
}

export const VIDEO_FILES = {
  master: 'hls/master.m3u8',
  thumbnail: 'video/thumbnail.jpg',
  /** A WebP thumbnail by width; `{size}` makes the resizable URL's template. */
  thumbnailWebp: (width: number | '{size}') => `video/thumbnail-${width}.webp`,
  mp4: (rung: VideoRungName) => `video/${rung}.mp4`,
  playlist: (rung: VideoRungName) => `hls/video-${rung}.m3u8`,
  init: (rung: VideoRungName) => `video-${rung}-init.mp4`,
  segments: (rung: VideoRungName) => `hls/video-${rung}-%05d.m4s`,
} as const;

export type LadderCommandOptions = {
  trimStartSeconds?: number;
  segmentSeconds?: number;
  /** Source frame rate (from probe), for the 30 fps cap and the GOP length. */
  sourceFrameRate?: number | null;
  scaler?: string;
};

/** x264 + HLS output options of one rung. */
function rungOutput(rung: PlannedRung, outDir: string, gop: number, segment: number): string[] {
  const k = rung.bitrateKbps;
  return [
    '-c:v',
    'libx264',
    '-preset',
    rung.preset,
    '-profile:v',
    'high',
    '-b:v',
    `${k}k`,
    '-maxrate',
    `${Math.round(k * 1.5)}k`,
    '-bufsize',
    `${k * 2}k`,
    '-g',
    String(gop),
    // Keyframes on the segment grid make every rung cut its segments at the same times.
    '-force_key_frames',
    `expr:gte(t,n_forced*${segment})`,
    ...(rung.x264Params ? ['-x264-params', rung.x264Params] : []),
    ...(rung.threads !== undefined ? ['-threads', String(rung.threads)] : []),
    '-an',
    '-sn',
    '-map_metadata',
    '-1',
    '-f',
    'hls',
    '-hls_time',
    String(segment),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    VIDEO_FILES.init(rung.name),
    '-hls_segment_filename',
    join(outDir, VIDEO_FILES.segments(rung.name)),
    '-hls_flags',
    'independent_segments',
    '-y',
    join(outDir, VIDEO_FILES.playlist(rung.name)),
  ];
}

/**
 * The single ffmpeg command that encodes every rung to HLS (pure): one decode, a constant
 * frame rate, then `split` and one scale per rung.
 */
export function videoLadderCommand(
  input: string,
  outDir: string,
  rungs: readonly PlannedRung[],
  options: LadderCommandOptions = {},
): string[] {
  if (rungs.length === 0) throw new RangeError('no rungs');
  const trim = options.trimStartSeconds ?? 0;
  const segment = options.segmentSeconds ?? VIDEO_SEGMENT_SECONDS;
  const scaler = options.scaler ?? VIDEO_SCALER;
  const rate = ladderFrameRate(options.sourceFrameRate ?? null);
  const gop = Math.max(1, Math.round(segment * (rate ?? 30)));
  // A constant frame rate keeps every rung on the same frame grid.
  const head = [rate ? `fps=${Number(rate.toFixed(6))}` : null, 'format=yuv420p'].filter(Boolean).join(',');
  const scale = (r: PlannedRung) => `scale=${r.width}:${r.outHeight}:flags=${scaler}`;
  const graph =
    rungs.length === 1
      ? `[0:v:0]${head},${scale(rungs[0] as PlannedRung)}[v0]`
      : [
          `[0:v:0]${head},split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`,
          ...rungs.map((r, i) => `[s${i}]${scale(r)}[v${i}]`),
        ].join(';');
  const args = ['-v', 'error', ...(trim > 0 ? ['-ss', seconds(trim)] : []), '-i', input, '-filter_complex', graph];
  rungs.forEach((rung, i) => {
    args.push('-map', `[v${i}]`, ...rungOutput(rung, outDir, gop, segment));
  });
  return args;
}

export type VideoRenditionOptions = ToolOptions & {
  /** videoTrimStart: skip the first N seconds (video and audio). */
  trimStartSeconds?: number;
  /** videoThumbPosition: seconds into the trimmed video; default a tenth of it, at most 60 s. */
  thumbPositionSeconds?: number;
  /** WebP thumbnails of the same frame to write beside the JPEG (VIDEO_FILES.thumbnailWebp). */
  thumbnailSizes?: readonly ThumbnailSize[];
  /** The input's probe, when the caller already has it. */
  source?: MediaInfo;
  ladder?: readonly VideoRungSpec[];
  scaler?: string;
  segmentSeconds?: number;
  /** Options for the audio renditions of the soundtrack (bitrates, tags, waveform). */
  audio?: Omit<AudioRenditionOptions, keyof ToolOptions | 'source' | 'trimStartSeconds'>;
};

export type MediaFile = { path: string; sizeBytes: number; durationSeconds: number; bitrate: number };

export type VideoRendition = {
  name: VideoRungName;
  width: number;
  height: number;
  frameRate: number | null;
  /** RFC 6381 codec string of the video, e.g. avc1.640028. */
  codecs: string;
  hls: HlsMediaPlaylist;
  /** Download: this rung's video plus the AAC soundtrack, faststart MP4. */
  mp4: MediaFile;
};

export type VideoRenditions = {
  source: MediaInfo;
  durationSeconds: number;
  rungs: VideoRendition[];
  /** Master playlist path. */
  master: string;
  thumbnail: {
    path: string;
    width: number;
    height: number;
    positionSeconds: number;
    webp: (ThumbnailSize & { path: string })[];
  };
  /** Null when the video has no soundtrack. */
  audio: AudioRenditions | null;
};

/**
 * avc1.PPCCLL from ffprobe's profile name and level of an H.264 stream. The ladder always asks
 * x264 for High profile, which sets no constraint flags.
 */
export function avc1Codec(profile: string, level: number): string {
  const profiles: Record<string, number> = { baseline: 66, main: 77, high: 100 };
  const idc = profiles[profile.toLowerCase()] ?? 100;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `avc1.${hex(idc)}00${hex(level)}`;
}

async function h264Codec(file: string, options: ToolOptions): Promise<string> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=profile,level', '-of', 'json', file],
    options,
  );
  const stream = (JSON.parse(stdout.toString('utf8')) as { streams?: { profile?: string; level?: number }[] })
    .streams?.[0];
  const level = stream?.level !== undefined && stream.level > 0 ? stream.level : 40;
  return avc1Codec(stream?.profile ?? 'High', level);
}

/** Remuxes a rung's HLS video (plus the AAC HLS, if any) into a faststart MP4. */
async function remuxMp4(
  videoPlaylist: string,
  audioPlaylist: string | null,
  outFile: string,
  options: ToolOptions,
): Promise<MediaFile> {
  const inputs = ['-i', videoPlaylist, ...(audioPlaylist ? ['-i', audioPlaylist] : [])];
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      ...inputs,
      '-map',
      '0:v:0',
      ...(audioPlaylist ? ['-map', '1:a:0'] : []),
      '-c',
      'copy',
      '-map_metadata',
      '-1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      outFile,
    ],
    options,
  );
  const info = await probe(outFile, options);
  return {
    path: outFile,
    sizeBytes: info.sizeBytes,
    durationSeconds: info.durationSeconds,
    bitrate: info.bitrate ?? Math.round((info.sizeBytes * 8) / info.durationSeconds),
  };
}

/**
 * Writes the video renditions of `input` under `outDir` (see VIDEO_FILES and AUDIO_FILES).
 * Rejects with NotMediaError when the input has no video.
 */
export async function videoRenditions(
  input: string,
  outDir: string,
  options: VideoRenditionOptions = {},
): Promise<VideoRenditions> {
  const source = options.source ?? (await probe(input, options));
  if (!source.hasVideo) throw new NotMediaError(input, 'it has no video');
  const trim = options.trimStartSeconds ?? 0;
  const durationSeconds = trimmedDuration(source.durationSeconds, trim);
  const rungs = planLadder(source, options.ladder);
  const frameRate = ladderFrameRate(source.frameRate);
  await Promise.all(['hls', 'video'].map((dir) => mkdir(join(outDir, dir), { recursive: true })));

  // One failure stops the other processes, and the job settles only once they have all exited.
  const job = new AbortController();
  const tool: ToolOptions = {
    ffmpegPath: options.ffmpegPath,
    ffprobePath: options.ffprobePath,
    signal: options.signal ? AbortSignal.any([options.signal, job.signal]) : job.signal,
  };
  const top = rungs[0];
  if (!top) throw new RangeError('no rungs planned');
  const thumbPosition = Math.min(
    Math.max(0, options.thumbPositionSeconds ?? Math.min(durationSeconds / 10, 60)),
    Math.max(0, durationSeconds - 0.5),
  );
  const thumbnailPath = join(outDir, VIDEO_FILES.thumbnail);
  const webp = (options.thumbnailSizes ?? []).map((size) => ({
    ...size,
    path: join(outDir, VIDEO_FILES.thumbnailWebp(size.width)),
  }));

  // The ladder keeps both cores nearly busy; the soundtrack's renditions and the thumbnail run
  // beside it at a lower priority, in the time the ladder's threads leave idle.
  const side: ToolOptions = { ...tool, niceness: SIDE_WORK_NICENESS };
  const settled = await Promise.allSettled(
    [
      run(
        'ffmpeg',
        videoLadderCommand(input, outDir, rungs, {
          trimStartSeconds: trim,
          segmentSeconds: options.segmentSeconds,
          sourceFrameRate: source.frameRate,
          scaler: options.scaler,
        }),
        tool,
      ),
      source.hasAudio
        ? audioRenditions(input, outDir, {
            // Audio segments on the same grid as the video's.
            hlsSegmentSeconds: options.segmentSeconds,
            ...options.audio,
            ...side,
            source,
            trimStartSeconds: trim,
          })
        : null,
      videoThumbnail(input, thumbnailPath, {
        ...side,
        positionSeconds: thumbPosition,
        trimStartSeconds: trim,
        width: top.width,
        height: top.outHeight,
        webp,
      }),
    ].map((task) =>
      Promise.resolve(task).catch((error: unknown) => {
        job.abort(error);
        throw error;
      }),
    ),
  );
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw options.signal?.aborted ? options.signal.reason : failed.reason;
  const audio = (settled[1] as PromiseFulfilledResult<AudioRenditions | null>).value;

  const audioPlaylist = audio ? join(outDir, AUDIO_FILES.hlsPlaylist) : null;
  const renditions = await Promise.all(
    rungs.map(async (rung): Promise<VideoRendition> => {
      const playlist = join(outDir, VIDEO_FILES.playlist(rung.name));
      const [hls, mp4] = await Promise.all([
        readMediaPlaylist(playlist),
        remuxMp4(playlist, audioPlaylist, join(outDir, VIDEO_FILES.mp4(rung.name)), tool),
      ]);
      // The init segment alone carries no level; the remuxed MP4 has the whole stream.
      const codecs = await h264Codec(mp4.path, tool);
      return { name: rung.name, width: rung.width, height: rung.outHeight, frameRate, codecs, hls, mp4 };
    }),
  );

  const variants: MasterVariant[] = renditions.map((r) => ({
    uri: VIDEO_FILES.playlist(r.name).slice('hls/'.length),
    bandwidth: r.hls.peakBitrate + (audio?.hls.peakBitrate ?? 0),
    averageBandwidth: r.hls.averageBitrate + (audio?.hls.averageBitrate ?? 0),
    codecs: audio ? `${r.codecs},${AAC_LC_CODECS}` : r.codecs,
    width: r.width,
    height: r.height,
    frameRate,
  }));
  const master = join(outDir, VIDEO_FILES.master);
  await writeFile(
    master,
    masterPlaylist(
      variants,
      audio
        ? {
            uri: AUDIO_FILES.hlsPlaylist.slice('hls/'.length),
            groupId: 'audio',
            name: 'Sermon',
            channels: audio.hls.channels,
          }
        : undefined,
    ),
  );

  return {
    source,
    durationSeconds,
    rungs: renditions,
    master,
    thumbnail: { path: thumbnailPath, width: top.width, height: top.outHeight, positionSeconds: thumbPosition, webp },
    audio,
  };
}
