import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { binaryFor } from '@kerygma/ffmpeg/run';

/**
 * ffmpeg packaging one live RTMP stream to HLS as one rung: by default the main rung,
 * repackaged without re-encoding (`-c copy`); live-rungs.ts adds a lower, re-encoded one. Short
 * segments and an EVENT playlist in the webcast's folder, appended to when a publisher
 * resumes. The playlist is left open (no ENDLIST): the webcast, not ffmpeg, decides when it
 * ends (live-playlist.ts closes it). ffmpeg's `-progress` lines become measurements.
 */

export const PLAYLIST = 'index.m3u8';
/** The segments of every rung: `seg-` the main rung's, `low-` the lower rung's. */
export const SEGMENT_PATTERN = /^(seg|low)-\d{5,}\.ts$/;

/** One rung's files and ffmpeg's mapping and codec options for it. */
export type RungOutput = { playlist: string; segmentPrefix: string; codecArgs: string[] };
export const MAIN_RUNG: RungOutput = {
  playlist: PLAYLIST,
  segmentPrefix: 'seg',
  codecArgs: ['-map', '0', '-c', 'copy'],
};

/** What ffmpeg has written so far, as it reports every second. */
export type ProgressReport = { frames: number; totalBytes: number; outTimeSeconds: number; atMs: number };
/** The input's streams, as ffmpeg describes them when it opens the stream. */
export type StreamInfo = {
  video: string | null;
  audio: string | null;
  framerate: number | null;
  width: number | null;
  height: number | null;
};

export type PackagerOptions = {
  input: string;
  dir: string;
  segmentSeconds: number;
  /** A publisher resuming: the playlist is appended to, after a discontinuity. */
  resume: boolean;
  /** Which rung: the main one (copied) unless said. */
  rung?: RungOutput;
  onProgress(report: ProgressReport): void;
  onStreams(info: StreamInfo): void;
  /** Once, when ffmpeg first writes the playlist (with its first segment). */
  onPlaylist?(): void;
  now?: () => number;
};

export type Packager = { stop(): Promise<void>; done: Promise<number | null> };

/** Reads ffmpeg's description of its first input ("Stream #0:0: Video: h264 (High), …, 25 fps"). */
export function parseInputStreams(stderr: string): StreamInfo | undefined {
  const input = stderr.split(/^Output #0/m)[0] ?? '';
  if (!/^Input #0/m.test(input)) return undefined;
  const video = /Stream #0:\d+.*?: Video: (\w+)/.exec(input);
  const audio = /Stream #0:\d+.*?: Audio: (\w+)/.exec(input);
  const fps = /Stream #0:\d+.*?: Video: .*?, ([\d.]+) (?:fps|tbr)/.exec(input);
  const size = /Stream #0:\d+.*?: Video: .*?, (\d+)x(\d+)/.exec(input);
  return {
    video: video?.[1] ?? null,
    audio: audio?.[1] ?? null,
    framerate: fps ? Number(fps[1]) : null,
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
  };
}

export function startHlsPackager(options: PackagerOptions): Packager {
  const now = options.now ?? Date.now;
  const rung = options.rung ?? MAIN_RUNG;
  mkdirSync(options.dir, { recursive: true });
  const flags = ['append_list', 'omit_endlist', 'independent_segments', ...(options.resume ? ['discont_start'] : [])];
  const args = [
    '-hide_banner',
    '-nostats',
    '-stats_period',
    '1',
    '-progress',
    'pipe:1',
    // The publisher's stream header names its tracks: a second of probing is enough (5 s by default).
    '-analyzeduration',
    '1000000',
    '-i',
    options.input,
    ...rung.codecArgs,
    '-f',
    'hls',
    '-hls_time',
    String(options.segmentSeconds),
    '-hls_list_size',
    '0',
    '-hls_playlist_type',
    'event',
    '-hls_flags',
    flags.join('+'),
    '-hls_segment_filename',
    path.join(options.dir, `${rung.segmentPrefix}-%05d.ts`),
    path.join(options.dir, rung.playlist),
  ];
  const child = spawn(binaryFor('ffmpeg'), args, { stdio: ['ignore', 'pipe', 'pipe'] });

  let stderr = '';
  let streamsSeen = false;
  let playlistSeen = false;
  // ffmpeg's notes as it writes the playlist aside ("Opening '….m3u8.tmp' for writing"), then,
  // once it is renamed into place, opens the next segment: the playlist is there after both.
  const playlistWrite = `${rung.playlist}.tmp' for writing`;
  const nextSegment = new RegExp(`${rung.segmentPrefix}-\\d+\\.ts' for writing`);
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (streamsSeen && playlistSeen) return;
    stderr += chunk;
    if (!streamsSeen && /^Output #0/m.test(stderr)) {
      const info = parseInputStreams(stderr);
      if (info) {
        streamsSeen = true;
        options.onStreams(info);
      }
    }
    if (!streamsSeen) return;
    const written = stderr.indexOf(playlistWrite);
    if (written >= 0 && nextSegment.test(stderr.slice(written))) {
      playlistSeen = true;
      options.onPlaylist?.();
    }
    // Kept: from the playlist's note while the next segment's is awaited, else the unfinished last line.
    stderr = written >= 0 ? stderr.slice(written) : stderr.slice(stderr.lastIndexOf('\n') + 1);
  });

  let pending: Record<string, string> = {};
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq).trim();
      pending[key] = line.slice(eq + 1).trim();
      if (key !== 'progress') continue;
      options.onProgress({
        frames: Number(pending.frame) || 0,
        totalBytes: Number(pending.total_size) || 0,
        outTimeSeconds: (Number(pending.out_time_us) || 0) / 1e6,
        atMs: now(),
      });
      pending = {};
    }
  });

  const done = new Promise<number | null>((resolve) => {
    child.once('close', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  return {
    done,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGINT lets ffmpeg finish the segment in hand and write the playlist.
      child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(killer);
    },
  };
}
