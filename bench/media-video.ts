import { mkdir, rename, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type MediaInfo, probe } from '../packages/ffmpeg/src/probe.ts';
import { ssimAgainst } from '../packages/ffmpeg/src/renditions/quality.ts';
import {
  type PlannedRung,
  planLadder,
  VIDEO_FILES,
  VIDEO_SEGMENT_SECONDS,
  videoLadderCommand,
  videoRenditions,
} from '../packages/ffmpeg/src/renditions/video.ts';
import { run } from '../packages/ffmpeg/src/run.ts';
import { speechLikeAudio } from '../packages/ffmpeg/src/synth.ts';
import { CACHE, exists, timed } from './media-audio.ts';

/**
 * Video renditions benchmark: a 10-minute 1080p30 sermon-like file through
 *
 * - naive: one ffmpeg, one decode, split + bicubic scale, x264 veryfast for every rung, AAC in
 *   every variant (hls muxer var_stream_map, master playlist by ffmpeg);
 * - renditions/video.ts ladder alone (video-only HLS rungs), and the whole job
 *   (videoRenditions: ladder, audio renditions, thumbnail, MP4 remuxes, master playlist);
 *
 * then SSIM of every rung against the source scaled (lanczos) to the rung's size, and each
 * rung's video bitrate. Wall seconds, × real time, and the CPU seconds of the ffmpeg processes.
 *
 *   node bench/media-video.ts [--seconds 600] [--ssim-every 1] [--generate-only] [--skip-ladder-only]
 */

/**
 * A sermon-like 1080p30 H.264 file: a still, detailed "stage" (a blurred, desaturated
 * Mandelbrot render), a pacing "speaker" (a moving test pattern) with a close-up camera cut
 * for 25 s of every 90, light temporal sensor noise on luma, and 48 kHz stereo AAC speech.
 * Cached; generation time is not measured.
 */
export async function sermonVideo(seconds: number): Promise<string> {
  const file = join(CACHE, `sermon-1080p30-${seconds}s.mp4`);
  if (await exists(file)) return file;
  await mkdir(CACHE, { recursive: true });
  const speech = join(CACHE, `speech-${seconds}s.mp3`);
  if (!(await exists(speech))) await speechLikeAudio(speech, { seconds, seed: 4242, voice: 'low' });
  const stage = join(CACHE, 'stage.png');
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'mandelbrot=s=1920x1080:maxiter=200:start_scale=1.5:end_scale=1.5:start_x=-0.75:start_y=0,' +
      'format=yuv420p,boxblur=2,hue=s=0.35:b=-1.5',
    '-frames:v',
    '1',
    '-y',
    stage,
  ]);
  const partial = `${file}.part.mp4`;
  console.log(`generating ${file} (${seconds} s of 1080p30; not timed)…`);
  await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    stage,
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=420x720:r=30',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=840x1080:r=30,hue=h=90:s=0.6',
    '-i',
    speech,
    '-filter_complex',
    '[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,settb=expr=1/30,setpts=N[stage];' +
      '[1:v]format=yuv420p[speaker];[2:v]format=yuv420p[closeup];' +
      "[stage][speaker]overlay=x='750+260*sin(t/6)+40*sin(t*1.3)':y='300+10*sin(t*0.9)'[wide];" +
      "[wide][closeup]overlay=x=540:y=0:enable='between(mod(t,90),10,35)',noise=c0s=2:allf=t[v];" +
      '[3:a]aresample=48000,pan=stereo|c0=c0|c1=c0[a]',
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-t',
    String(seconds),
    // The still stage is the overlay's main input; without this the output takes its 25 fps.
    '-r',
    '30',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '18',
    '-g',
    '60',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-movflags',
    '+faststart',
    '-y',
    partial,
  ]);
  await rename(partial, file);
  return file;
}

/** Same rungs, bitrates, GOP and segmenting as the ladder, with none of its tuning. */
async function naiveLadder(input: string, outDir: string, rungs: readonly PlannedRung[], source: MediaInfo) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const segment = VIDEO_SEGMENT_SECONDS;
  const gop = Math.round(segment * (source.frameRate ?? 30));
  const graph =
    `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};` +
    rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.outHeight}[v${i}]`).join(';');
  const perRung = rungs.flatMap((r, i) => [
    `-b:v:${i}`,
    `${r.bitrateKbps}k`,
    `-maxrate:v:${i}`,
    `${Math.round(r.bitrateKbps * 1.5)}k`,
    `-bufsize:v:${i}`,
    `${r.bitrateKbps * 2}k`,
  ]);
  await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    input,
    '-filter_complex',
    graph,
    ...rungs.flatMap((_, i) => ['-map', `[v${i}]`]),
    ...rungs.flatMap(() => ['-map', '0:a:0']),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    ...perRung,
    '-g',
    String(gop),
    '-force_key_frames',
    `expr:gte(t,n_forced*${segment})`,
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ac',
    '1',
    '-f',
    'hls',
    '-hls_time',
    String(segment),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-var_stream_map',
    rungs.map((_, i) => `v:${i},a:${i}`).join(' '),
    '-master_pl_name',
    'master.m3u8',
    '-hls_segment_filename',
    join(outDir, 'v%v', 'seg-%05d.m4s'),
    join(outDir, 'v%v', 'index.m3u8'),
  ]);
  return rungs.map((_, i) => join(outDir, `v${i}`, 'index.m3u8'));
}

/** Video bits per second of a playlist or file (sum of its video packets). */
async function videoBitrate(file: string, durationSeconds: number): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=size',
    '-of',
    'csv=p=0',
    file,
  ]);
  let bytes = 0;
  for (const line of stdout.toString().split('\n')) if (line) bytes += Number(line);
  return (bytes * 8) / durationSeconds;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  const { values: args } = parseArgs({
    options: {
      seconds: { type: 'string', default: '600' },
      'ssim-every': { type: 'string', default: '1' },
      'generate-only': { type: 'boolean', default: false },
      // The ladder-only step isolates the x264 ladder; skip it to save a third of the run.
      'skip-ladder-only': { type: 'boolean', default: false },
    },
  });
  const input = await sermonVideo(Number(args.seconds));
  if (args['generate-only']) {
    console.log(input);
    return;
  }
  const source = await probe(input);
  const duration = source.durationSeconds;
  console.log(
    `input: ${input}, ${fmt(duration / 60)} min ${source.width}x${source.height} ${fmt(source.frameRate ?? 0, 2)} fps ` +
      `${source.videoCodec} ${Math.round((source.bitrate ?? 0) / 1000)} kb/s, ${source.audioCodec} ${source.audioChannels} ch`,
  );
  const rungs = planLadder(source);
  const rows: { name: string; seconds: number; cpu: number; load: number }[] = [];
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const load = loadavg()[0] ?? 0;
    const t = await timed(fn);
    rows.push({ name, seconds: t.seconds, cpu: t.cpu, load });
    console.log(`  ${name}: ${fmt(t.seconds)} s (${fmt(duration / t.seconds, 2)}× real time), CPU ${fmt(t.cpu)} s`);
    return t.value;
  };

  const naivePlaylists = await step('naive ladder (one ffmpeg, veryfast, AAC per variant)', () =>
    naiveLadder(input, join(CACHE, 'video-naive'), rungs, source),
  );
  if (!args['skip-ladder-only']) {
    const ladderDir = join(CACHE, 'video-ladder');
    await rm(ladderDir, { recursive: true, force: true });
    await mkdir(join(ladderDir, 'hls'), { recursive: true });
    await step('renditions/video.ts ladder only (video HLS rungs)', () =>
      run('ffmpeg', videoLadderCommand(input, ladderDir, rungs, { sourceFrameRate: source.frameRate })),
    );
  }
  const jobDir = join(CACHE, 'video-renditions');
  await rm(jobDir, { recursive: true, force: true });
  const job = await step('renditions/video.ts whole job (ladder, audio, thumbnail, MP4s, master)', () =>
    videoRenditions(input, jobDir, { source }),
  );

  const every = Number(args['ssim-every']);
  console.log(`SSIM against the source (lanczos-scaled to each rung${every > 1 ? `, every ${every}th frame` : ''})…`);
  const targets = (files: string[]) =>
    rungs.map((r, i) => ({ file: files[i] ?? '', width: r.width, height: r.outHeight }));
  const mineFiles = job.rungs.map((r) => r.hls.playlist);
  const [naiveSsim, mineSsim] = [
    await ssimAgainst(input, targets(naivePlaylists), { everyNthFrame: every }),
    await ssimAgainst(input, targets(mineFiles), { everyNthFrame: every }),
  ];
  const naiveRates = await Promise.all(naivePlaylists.map((f) => videoBitrate(f, duration)));
  const mineRates = await Promise.all(mineFiles.map((f) => videoBitrate(f, duration)));

  console.log('\n| pipeline | wall s | × real time | CPU s | load avg at start |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${fmt(row.seconds)} | ${fmt(duration / row.seconds, 2)}× | ${fmt(row.cpu)} | ${fmt(row.load, 2)} |`,
    );
  }
  console.log('\n| rung | target | naive video kb/s | naive SSIM All (Y) | ladder video kb/s | ladder SSIM All (Y) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  rungs.forEach((r, i) => {
    const n = naiveSsim[i];
    const m = mineSsim[i];
    console.log(
      `| ${r.name} ${r.width}x${r.outHeight} | ${r.bitrateKbps} | ${Math.round((naiveRates[i] ?? 0) / 1000)} | ` +
        `${fmt(n?.all ?? 0, 4)} (${fmt(n?.y ?? 0, 4)}) | ${Math.round((mineRates[i] ?? 0) / 1000)} | ` +
        `${fmt(m?.all ?? 0, 4)} (${fmt(m?.y ?? 0, 4)}) |`,
    );
  });
  console.log(
    `\nwhole job outputs: ${job.rungs.map((r) => `${VIDEO_FILES.mp4(r.name)} ${Math.round(r.mp4.sizeBytes / 1e6)} MB`).join(', ')}; ` +
      `audio high ${fmt(job.audio?.high.durationSeconds ?? 0, 2)} s; thumbnail at ${fmt(job.thumbnail.positionSeconds)} s`,
  );
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
