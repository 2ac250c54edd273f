import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** One HLS media playlist as written by ffmpeg's hls muxer (VOD, fMP4 or TS segments). */
export type HlsMediaPlaylist = {
  /** Path of the `.m3u8`. */
  playlist: string;
  /** fMP4 init segment (EXT-X-MAP), null for TS segments. */
  initSegment: string | null;
  /** Segment paths in order. */
  segments: string[];
  durationSeconds: number;
  /** Playlist, init segment and media segments together. */
  sizeBytes: number;
  /** Media bytes (init + segments) × 8 / duration. */
  averageBitrate: number;
  /** Largest segment bitrate (bits per second): HLS BANDWIDTH. */
  peakBitrate: number;
  /** Longest segment, rounded (as HLS rounds EXTINF): EXT-X-TARGETDURATION. */
  targetDurationSeconds: number;
};

export type ParsedMediaPlaylist = {
  initUri: string | null;
  segments: { uri: string; durationSeconds: number }[];
  targetDurationSeconds: number;
  endList: boolean;
};

/** Reads the parts of a media playlist we need (EXT-X-MAP, EXTINF + URI, EXT-X-TARGETDURATION). */
export function parseMediaPlaylist(text: string): ParsedMediaPlaylist {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('not an HLS playlist (no #EXTM3U)');
  let initUri: string | null = null;
  let targetDurationSeconds = 0;
  let endList = false;
  let pending: number | null = null;
  const segments: { uri: string; durationSeconds: number }[] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MAP:')) initUri = /URI="([^"]*)"/.exec(line)?.[1] ?? null;
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDurationSeconds = Number(line.slice(22));
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice(8));
    else if (line === '#EXT-X-ENDLIST') endList = true;
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, durationSeconds: pending });
      pending = null;
    }
  }
  return { initUri, segments, targetDurationSeconds, endList };
}

/** Parses a written playlist and measures its files (sizes, durations, bitrates). */
export async function readMediaPlaylist(playlist: string): Promise<HlsMediaPlaylist> {
  const text = await readFile(playlist, 'utf8');
  const parsed = parseMediaPlaylist(text);
  if (parsed.segments.length === 0) throw new Error(`${playlist} lists no segments`);
  const dir = dirname(playlist);
  const size = async (uri: string) => (await stat(join(dir, uri))).size;
  const initSegment = parsed.initUri ? join(dir, parsed.initUri) : null;
  const initBytes = parsed.initUri ? await size(parsed.initUri) : 0;
  const segmentBytes = await Promise.all(parsed.segments.map((s) => size(s.uri)));
  let durationSeconds = 0;
  let peakBitrate = 0;
  let mediaBytes = initBytes;
  parsed.segments.forEach((segment, i) => {
    const bytes = segmentBytes[i] ?? 0;
    durationSeconds += segment.durationSeconds;
    mediaBytes += bytes;
    // A very short last segment would overstate the peak; judge it over at least 1 s.
    peakBitrate = Math.max(peakBitrate, (bytes * 8) / Math.max(1, segment.durationSeconds));
  });
  return {
    playlist,
    initSegment,
    segments: parsed.segments.map((s) => join(dir, s.uri)),
    durationSeconds,
    sizeBytes: mediaBytes + Buffer.byteLength(text),
    averageBitrate: Math.round((mediaBytes * 8) / Math.max(durationSeconds, 1e-3)),
    peakBitrate: Math.round(peakBitrate),
    targetDurationSeconds: Math.max(
      parsed.targetDurationSeconds,
      Math.round(Math.max(...parsed.segments.map((s) => s.durationSeconds))),
    ),
  };
}

export type MasterVariant = {
  /** Media playlist URI relative to the master. */
  uri: string;
  /** Peak bits per second including audio. */
  bandwidth: number;
  averageBandwidth: number;
  /** RFC 6381 codecs, e.g. "avc1.640028,mp4a.40.2". */
  codecs: string;
  width: number;
  height: number;
  frameRate: number | null;
};

export type MasterAudio = {
  /** Media playlist URI relative to the master. */
  uri: string;
  groupId: string;
  name: string;
  language?: string;
  channels?: number;
};

/**
 * An HLS multivariant (master) playlist. Variants are listed highest first;
 * with `audio`, variants are video-only and share that audio rendition group.
 */
export function masterPlaylist(variants: readonly MasterVariant[], audio?: MasterAudio): string {
  const quote = (value: string) => value.replace(/"/g, "'");
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS', ''];
  if (audio) {
    const language = audio.language ? `,LANGUAGE="${quote(audio.language)}"` : '';
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${quote(audio.groupId)}",NAME="${quote(audio.name)}"${language},` +
        `DEFAULT=YES,AUTOSELECT=YES,CHANNELS="${audio.channels ?? 2}",URI="${quote(audio.uri)}"`,
      '',
    );
  }
  const sorted = [...variants].sort((a, b) => b.bandwidth - a.bandwidth);
  for (const v of sorted) {
    const attributes = [
      `BANDWIDTH=${Math.round(v.bandwidth)}`,
      `AVERAGE-BANDWIDTH=${Math.round(v.averageBandwidth)}`,
      `CODECS="${v.codecs}"`,
      `RESOLUTION=${v.width}x${v.height}`,
    ];
    if (v.frameRate) attributes.push(`FRAME-RATE=${v.frameRate.toFixed(3)}`);
    if (audio) attributes.push(`AUDIO="${quote(audio.groupId)}"`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.uri);
  }
  return `${lines.join('\n')}\n`;
}
