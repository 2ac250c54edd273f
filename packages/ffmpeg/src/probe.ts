import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { FfmpegError, run, type ToolOptions } from './run.ts';

export type MediaInfo = {
  durationSeconds: number;
  hasAudio: boolean;
  hasVideo: boolean;
  audioCodec: string | null;
  videoCodec: string | null;
  width: number | null;
  height: number | null;
  /** Frames per second of the video stream (average, else nominal). */
  frameRate: number | null;
  /** Clockwise display rotation in degrees (0, 90, 180, 270) from phone metadata; width/height are as coded. */
  rotation: number;
  audioChannels: number | null;
  audioSampleRate: number | null;
  /** Overall bits per second as ffprobe reports it for the container. */
  bitrate: number | null;
  /** ffprobe's demuxer name(s), e.g. "mp3" or "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  sizeBytes: number;
};

/** The file is not audio or video we can play (text, random bytes, truncated, image…). */
export class NotMediaError extends Error {
  readonly file: string;
  readonly reason: string;

  constructor(file: string, reason: string, options?: ErrorOptions) {
    super(`${basename(file)} is not a playable audio or video file: ${reason}`, options);
    this.name = 'NotMediaError';
    this.file = file;
    this.reason = reason;
  }
}

// The parts of `ffprobe -print_format json` output we read; every field is optional.
type ProbeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  bit_rate?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  sample_rate?: string;
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
  disposition?: { attached_pic?: number };
};
type ProbeFormat = {
  format_name?: string;
  duration?: string;
  size?: string;
  bit_rate?: string;
};
type ProbeOutput = { streams?: ProbeStream[]; format?: ProbeFormat };

// Demuxers ffprobe happily applies to non-media: "tty" renders any text file
// as ANSI art (picked by extension), image pipes/image2 are single pictures.
const NON_MEDIA_FORMATS = /^(tty|image2|\w+_pipe)$/;

// Below this fraction of the bitrate the streams declare, the data is missing:
// a cut-off upload still carries the full duration in its header (Xing, moov).
const TRUNCATION_RATIO = 0.8;

function toNumber(value: string | number | undefined): number | null {
  if (value === undefined || value === 'N/A') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** "30000/1001" → 29.97; null for "0/0" or junk. */
function toRate(value: string | undefined): number | null {
  if (!value) return null;
  const [num, den = '1'] = value.split('/');
  const rate = Number(num) / Number(den);
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

/** Display rotation, normalised to 0/90/180/270 clockwise. */
function rotationOf(stream: ProbeStream | undefined): number {
  const matrix = stream?.side_data_list?.find((d) => d.side_data_type === 'Display Matrix')?.rotation;
  // The display matrix gives counter-clockwise degrees; the legacy tag is clockwise.
  const degrees = matrix !== undefined ? -matrix : Number(stream?.tags?.rotate ?? 0);
  if (!Number.isFinite(degrees)) return 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/** Probes `file` with ffprobe; rejects with NotMediaError unless it is playable audio/video. */
export async function probe(file: string, options: ToolOptions = {}): Promise<MediaInfo> {
  const stats = await stat(file);
  if (!stats.isFile()) throw new NotMediaError(file, 'not a regular file');
  if (stats.size === 0) throw new NotMediaError(file, 'the file is empty');

  let output: ProbeOutput;
  try {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      options,
    );
    output = JSON.parse(stdout.toString('utf8')) as ProbeOutput;
  } catch (error) {
    // A non-zero exit here means ffprobe ran and could not read the content.
    if (error instanceof FfmpegError && error.exitCode !== null) {
      throw new NotMediaError(file, error.stderrTail || 'ffprobe could not read it', {
        cause: error,
      });
    }
    throw error;
  }

  const format = output.format ?? {};
  const formatName = format.format_name ?? '';
  if (!formatName) throw new NotMediaError(file, 'no container format recognised');
  if (NON_MEDIA_FORMATS.test(formatName))
    throw new NotMediaError(file, `recognised only as "${formatName}", not audio or video`);

  const streams = output.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  // Cover art in MP3/M4A shows up as a one-frame video stream; it is not video.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!audio && !video) throw new NotMediaError(file, 'no audio or video stream found');

  const streamDurations = [audio, video].map((s) => toNumber(s?.duration) ?? 0);
  const durationSeconds = toNumber(format.duration) ?? Math.max(...streamDurations);
  if (!(durationSeconds > 0)) throw new NotMediaError(file, 'no measurable duration');

  const sizeBytes = toNumber(format.size) ?? stats.size;
  const declaredBitrates = [audio, video].filter((s) => s !== undefined).map((s) => toNumber(s.bit_rate));
  if (declaredBitrates.every((b) => b !== null && b > 0)) {
    const declared = declaredBitrates.reduce<number>((sum, b) => sum + (b ?? 0), 0);
    const actual = (stats.size * 8) / durationSeconds;
    if (actual < declared * TRUNCATION_RATIO) {
      throw new NotMediaError(
        file,
        `truncated: ${stats.size} bytes cannot hold ${durationSeconds.toFixed(1)} s at ${Math.round(declared / 1000)} kb/s`,
      );
    }
  }

  return {
    durationSeconds,
    hasAudio: audio !== undefined,
    hasVideo: video !== undefined,
    audioCodec: audio?.codec_name ?? null,
    videoCodec: video?.codec_name ?? null,
    width: toNumber(video?.width) ?? null,
    height: toNumber(video?.height) ?? null,
    frameRate: toRate(video?.avg_frame_rate) ?? toRate(video?.r_frame_rate),
    rotation: rotationOf(video),
    audioChannels: audio?.channels ?? null,
    audioSampleRate: toNumber(audio?.sample_rate),
    bitrate: toNumber(format.bit_rate),
    formatName,
    sizeBytes,
  };
}

/** Codec and size of a still picture (a JPEG or WebP thumbnail), as ffprobe reads them. */
export async function probePicture(file: string): Promise<{ codec?: string; width?: number; height?: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'json',
    file,
  ]);
  const [s] = (
    JSON.parse(stdout.toString('utf8')) as { streams: { codec_name: string; width: number; height: number }[] }
  ).streams;
  return { codec: s?.codec_name, width: s?.width, height: s?.height };
}
