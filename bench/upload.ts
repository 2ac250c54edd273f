import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { createApiKey } from '../packages/server/src/media/api-keys.ts';

/**
 * Upload benchmark: one large file through tus in 64 MB PATCH requests (under common proxy
 * limits) against the real server process, sampling the server's resident memory throughout.
 *
 *   node bench/upload.ts [--gigabytes 2]
 */
const { values: args } = parseArgs({ options: { gigabytes: { type: 'string', default: '2' } } });
const TOTAL = Math.round(Number(args.gigabytes) * 1024 ** 3);
const CHUNK = 64 * 1024 ** 2;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const PORT = 4397;
const ORIGIN = `http://127.0.0.1:${PORT}`;

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** `length` bytes of a repeating pattern, produced as the request body is sent. */
function body(length: number): ReadableStream<Uint8Array> {
  const block = Buffer.alloc(1024 * 1024, 0x5a);
  let left = length;
  return Readable.toWeb(
    Readable.from(
      (function* () {
        while (left > 0) {
          const n = Math.min(left, block.length);
          left -= n;
          yield block.subarray(0, n);
        }
      })(),
    ),
  ) as ReadableStream<Uint8Array>;
}

const db = openPostgres(DATABASE_URL, 2);
await migrate(db); // the key table may be newer than the loaded database
const [sermon] = await db.query<{ sermon_id: string; broadcaster_id: string }>(
  'SELECT sermon_id, broadcaster_id FROM sermon ORDER BY sermon_id LIMIT 1',
);
if (!sermon) throw new Error('run pnpm bench:data first');
const key = await createApiKey(db, sermon.broadcaster_id, 'upload benchmark');
await db.close();

const child = spawn(process.execPath, ['packages/server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    KERYGMA_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    KERYGMA_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kerygma-upload-bench-')),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${ORIGIN}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid as number;
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);

  const slot = (await (
    await fetch(`${ORIGIN}/api/v2/media`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ sermonID: sermon.sermon_id, uploadType: 'original-video', filenames: ['big.mp4'] }),
    })
  ).json()) as { uploadURL: string };
  const url = `${ORIGIN}${new URL(slot.uploadURL).pathname}`;
  const tus = { 'tus-resumable': '1.0.0' };
  const started = performance.now();
  await fetch(url, { method: 'POST', headers: { ...tus, 'upload-length': String(TOTAL) } });
  for (let offset = 0; offset < TOTAL; offset += CHUNK) {
    const length = Math.min(CHUNK, TOTAL - offset);
    const res = await fetch(url, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: body(length),
      duplex: 'half',
    } as RequestInit);
    if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status} ${await res.text()}`);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const mb = (n: number) => (n / 1024 ** 2).toFixed(1);
  console.log(
    `uploaded ${mb(TOTAL)} MB in ${seconds.toFixed(1)} s (${mb(TOTAL / seconds)} MB/s), ${Math.ceil(TOTAL / CHUNK)} PATCH requests`,
  );
  console.log(
    `server RSS before ${mb(before)} MB, peak ${mb(peak)} MB, growth ${mb(peak - before)} MB (target < 100 MB)`,
  );
} finally {
  child.kill('SIGTERM');
}
