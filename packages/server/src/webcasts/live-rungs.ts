import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  MAIN_RUNG,
  type Packager,
  type PackagerOptions,
  PLAYLIST,
  type RungOutput,
  type StreamInfo,
  startHlsPackager,
} from './hls-packager.ts';

/**
 * A webcast's rungs (WEBCAST_LOWER_RUNG): the main rung, the publisher's stream repackaged
 * without re-encoding (index.m3u8, seg-*.ts), and, when the setting is on and the stream has
 * video, a lower rung re-encoded to 480p at about 800 kb/s with the audio copied (low.m3u8,
 * low-*.ts) by a second ffmpeg reading the same RTMP stream once the first has named its
 * tracks. A master playlist (master.m3u8) lists the rungs whose playlist this publish has
 * written, with their measured BANDWIDTH, RESOLUTION and CODECS; it is rewritten as each rung
 * starts, so a player that comes in the first second may see the main rung alone. With the
 * setting off there is no master: players get index.m3u8 as before.
 */

export const MASTER_PLAYLIST = 'master.m3u8';

/** The playlist players are given: the master when the lower rung is on, else the main rung's. */
export const playlistFor = (lowerRungOn: boolean) => (lowerRungOn ? MASTER_PLAYLIST : PLAYLIST);
export const LOW_PLAYLIST = 'low.m3u8';
/** The rungs' media playlists, in the master's order (the main rung first: where players start). */
export const MEDIA_PLAYLISTS = [MAIN_RUNG.playlist, LOW_PLAYLIST] as const;

const LOW_HEIGHT = 480;
const LOW_VIDEO_KBPS = 800;

type Size = { width: number; height: number };

/** The lower rung's output: 480p (never upscaled), a key frame at each segment's start. */
export function lowerRung(source: Size, segmentSeconds: number): { output: RungOutput; size: Size } {
  const height = Math.min(LOW_HEIGHT, source.height - (source.height % 2));
  const width = Math.round((source.width * height) / source.height / 2) * 2;
  const output: RungOutput = {
    playlist: LOW_PLAYLIST,
    segmentPrefix: 'low',
    codecArgs: [
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      `scale=${width}:${height}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      // No look-ahead or B-frame delay: the rung is as live as the copied one.
      '-tune',
      'zerolatency',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${LOW_VIDEO_KBPS}k`,
      '-maxrate',
      `${Math.round(LOW_VIDEO_KBPS * 1.1)}k`,
      '-bufsize',
      `${LOW_VIDEO_KBPS * 2}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${segmentSeconds})`,
      '-sc_threshold',
      '0',
      '-c:a',
      'copy',
    ],
  };
  return { output, size: { width, height } };
}

/** A rung as the master lists it. */
export type RungEntry = {
  playlist: string;
  bandwidth: number;
  width: number | null;
  height: number | null;
  codecs: string[];
};

export function masterPlaylist(rungs: RungEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of rungs) {
    const attributes = [`BANDWIDTH=${r.bandwidth}`];
    if (r.width && r.height) attributes.push(`RESOLUTION=${r.width}x${r.height}`);
    if (r.codecs.length) attributes.push(`CODECS="${r.codecs.join(',')}"`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, r.playlist);
  }
  return `${lines.join('\n')}\n`;
}

/** The payload of an MPEG-TS segment's packets, their headers and adaptation fields left out. */
function tsPayload(ts: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at + 188 <= ts.length; at += 188) {
    if (ts[at] !== 0x47) continue;
    const control = ((ts[at + 3] ?? 0) >> 4) & 3;
    if (!(control & 1)) continue;
    const start = at + 4 + (control & 2 ? 1 + (ts[at + 4] ?? 0) : 0);
    if (start < at + 188) parts.push(ts.subarray(start, at + 188));
  }
  return Buffer.concat(parts);
}

/** RFC 6381 codec names: H.264's from its sequence parameter set (profile, constraints, level). */
export function codecsOf(segment: Buffer, info: Pick<StreamInfo, 'video' | 'audio'>): string[] {
  const codecs: string[] = [];
  if (info.video === 'h264') {
    const payload = tsPayload(segment);
    // A NAL unit of type 7 (SPS) after a start code.
    const sps = payload.findIndex(
      (b, i) => b === 1 && payload[i - 1] === 0 && payload[i - 2] === 0 && (payload[i + 1] ?? 0) % 32 === 7,
    );
    if (sps > 0) codecs.push(`avc1.${payload.subarray(sps + 2, sps + 5).toString('hex')}`);
  }
  if (info.audio === 'aac') codecs.push('mp4a.40.2');
  else if (info.audio === 'mp3') codecs.push('mp4a.40.34');
  return codecs;
}

/** A rung's entry from its playlist as written: the peak bit rate of its segments, its codecs. */
export async function describeRung(
  dir: string,
  playlist: string,
  size: { width: number | null; height: number | null },
  info: Pick<StreamInfo, 'video' | 'audio'>,
): Promise<RungEntry | null> {
  const text = await readFile(path.join(dir, playlist), 'utf8').catch(() => '');
  // The segments this publish wrote: those after the last discontinuity.
  const current = text.slice(text.lastIndexOf('#EXT-X-DISCONTINUITY') + 1);
  const segments = [...current.matchAll(/#EXTINF:([\d.]+),\s*\n([^#\s][^\n]*)/g)];
  let bandwidth = 0;
  let codecs: string[] = [];
  for (const [, seconds, file] of segments) {
    const bytes = await readFile(path.join(dir, file as string)).catch(() => null);
    if (!bytes || !Number(seconds)) continue;
    bandwidth = Math.max(bandwidth, Math.round((bytes.length * 8) / Number(seconds)));
    if (!codecs.length) codecs = codecsOf(bytes, info);
  }
  return bandwidth ? { playlist, bandwidth, ...size, codecs } : null;
}

/** Writes the master aside and renames it: a player never reads half of one. */
async function writeMaster(dir: string, rungs: RungEntry[]) {
  const file = path.join(dir, MASTER_PLAYLIST);
  await writeFile(`${file}.tmp`, masterPlaylist(rungs));
  await rename(`${file}.tmp`, file);
}

export type RungsOptions = Omit<PackagerOptions, 'rung' | 'onPlaylist'> & {
  lowerRung: boolean;
  onError(error: unknown): void;
};

/**
 * The main rung's packager and, with `lowerRung`, the lower rung's and the master playlist.
 * `done` is the main rung's: the lower rung never ends the webcast.
 */
export function startRungs(options: RungsOptions): Packager {
  if (!options.lowerRung) return startHlsPackager(options);
  const { dir } = options;
  let low: Packager | null = null;
  let stopped = false;
  let info: StreamInfo | null = null;
  const entries = new Map<string, RungEntry>();
  // Master writes one after another, as the rungs start (or the lower one fails).
  let writing = Promise.resolve();
  const update = (change: () => Promise<void>) => {
    writing = writing
      .then(async () => {
        await change();
        if (!stopped && entries.size)
          await writeMaster(
            dir,
            MEDIA_PLAYLISTS.flatMap((p) => entries.get(p) ?? []),
          );
      })
      .catch(options.onError);
  };
  const ready = (playlist: string, size: { width: number | null; height: number | null }) =>
    update(async () => {
      const entry = info && (await describeRung(dir, playlist, size, info));
      if (entry) entries.set(playlist, entry);
    });

  const main = startHlsPackager({
    ...options,
    onStreams: (streams) => {
      info = streams;
      options.onStreams(streams);
      if (!streams.video || !streams.width || !streams.height || stopped) return;
      const rung = lowerRung({ width: streams.width, height: streams.height }, options.segmentSeconds);
      low = startHlsPackager({
        ...options,
        rung: rung.output,
        onProgress: () => {},
        onStreams: () => {},
        onPlaylist: () => ready(LOW_PLAYLIST, rung.size),
      });
      // The webcast goes on with the main rung alone: the master no longer lists the lower one.
      void low.done.then((code) => {
        if (stopped) return;
        options.onError(new Error(`the lower rung's ffmpeg stopped (${code})`));
        update(async () => void entries.delete(LOW_PLAYLIST));
      });
    },
    onPlaylist: () => ready(MAIN_RUNG.playlist, { width: info?.width ?? null, height: info?.height ?? null }),
  });
  return {
    done: main.done,
    stop: async () => {
      stopped = true;
      await Promise.all([main.stop(), low?.stop()]);
      await writing;
    },
  };
}
