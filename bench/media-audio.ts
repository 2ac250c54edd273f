import { readFileSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { probe } from '../packages/ffmpeg/src/probe.ts';
import { AUDIO_DEFAULTS, audioRenditions } from '../packages/ffmpeg/src/renditions/audio.ts';
import { readMediaPlaylist } from '../packages/ffmpeg/src/renditions/hls.ts';
import { run } from '../packages/ffmpeg/src/run.ts';
import { speechLikeAudio } from '../packages/ffmpeg/src/synth.ts';
import { peaksCollector, peaksResolution } from '../packages/ffmpeg/src/waveform.ts';

/**
 * Audio renditions benchmark: a 60-minute spoken-word MP3 to high MP3, low MP3, AAC HLS and
 * waveform peaks, timed for a naive single ffmpeg command with all four outputs and for
 * renditions/audio.ts. Prints wall seconds, × real time and the CPU seconds the ffmpeg
 * processes used (which other load on the machine does not inflate).
 *
 *   node bench/media-audio.ts [--minutes 60] [--runs 2]
 */
export const CACHE = '/tmp/kerygma-bench-media';

/** CPU seconds (user + system) of this process's reaped children, from /proc. */
export function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat (cutime, cstime) are at 13 and 14 after the command name.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; cpu: number }> {
  const cpu0 = childCpuSeconds() + process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  const started = performance.now();
  const value = await fn();
  const seconds = (performance.now() - started) / 1000;
  const cpu = childCpuSeconds() + process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 - cpu0;
  return { value, seconds, cpu };
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The naive pipeline: one ffmpeg, one decode, every output encoded by the main thread in turn. */
async function naive(input: string, outDir: string, durationSeconds: number) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'hls'), { recursive: true });
  const collector = peaksCollector(peaksResolution(durationSeconds).samplesPerPixel);
  const d = AUDIO_DEFAULTS;
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      input,
      ...['-map', '0:a:0', '-ac', '1', '-ar', String(d.highSampleRate), '-c:a', 'libmp3lame'],
      ...['-b:a', `${d.highBitrateKbps}k`, '-y', join(outDir, 'high.mp3')],
      ...['-map', '0:a:0', '-ac', '1', '-ar', String(d.lowSampleRate), '-c:a', 'libmp3lame'],
      ...['-b:a', `${d.lowBitrateKbps}k`, '-y', join(outDir, 'low.mp3')],
      ...['-map', '0:a:0', '-ac', '1', '-ar', String(d.highSampleRate), '-c:a', 'aac', '-b:a', `${d.hlsBitrateKbps}k`],
      ...['-f', 'hls', '-hls_time', String(d.hlsSegmentSeconds), '-hls_playlist_type', 'vod'],
      ...['-hls_segment_type', 'fmp4', '-hls_segment_filename', join(outDir, 'hls', 'audio-%05d.m4s')],
      ...['-y', join(outDir, 'hls', 'audio.m3u8')],
      ...['-map', '0:a:0', '-ac', '1', '-ar', '8000', '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
    ],
    { onStdout: (chunk) => collector.push(chunk) },
  );
  const peaks = collector.finish();
  const [high, low, hls] = await Promise.all([
    probe(join(outDir, 'high.mp3')),
    probe(join(outDir, 'low.mp3')),
    readMediaPlaylist(join(outDir, 'hls', 'audio.m3u8')),
  ]);
  return { high, low, hls, peaks };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  const { values: args } = parseArgs({
    options: { minutes: { type: 'string', default: '60' }, runs: { type: 'string', default: '2' } },
  });
  const SECONDS = Math.round(Number(args.minutes) * 60);
  const RUNS = Math.max(1, Number(args.runs));
  await mkdir(CACHE, { recursive: true });
  const input = join(CACHE, `speech-${SECONDS}s.mp3`);
  if (!(await exists(input))) {
    console.log(`generating ${input} (${SECONDS / 60} min of speech-like audio; not timed)…`);
    await speechLikeAudio(input, { seconds: SECONDS, seed: 4242, voice: 'low' });
  }
  const source = await probe(input);
  console.log(
    `input: ${input}, ${fmt(source.durationSeconds / 60)} min, ${source.audioCodec} ` +
      `${Math.round((source.bitrate ?? 0) / 1000)} kb/s, ${source.audioChannels} ch, ${source.audioSampleRate} Hz`,
  );

  type Row = { name: string; seconds: number; cpu: number; load: number };
  const rows: Row[] = [];
  for (let i = 0; i < RUNS; i++) {
    const load = loadavg()[0] ?? 0;
    const n = await timed(() => naive(input, join(CACHE, 'audio-naive'), source.durationSeconds));
    rows.push({ name: 'naive: one ffmpeg, four outputs', seconds: n.seconds, cpu: n.cpu, load });
    if (i === 0) {
      const v = n.value;
      console.log(
        `  naive outputs: high ${fmt(v.high.durationSeconds, 2)} s ${v.high.sizeBytes} B, ` +
          `low ${fmt(v.low.durationSeconds, 2)} s ${v.low.sizeBytes} B, hls ${fmt(v.hls.durationSeconds, 2)} s ` +
          `${v.hls.sizeBytes} B, peaks ${v.peaks.length}`,
      );
    }
    const load2 = loadavg()[0] ?? 0;
    const outDir = join(CACHE, 'audio-renditions');
    await rm(outDir, { recursive: true, force: true });
    const m = await timed(() => audioRenditions(input, outDir, { source }));
    rows.push({
      name: 'renditions/audio.ts (decode + AAC, piped to MP3s + peaks)',
      seconds: m.seconds,
      cpu: m.cpu,
      load: load2,
    });
    if (i === 0) {
      const r = m.value;
      console.log(
        `  renditions: high ${fmt(r.high.durationSeconds, 2)} s ${r.high.sizeBytes} B ${Math.round(r.high.bitrate / 1000)} kb/s, ` +
          `low ${fmt(r.low.durationSeconds, 2)} s ${r.low.sizeBytes} B ${Math.round(r.low.bitrate / 1000)} kb/s, ` +
          `hls ${fmt(r.hls.durationSeconds, 2)} s ${r.hls.sizeBytes} B ${Math.round(r.hls.averageBitrate / 1000)} kb/s ` +
          `(${r.hls.segments.length} segments), peaks ${r.waveform.peaks.length}`,
      );
    }
  }
  console.log('\n| pipeline | wall s | × real time | CPU s | load avg at start |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${fmt(row.seconds)} | ${fmt(source.durationSeconds / row.seconds, 0)}× | ${fmt(row.cpu)} | ${fmt(row.load, 2)} |`,
    );
  }
}

if (import.meta.main) await main();
