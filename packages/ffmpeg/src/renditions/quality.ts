import { run, type ToolOptions } from '../run.ts';
import { seconds } from './audio.ts';

export type Ssim = { y: number; u: number; v: number; all: number };

export type SsimOptions = ToolOptions & {
  /** Seconds to skip in the reference, when the renditions were trimmed. */
  referenceTrimSeconds?: number;
  /** Compare every Nth frame only (default 1: all frames). */
  everyNthFrame?: number;
  /** swscale algorithm used to bring the reference to each rendition's size (default lanczos). */
  scaler?: string;
};

export type SsimTarget = { file: string; width: number; height: number };

/** Reads the "SSIM Y:… U:… V:… All:…" lines of named ssim filter instances from ffmpeg's log. */
export function parseSsimLog(log: string, names: readonly string[]): Ssim[] {
  return names.map((name) => {
    const line = log.split('\n').find((l) => l.includes(`[${name} @`) && l.includes('SSIM Y:'));
    const value = (key: string) => Number(new RegExp(`${key}:([0-9.]+)`).exec(line ?? '')?.[1] ?? Number.NaN);
    if (!line) throw new Error(`no SSIM summary for ${name}`);
    return { y: value('Y'), u: value('U'), v: value('V'), all: value('All') };
  });
}

/**
 * SSIM of each rendition against the reference scaled to that rendition's size, in one decode
 * of the reference (ffmpeg's ssim filter; 1 = identical).
 */
export async function ssimAgainst(
  reference: string,
  targets: readonly SsimTarget[],
  options: SsimOptions = {},
): Promise<Ssim[]> {
  const scaler = options.scaler ?? 'lanczos';
  const every = Math.max(1, Math.floor(options.everyNthFrame ?? 1));
  const select = every > 1 ? `select='not(mod(n\\,${every}))',` : '';
  const names = targets.map((_, i) => `ssim@t${i}`);
  const refs = targets.map((_, i) => `[ref${i}]`);
  const chains = [`[0:v:0]${select}format=yuv420p,split=${targets.length}${refs.join('')}`];
  targets.forEach((t, i) => {
    chains.push(
      `${refs[i]}scale=${t.width}:${t.height}:flags=${scaler}[r${i}]`,
      `[${i + 1}:v:0]${select}format=yuv420p[d${i}]`,
      `[d${i}][r${i}]${names[i]}=shortest=1[o${i}]`,
    );
  });
  const trim = options.referenceTrimSeconds ?? 0;
  const args = [
    '-v',
    'info',
    '-nostats',
    ...(trim > 0 ? ['-ss', seconds(trim)] : []),
    '-i',
    reference,
    ...targets.flatMap((t) => ['-i', t.file]),
    '-filter_complex',
    chains.join(';'),
    ...targets.flatMap((_, i) => ['-map', `[o${i}]`, '-f', 'null', '-']),
  ];
  const { stderrTail } = await run('ffmpeg', args, options);
  return parseSsimLog(stderrTail, names);
}
