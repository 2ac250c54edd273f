import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_PLAYLISTS } from './live-rungs.ts';

/**
 * The webcast's HLS playlist after ffmpeg: trimmed to the DVR window while live, and closed as
 * a VOD replay (#EXT-X-ENDLIST) when the webcast ends.
 */

/**
 * The live playlist with only its last `maxSegments` segments (the DVR window), its media
 * sequence moved on by the segments left out. ffmpeg keeps the whole EVENT playlist on disk,
 * which becomes the replay.
 */
export function trimToWindow(playlist: string, maxSegments: number): string {
  const lines = playlist.split('\n');
  const firstSegment = lines.findIndex((l) => l.startsWith('#EXTINF') || l.startsWith('#EXT-X-DISCONTINUITY'));
  if (firstSegment < 0) return playlist;
  const header = lines.slice(0, firstSegment).filter((l) => !l.startsWith('#EXT-X-PLAYLIST-TYPE'));
  // Each segment: its tags (discontinuity, #EXTINF …) then its URI.
  const segments: string[][] = [];
  let current: string[] = [];
  for (const line of lines.slice(firstSegment)) {
    if (!line) continue;
    current.push(line);
    if (!line.startsWith('#')) {
      segments.push(current);
      current = [];
    }
  }
  const dropped = Math.max(0, segments.length - maxSegments);
  if (dropped === 0) return playlist;
  const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0) + dropped;
  const discontinuities = segments.slice(0, dropped).filter((s) => s.includes('#EXT-X-DISCONTINUITY')).length;
  const head = header
    .map((l) => (l.startsWith('#EXT-X-MEDIA-SEQUENCE') ? `#EXT-X-MEDIA-SEQUENCE:${sequence}` : l))
    .concat(discontinuities ? [`#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuities}`] : []);
  return [...head, ...segments.slice(dropped).flat(), ...current, ''].join('\n');
}

/** Closes one playlist as a replay: the whole stream, VOD, ENDLIST. False: there is none. */
async function closePlaylist(file: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return false;
  }
  if (!text.includes('#EXT-X-ENDLIST')) {
    text = `${text.replace('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-PLAYLIST-TYPE:VOD').trimEnd()}\n#EXT-X-ENDLIST\n`;
    // Written aside then renamed: a viewer never reads half a playlist.
    await writeFile(`${file}.tmp`, text);
    await rename(`${file}.tmp`, file);
  }
  return true;
}

/** Closes the webcast's rungs as a replay; true when the main rung has one. */
export async function closeAsReplay(dir: string): Promise<boolean> {
  const [main] = await Promise.all(MEDIA_PLAYLISTS.map((p) => closePlaylist(path.join(dir, p))));
  return main ?? false;
}
