import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type MediaInfo, NotMediaError, probe } from '../probe.ts';
import { run, runPipeline, type ToolOptions } from '../run.ts';
import { peaksCollector, peaksResolution, WAVEFORM_SAMPLE_RATE, type WaveformPeaks } from '../waveform.ts';
import { type HlsMediaPlaylist, readMediaPlaylist } from './hls.ts';

/**
 * Audio renditions of a sermon from any audio or video upload, in one decode:
 *
 * - high MP3: 96 kb/s CBR mono 44.1 kHz. Sermons are speech from a pulpit microphone; "stereo"
 *   uploads are nearly always the same mix on both channels, so mono spends every bit on the
 *   signal (96 kb/s mono is roughly 192 kb/s stereo per channel) and leaves headroom for the
 *   hymns and organ of a recorded service that 64 kb/s would smear.
 * - low MP3: 32 kb/s mono 22.05 kHz (phone lines, slow connections).
 * - AAC-LC HLS: 64 kb/s mono 44.1 kHz, 6 s fMP4 segments, VOD playlist. Also the shared audio
 *   group of the video ladder (renditions/video.ts).
 * - waveform peaks (waveform.ts's audiowaveform JSON) from the same decode.
 *
 * All channels are downmixed with ffmpeg's default matrix (L+R halved for stereo).
 *
 * Two processes split the encoding between the two cores: the first decodes, encodes the AAC
 * stream (ffmpeg's `fast` AAC coder) and sends float PCM down a pipe to the second, which
 * encodes both MP3s (LAME at its default quality) and emits 8 kHz PCM for the peaks (see
 * bench/README.md, "Media pipeline").
 */

/** Where each rendition goes, relative to the output directory. */
export const AUDIO_FILES = {
  high: 'audio/high.mp3',
  low: 'audio/low.mp3',
  waveform: 'audio/waveform.json',
  hlsPlaylist: 'hls/audio.m3u8',
  hlsInit: 'hls/audio-init.mp4',
  hlsSegments: 'hls/audio-%05d.m4s',
} as const;

export const AUDIO_DEFAULTS = {
  highBitrateKbps: 96,
  highSampleRate: 44_100,
  lowBitrateKbps: 32,
  lowSampleRate: 22_050,
  hlsBitrateKbps: 64,
  hlsSegmentSeconds: 6,
} as const;

export type AudioRenditionOptions = ToolOptions & {
  /** Skip the first N seconds of the input (a sermon's videoTrimStart). */
  trimStartSeconds?: number;
  /** The input's probe, when the caller already has it. */
  source?: MediaInfo;
  highBitrateKbps?: number;
  lowBitrateKbps?: number;
  hlsBitrateKbps?: number;
  hlsSegmentSeconds?: number;
  /** Peaks resolution (waveform.ts defaults: 20 points per second, at most 2000). */
  waveform?: { pointsPerSecond?: number; maxPoints?: number };
  /** ID3 tags for the MP3s (title, artist, album, date…); the upload's own tags are dropped. */
  tags?: Record<string, string>;
};

export type AudioFile = {
  path: string;
  sizeBytes: number;
  /** As ffprobe reads the written file. */
  durationSeconds: number;
  /** Bits per second (container figure, else size × 8 / duration). */
  bitrate: number;
  sampleRate: number;
  channels: number;
};

export type AudioRenditions = {
  source: MediaInfo;
  /** Length of the renditions: the source after trimming. */
  durationSeconds: number;
  high: AudioFile;
  low: AudioFile;
  hls: HlsMediaPlaylist & { codecs: string; channels: number; sampleRate: number };
  waveform: { path: string; peaks: WaveformPeaks };
};

/** RFC 6381 codec string of AAC-LC (for HLS CODECS attributes). */
export const AAC_LC_CODECS = 'mp4a.40.2';

/** Seconds of the source that remain after `trimStartSeconds`; rejects a trim past the end. */
export function trimmedDuration(durationSeconds: number, trimStartSeconds = 0): number {
  if (!(trimStartSeconds >= 0)) throw new RangeError('trimStartSeconds must be 0 or more');
  const remaining = durationSeconds - trimStartSeconds;
  if (!(remaining > 0.1)) {
    throw new RangeError(`cannot trim ${trimStartSeconds} s from a ${durationSeconds.toFixed(1)} s file`);
  }
  return remaining;
}

/** Number as ffmpeg reads it ("12.5", never "1e-7"). */
export function seconds(value: number): string {
  return Number(value.toFixed(6)).toString();
}

/** The output's ID3 tags: `tags` only (the upload's own are dropped), as ID3v2.3 for older players. */
function id3Args(tags: Record<string, string> = {}): string[] {
  const set = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  return ['-map_metadata', '-1', ...set, '-id3v2_version', '3'];
}

type AudioPlan = {
  decoder: string[];
  encoder: string[];
  samplesPerPixel: number;
};

/** The two ffmpeg command lines (pure), for inspection and tests. */
export function audioRenditionCommands(
  input: string,
  outDir: string,
  durationSeconds: number,
  options: Omit<AudioRenditionOptions, 'source' | 'signal'> = {},
): AudioPlan {
  const o = audioSettings(options);
  const trim = options.trimStartSeconds ?? 0;
  const pcm = ['-f', 'f32le', '-ar', String(o.highSampleRate), '-ac', '1'];
  const hlsDir = join(outDir, 'hls');

  const decoder = [
    '-v',
    'error',
    ...(trim > 0 ? ['-ss', seconds(trim)] : []),
    '-i',
    input,
    '-filter_complex',
    // One resampler does downmix, rate and format together.
    `[0:a:0]aresample=osr=${o.highSampleRate}:ocl=mono:osf=flt,asplit=2[pcm][aac0];` +
      // ffmpeg 5.1 does not re-frame complex-graph audio for AAC's 1024-sample frames.
      '[aac0]asetnsamples=n=1024:p=0[aac]',
    '-map',
    '[aac]',
    '-c:a',
    'aac',
    // The default two-loop search costs three times as much and, on speech, measured lower
    // signal-to-distortion (bench/README.md); the AAC encode would otherwise be half the job.
    '-aac_coder',
    'fast',
    '-b:a',
    `${o.hlsBitrateKbps}k`,
    '-map_metadata',
    '-1',
    '-f',
    'hls',
    '-hls_time',
    String(o.hlsSegmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    basenameOf(AUDIO_FILES.hlsInit),
    '-hls_segment_filename',
    join(hlsDir, basenameOf(AUDIO_FILES.hlsSegments)),
    '-hls_flags',
    'independent_segments',
    '-y',
    join(outDir, AUDIO_FILES.hlsPlaylist),
    '-map',
    '[pcm]',
    '-c:a',
    'pcm_f32le',
    ...pcm,
    'pipe:1',
  ];

  const mp3 = (kbps: number) => ['-c:a', 'libmp3lame', '-b:a', `${kbps}k`, ...id3Args(options.tags), '-f', 'mp3', '-y'];
  const encoder = [
    '-v',
    'error',
    ...pcm,
    '-i',
    'pipe:0',
    '-filter_complex',
    `[0:a]asplit=3[high][low0][wave0];` +
      `[low0]aresample=${o.lowSampleRate}[low];` +
      `[wave0]aresample=${WAVEFORM_SAMPLE_RATE},aformat=sample_fmts=s16[wave]`,
    '-map',
    '[high]',
    ...mp3(o.highBitrateKbps),
    join(outDir, AUDIO_FILES.high),
    '-map',
    '[low]',
    ...mp3(o.lowBitrateKbps),
    join(outDir, AUDIO_FILES.low),
    '-map',
    '[wave]',
    '-c:a',
    'pcm_s16le',
    '-f',
    's16le',
    'pipe:1',
  ];
  const { samplesPerPixel } = peaksResolution(durationSeconds, options.waveform);
  return { decoder, encoder, samplesPerPixel };
}

/**
 * Writes the audio renditions of `input` (audio or video; its first audio stream) under
 * `outDir` (see AUDIO_FILES) and describes them. Rejects with NotMediaError when the input
 * has no audio.
 */
export async function audioRenditions(
  input: string,
  outDir: string,
  options: AudioRenditionOptions = {},
): Promise<AudioRenditions> {
  const source = options.source ?? (await probe(input, options));
  if (!source.hasAudio) throw new NotMediaError(input, 'it has no audio');
  const durationSeconds = trimmedDuration(source.durationSeconds, options.trimStartSeconds);
  await Promise.all([
    mkdir(join(outDir, 'audio'), { recursive: true }),
    mkdir(join(outDir, 'hls'), { recursive: true }),
  ]);

  const plan = audioRenditionCommands(input, outDir, durationSeconds, options);
  const collector = peaksCollector(plan.samplesPerPixel);
  await runPipeline(
    { tool: 'ffmpeg', args: plan.decoder },
    { tool: 'ffmpeg', args: plan.encoder },
    { ...options, onStdout: (chunk) => collector.push(chunk) },
  );
  const peaks = collector.finish();
  const waveformPath = join(outDir, AUDIO_FILES.waveform);

  const o = audioSettings(options);
  const [high, low, hls] = await Promise.all([
    describeAudio(join(outDir, AUDIO_FILES.high), o.highSampleRate, options),
    describeAudio(join(outDir, AUDIO_FILES.low), o.lowSampleRate, options),
    readMediaPlaylist(join(outDir, AUDIO_FILES.hlsPlaylist)),
    writeFile(waveformPath, JSON.stringify(peaks)),
  ]);
  return {
    source,
    durationSeconds,
    high,
    low,
    hls: { ...hls, codecs: AAC_LC_CODECS, channels: 1, sampleRate: o.highSampleRate },
    waveform: { path: waveformPath, peaks },
  };
}

/** Where playableCopy writes, relative to the output directory. */
export const PLAYABLE_COPY_FILE = 'audio/original.mp3';

/**
 * The upload's own MP3 stream copied, not encoded, into a clean MP3 (its tags replaced, cover
 * art and other streams dropped): a public rendition of an hour's sermon in about a second, so
 * it plays while audioRenditions works (bench/README.md, "Upload to playable"). MP3 plays in
 * every browser and podcast app. Null, writing nothing, when the upload's audio is not MP3.
 */
export async function playableCopy(
  input: string,
  outDir: string,
  options: ToolOptions & { source?: MediaInfo; tags?: Record<string, string> } = {},
): Promise<AudioFile | null> {
  const source = options.source ?? (await probe(input, options));
  if (source.audioCodec !== 'mp3') return null;
  await mkdir(join(outDir, 'audio'), { recursive: true });
  const out = join(outDir, PLAYABLE_COPY_FILE);
  const args = ['-v', 'error', '-i', input, '-map', '0:a:0', '-c:a', 'copy', ...id3Args(options.tags), '-f', 'mp3'];
  await run('ffmpeg', [...args, '-y', out], options);
  return describeAudio(out, source.audioSampleRate ?? AUDIO_DEFAULTS.highSampleRate, options);
}

async function describeAudio(path: string, sampleRate: number, options: ToolOptions): Promise<AudioFile> {
  const info = await probe(path, options);
  return {
    path,
    sizeBytes: info.sizeBytes,
    durationSeconds: info.durationSeconds,
    bitrate: info.bitrate ?? Math.round((info.sizeBytes * 8) / info.durationSeconds),
    sampleRate: info.audioSampleRate ?? sampleRate,
    channels: info.audioChannels ?? 1,
  };
}

function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function audioSettings(options: AudioRenditionOptions) {
  return {
    ...AUDIO_DEFAULTS,
    highBitrateKbps: options.highBitrateKbps ?? AUDIO_DEFAULTS.highBitrateKbps,
    lowBitrateKbps: options.lowBitrateKbps ?? AUDIO_DEFAULTS.lowBitrateKbps,
    hlsBitrateKbps: options.hlsBitrateKbps ?? AUDIO_DEFAULTS.hlsBitrateKbps,
    hlsSegmentSeconds: options.hlsSegmentSeconds ?? AUDIO_DEFAULTS.hlsSegmentSeconds,
  };
}
