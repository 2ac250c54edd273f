import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ApiDeps } from '../packages/server/src/app-deps.ts';
import { mediaRoutes } from '../packages/server/src/media/serving/media.routes.ts';
import { type S3Config, s3MediaStore } from '../packages/server/src/storage/s3-store.ts';
import { startTestS3 } from '../packages/server/src/test/s3-server.ts';

/**
 * Media from S3: what a web process pays to redirect a player to the bucket, against streaming
 * the bytes through itself (the code path /media/* uses for HLS playlists behind presigned
 * URLs). The S3 server (the tests' one: Ceph RGW when installed, else s3rver) and the app run as
 * separate processes; the app's CPU time is read from /proc.
 *
 *   node bench/media-s3.ts [--megabytes 64] [--downloads 8]   (at most 400 MB on Ceph RGW: it keeps objects in RAM)
 */
const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'bench' },
    config: { type: 'string' },
    megabytes: { type: 'string', default: '64' },
    downloads: { type: 'string', default: '8' },
  },
});

function child(role: string, extra: string[] = []) {
  const proc = spawn(process.execPath, [new URL(import.meta.url).pathname, '--role', role, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0] as string);
    });
    proc.on('exit', (code) => reject(new Error(`${role} exited with ${code} before it was ready`)));
  });
  return { proc, firstLine };
}

const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
};

async function bench() {
  const megabytes = Number(args.megabytes);
  const downloads = Number(args.downloads);
  const s3 = child('s3');
  const config = JSON.parse(await s3.firstLine) as S3Config;
  const app = child('app', ['--config', JSON.stringify(config)]);
  const ORIGIN = await app.firstLine;
  try {
    const store = s3MediaStore(config);
    const small = path.join(tmpdir(), 'kerygma-bench-small.mp3');
    const big = path.join(tmpdir(), 'kerygma-bench-big.m3u8');
    writeFileSync(small, Buffer.alloc(1_000_000, 1));
    const block = Buffer.alloc(1024 * 1024, 2); // written a megabyte at a time: RSS stays small
    const fd = openSync(big, 'w');
    for (let i = 0; i < megabytes; i++) writeSync(fd, block);
    closeSync(fd);
    await store.moveIn('9/r/b/1/audio.mp3', small);
    // Memory of a multipart upload, sampled every 20 ms.
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    const uploadStarted = performance.now();
    await store.moveIn('9/r/b/1/big.m3u8', big); // a playlist key: the route streams it through
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    clearInterval(sampler);

    const wrk = execFileSync('wrk', ['-t2', '-c16', '-d10s', '--latency', `${ORIGIN}/media/9/r/b/1/audio.mp3`], {
      encoding: 'utf8',
    });
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(wrk)?.[1];
    const p50 = /^\s+50%\s+(\S+)/m.exec(wrk)?.[1];
    const p99 = /^\s+99%\s+(\S+)/m.exec(wrk)?.[1];
    const redirectStatus = (await fetch(`${ORIGIN}/media/9/r/b/1/audio.mp3`, { redirect: 'manual' })).status;

    const fetchAll = (url: string) => {
      const started = performance.now();
      for (let i = 0; i < downloads; i++) {
        execFileSync('curl', ['-sf', '-o', '/dev/null', url]);
      }
      return (performance.now() - started) / 1000;
    };
    const pid = app.proc.pid as number;
    const cpuBefore = cpuSeconds(pid);
    const throughSeconds = fetchAll(`${ORIGIN}/media/9/r/b/1/big.m3u8`);
    const throughCpu = cpuSeconds(pid) - cpuBefore;
    const direct = await store.locate('9/r/b/1/big.m3u8', { downloadName: 'big.m3u8' });
    const cpuBeforeDirect = cpuSeconds(pid);
    const directSeconds = fetchAll((direct as { url: string }).url);
    const directCpu = cpuSeconds(pid) - cpuBeforeDirect;

    // Presigning in this process: every URL new, then the same URLs again (reused for an hour).
    // CPU time, which the machine's other load inflates less than wall time.
    const perLocate = async () => {
      const started = process.cpuUsage();
      for (let i = 0; i < 2000; i++) await store.locate(`9/r/b/1/seg-${i}.m4s`);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 2000;
    };
    const fresh = await perLocate();
    const reused = await perLocate();

    const gb = (megabytes * downloads) / 1024;
    const mbps = (s: number) => ((megabytes * downloads) / s).toFixed(0);
    console.log(
      `redirect (status ${redirectStatus}): ${rps} req/s, latency p50 ${p50}, p99 ${p99} (wrk -t2 -c16 -d10s)`,
    );
    console.log(
      `moveIn of ${megabytes} MB (multipart): ${uploadSeconds.toFixed(1)} s, ` +
        `RSS +${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MB`,
    );
    console.log(`presigned URL: ${fresh.toFixed(0)} µs of CPU to make, ${reused.toFixed(1)} µs when reused`);
    console.log(
      `through the app: ${downloads} × ${megabytes} MB in ${throughSeconds.toFixed(1)} s = ${mbps(throughSeconds)} MB/s, ` +
        `app CPU ${(throughCpu / gb).toFixed(1)} s per GB`,
    );
    console.log(
      `bucket directly: ${downloads} × ${megabytes} MB in ${directSeconds.toFixed(1)} s = ${mbps(directSeconds)} MB/s, ` +
        `app CPU ${(directCpu / gb).toFixed(1)} s per GB`,
    );
  } finally {
    app.proc.kill();
    s3.proc.kill();
  }
}

if (args.role === 's3') {
  const s3 = await startTestS3();
  process.on('SIGTERM', () => void s3.close().then(() => process.exit(0)));
  console.log(JSON.stringify(await s3.newBucket()));
} else if (args.role === 'app') {
  const media = s3MediaStore(JSON.parse(args.config as string) as S3Config);
  // Fastify is the server package's dependency, not the workspace root's.
  const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
  const app = (require('fastify') as (options?: object) => Parameters<typeof mediaRoutes>[0])();
  const counters = { record() {}, flush: async () => {}, close: async () => {} };
  mediaRoutes(app, { media, counters } as unknown as ApiDeps);
  // A free port, told to the parent.
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
} else {
  await bench();
}
