import { type FfmpegLookup, locateFfmpeg } from '@kerygma/ffmpeg/locate';
import { useBinaries } from '@kerygma/ffmpeg/run';
import type { Db } from '../db/db.ts';
import { type JobTool, jobsNeeding } from './job-types.ts';
import { countQueued } from './queue.ts';

/** The part of a pino logger this uses. */
export type ToolsLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** What a person reads when no ffmpeg works: what stops, and how to get one. */
export const NO_FFMPEG =
  'No working ffmpeg: uploads and the demo are not encoded, their jobs wait in the queue and run at the ' +
  'next start that finds one. Install ffmpeg (Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg), ' +
  "or run pnpm install with optional dependencies for the npm package's; FFMPEG_PATH and FFPROBE_PATH name others";

/**
 * Start-up: finds the ffmpeg and ffprobe this process runs (the system's, else the npm
 * packages' old static build; @kerygma/ffmpeg/locate), makes them the default of every media
 * function, and logs one line saying which. When none works it logs one warning instead (what
 * is missing, how to install it, how many jobs wait) and returns the programs missing, for the
 * worker to leave the jobs that need them queued.
 */
export async function settleTools(
  db: Db,
  log: ToolsLog,
  lookup: () => Promise<FfmpegLookup> = locateFfmpeg,
): Promise<JobTool[]> {
  const found = await lookup();
  if (!found.ok) {
    const waiting = await countQueued(db, jobsNeeding(['ffmpeg']));
    log.warn({ waiting, problems: found.problems }, NO_FFMPEG);
    return ['ffmpeg'];
  }
  useBinaries({ ffmpegPath: found.ffmpeg.path, ffprobePath: found.ffprobe.path });
  const passedOver = [...found.ffmpeg.passedOver, ...found.ffprobe.passedOver];
  const shipped = found.ffmpeg.source === 'npm package';
  log.info(
    {
      ffmpeg: `${found.ffmpeg.path} (${found.ffmpeg.version})`,
      ffprobe: `${found.ffprobe.path} (${found.ffprobe.version})`,
      ...(passedOver.length ? { passedOver } : {}),
    },
    shipped
      ? "ffmpeg: the npm package's static build of 2018 (4.1): it encodes the demo and ordinary uploads; " +
          'install the system ffmpeg for a site that takes uploads (README, "ffmpeg")'
      : 'ffmpeg found',
  );
  return [];
}
