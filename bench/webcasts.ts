import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { ensureReferenceData } from '../packages/server/src/reference/reference-data.ts';
import { loadFixture } from '../packages/server/src/test/fixture.ts';
import { LIVE_SYNC_SEGMENTS } from '../site/islands/player/live-sync.ts';
import { loadAverage, run, startServer } from './lib/serve.ts';

/**
 * Webcast delivery against the real server (main.ts, one process: web, jobs and the RTMP
 * ingest), once with the lower rung off and once on (WEBCAST_LOWER_RUNG). An ffmpeg publisher
 * pushes 720p30 H.264 (~2.5 Mb/s, a key frame every 2 s) and AAC over RTMP on loopback, in real
 * time, as OBS would (encoded once beforehand and looped, so the publisher's encoding is not
 * counted against the machine). Measured:
 *
 * 1. first frame → playable: from the publisher's start until the URL the API gives answers
 *    with a playlist whose first segment answers (target < 4 s);
 * 2. the live latency a player sees: now − the moment the publisher made the frame an hls.js
 *    player plays (LIVE_SYNC_SEGMENTS target durations behind the newest segment's end, the site player's hls.js setting),
 *    sampled every second (target < 8 s). The frame's moment is the publisher's start plus its
 *    position in the stream (the publisher runs at real time from 0); a packager that missed
 *    the stream's first frames would make it larger, never smaller;
 * 3. the CPU seconds per minute of the webcast's ffmpeg processes (packager, and lower rung),
 *    from /proc/<pid>/stat over a minute;
 * 4. (rung on) 50 concurrent viewers on loopback, each fetching a rung's playlist and its newest
 *    segment in a loop for 30 s: requests/s, errors, p95.
 *
 *   node bench/webcasts.ts [--minutes 1] [--viewers 50] [--viewer-seconds 30]
 *
 * BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 * a database kerygma_bench_webcasts is made afresh on it with the test fixture's broadcasters.
 */
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '1' },
    viewers: { type: 'string', default: '50' },
    'viewer-seconds': { type: 'string', default: '30' },
  },
});
const WINDOW_MS = Number(args.minutes) * 60_000;
const VIEWERS = Number(args.viewers);
const VIEWER_MS = Number(args['viewer-seconds']) * 1000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'kerygma_bench_webcasts';
const PORT = 4399;
const RTMP_PORT = 19_350;
const STREAM_KEY = 'bench-webcast-stream-key';
const SEGMENT_SECONDS = 2;
const CLOCK_TICKS = 100; // USER_HZ on Linux

// ---- a database with one broadcaster that may webcast ------------------------------------------
const admin = openPostgres(ADMIN_URL, 1);
await admin.exec(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.exec(`CREATE DATABASE ${DB_NAME}`);
await admin.close();
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${DB_NAME}`;
const DATABASE_URL = dbUrl.toString();
{
  const db = openPostgres(DATABASE_URL, 2);
  await migrate(db);
  await ensureReferenceData(db);
  await loadFixture(db);
  await db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id = 'gracechurch'`);
  await db.query(`INSERT INTO broadcaster_stream_key (broadcaster_id, stream_key) VALUES ('gracechurch', $1)`, [
    STREAM_KEY,
  ]);
  await db.close();
}

// ---- helpers --------------------------------------------------------------------------------------
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]) => percentile(values, 50);
const text = async (url: string) => {
  const res = await fetch(url);
  return res.ok ? res.text() : null;
};
/** A media playlist's segments and their durations. */
const segmentsOf = (playlist: string) =>
  [...playlist.matchAll(/#EXTINF:([\d.]+),\s*\n([^#\s][^\n]*)/g)].map(([, seconds, uri]) => ({
    seconds: Number(seconds),
    uri: uri as string,
  }));
/** The media playlists a URL leads to: the master's rungs, or the URL itself. */
const rungsOf = async (url: string) => {
  const body = await text(url);
  if (!body?.includes('#EXT-X-STREAM-INF')) return body ? [url] : [];
  return body
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((uri) => new URL(uri, url).toString());
};

/** The encoder's output, made once: the publisher then sends it (looped) without encoding, as OBS's encoder would have. */
const CLIP = path.join(tmpdir(), 'kerygma-bench-webcast-720p30.flv');
if (!existsSync(CLIP)) {
  // biome-ignore format: one option and its value a line
  await run('ffmpeg', [
    '-y', '-hide_banner', '-loglevel', 'error',
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '30',
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k',
    '-g', '60', '-keyint_min', '60', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', CLIP,
  ]);
}

function publish(): ChildProcess {
  // biome-ignore format: one option and its value a line
  return spawn('ffmpeg', [
    '-hide_banner', '-loglevel', 'error',
    '-re', '-stream_loop', '-1', '-i', CLIP,
    '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${RTMP_PORT}/live/${STREAM_KEY}`,
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** CPU seconds (user + system) a process has used. */
const cpuSeconds = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
};
/** The server's ffmpeg children packaging the webcast (not the publisher: it is ours). */
const packagers = (serverPid: number) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.split(') ')[1]?.split(' ')[1]) === serverPid && stat.includes('(ffmpeg)');
      } catch {
        return false;
      }
    });

type Result = {
  rung: 'off' | 'on';
  playableSeconds: number;
  /** By rung, in the master's order: the player's latency, and how far the newest segment's end is behind. */
  latency: number[][];
  edgeLatency: number[][];
  cpuPerMinute: number;
  processes: number;
  viewers?: { requests: number; perSecond: number; errors: number; p95Ms: number; p95PlaylistMs: number };
};

async function viewersLoad(url: string) {
  const rungs = await rungsOf(url);
  const durations: number[] = [];
  const playlistDurations: number[] = [];
  let errors = 0;
  const until = Date.now() + VIEWER_MS;
  const timed = async (target: string, into: number[]) => {
    const started = performance.now();
    try {
      const res = await fetch(target);
      const body = await res.arrayBuffer();
      into.push(performance.now() - started);
      if (!res.ok || body.byteLength === 0) errors++;
      return res.ok ? new TextDecoder().decode(body) : null;
    } catch {
      errors++;
      return null;
    }
  };
  const viewer = async (n: number) => {
    const playlistUrl = rungs[n % rungs.length] as string;
    while (Date.now() < until) {
      const playlist = await timed(playlistUrl, playlistDurations);
      const newest = playlist ? segmentsOf(playlist).at(-1) : undefined;
      if (newest) await timed(new URL(newest.uri, playlistUrl).toString(), durations);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: VIEWERS }, (_, n) => viewer(n)));
  const requests = durations.length + playlistDurations.length;
  return {
    requests,
    perSecond: Math.round(requests / ((Date.now() - started) / 1000)),
    errors,
    p95Ms: Math.round(percentile([...durations, ...playlistDurations], 95)),
    p95PlaylistMs: Math.round(percentile(playlistDurations, 95)),
  };
}

async function measure(rung: 'off' | 'on'): Promise<Result> {
  const server = await startServer({
    port: PORT,
    databaseUrl: DATABASE_URL,
    env: {
      RTMP_PORT: String(RTMP_PORT),
      WEBCAST_LOWER_RUNG: rung,
      WEBCAST_SEGMENT_SECONDS: String(SEGMENT_SECONDS),
      WEBCAST_OFFLINE_MINUTES: '0.05',
    },
  });
  const api = `${server.origin}/api/v2/node/webcasts?broadcasterID=gracechurch`;
  const startedAt = Date.now();
  const publisher = publish();
  try {
    // 1. first frame → a playlist whose first segment answers.
    let hlsURL: string | null = null;
    let playableAt = 0;
    while (!playableAt) {
      if (Date.now() - startedAt > 60_000) throw new Error('the webcast never became playable');
      hlsURL ??= (await (await fetch(api)).json()).results?.[0]?.hlsURL ?? null;
      if (hlsURL) {
        const [first] = await rungsOf(hlsURL);
        const playlist = first ? await text(first) : null;
        const segment = playlist ? segmentsOf(playlist)[0] : undefined;
        if (first && segment && (await fetch(new URL(segment.uri, first))).ok) playableAt = Date.now();
      }
      if (!playableAt) await sleep(50);
    }
    const url = hlsURL as string;

    // 2 and 3. a minute of the webcast: its ffmpeg processes' CPU, the latency every second.
    // (with the rung on, once the master lists both: the lower rung starts after the main one)
    while (rung === 'on' && (await rungsOf(url)).length < 2) {
      if (Date.now() - startedAt > 90_000) throw new Error('the lower rung never started');
      await sleep(200);
    }
    const pids = packagers(server.pid);
    const cpuBefore = pids.map(cpuSeconds);
    const windowStart = Date.now();
    const rungUrls = await rungsOf(url);
    const latency: number[][] = rungUrls.map(() => []);
    const edgeLatency: number[][] = rungUrls.map(() => []);
    while (Date.now() - windowStart < WINDOW_MS) {
      for (const [i, rungUrl] of rungUrls.entries()) {
        const playlist = await text(rungUrl);
        if (!playlist) continue;
        const now = Date.now();
        const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0);
        const segments = segmentsOf(playlist);
        // The stream's position at the newest segment's end: the segments before the window are whole segments too.
        const trimmed = sequence * SEGMENT_SECONDS;
        const edge = trimmed + segments.reduce((sum, s) => sum + s.seconds, 0);
        const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1] ?? SEGMENT_SECONDS);
        edgeLatency[i]?.push((now - startedAt) / 1000 - edge);
        latency[i]?.push((now - startedAt) / 1000 - (edge - LIVE_SYNC_SEGMENTS * target));
      }
      await sleep(1000);
    }
    const elapsedMinutes = (Date.now() - windowStart) / 60_000;
    const cpu = pids.map(cpuSeconds).reduce((sum, s, i) => sum + s - (cpuBefore[i] ?? 0), 0);

    // 4. viewers (with the rungs on: every rung is fetched).
    const viewers = rung === 'on' ? await viewersLoad(url) : undefined;
    return {
      rung,
      playableSeconds: (playableAt - startedAt) / 1000,
      latency,
      edgeLatency,
      cpuPerMinute: cpu / elapsedMinutes,
      processes: pids.length,
      viewers,
    };
  } finally {
    publisher.kill('SIGINT');
    await new Promise((resolve) => publisher.once('close', resolve));
    await server.stop();
  }
}

const results: Result[] = [];
for (const rung of ['off', 'on'] as const) results.push(await measure(rung));

const s1 = (n: number) => n.toFixed(1);
console.log(`\nWebcasts, ${new Date().toISOString().slice(0, 10)} (load average ${loadAverage()})\n`);
console.log(
  '| lower rung | first frame → playable | ffmpeg CPU s per minute (processes) | rung | player latency (median / max) | newest segment behind (median) |',
);
console.log('| --- | --: | --: | --- | --: | --: |');
for (const r of results) {
  for (const [i, samples] of r.latency.entries()) {
    const head =
      i === 0 ? `| ${r.rung} | ${s1(r.playableSeconds)} s | ${s1(r.cpuPerMinute)} (${r.processes}) ` : '| | | ';
    console.log(
      `${head}| ${i === 0 ? 'main' : 'lower'} | ${s1(median(samples))} / ${s1(Math.max(...samples))} s | ${s1(median(r.edgeLatency[i] ?? []))} s |`,
    );
  }
}
for (const r of results) {
  if (!r.viewers) continue;
  const v = r.viewers;
  console.log(
    `\n${VIEWERS} viewers, ${VIEWER_MS / 1000} s, lower rung ${r.rung}: ${v.requests} requests, ${v.perSecond}/s, ${v.errors} errors, p95 ${v.p95Ms} ms (playlists ${v.p95PlaylistMs} ms)`,
  );
}
