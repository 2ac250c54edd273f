import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A real RTMP publisher for webcast tests: ffmpeg pushing a test pattern and a tone (or the
 * tone alone) in real time, as OBS would.
 */
export type TestPublisher = { child: ChildProcess; exited: Promise<number | null>; stop(): Promise<number | null> };

/** `keyframeEvery`: frames between keyframes (25 a second; 50 by default, a keyframe each 2 s). */
export function publish(
  url: string,
  options: { audioOnly?: boolean; seconds?: number; size?: `${number}x${number}`; keyframeEvery?: number } = {},
): TestPublisher {
  const video = options.audioOnly
    ? []
    : ['-re', '-f', 'lavfi', '-i', `testsrc2=size=${options.size ?? '640x360'}:rate=25`];
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    ...video,
    '-re',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    ...(options.seconds ? ['-t', String(options.seconds)] : []),
    ...(options.audioOnly
      ? []
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(options.keyframeEvery ?? 50), '-pix_fmt', 'yuv420p']),
    '-c:a',
    'aac',
    '-f',
    'flv',
    url,
  ];
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    child,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}
