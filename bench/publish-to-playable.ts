import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { speechLikeAudio } from '../packages/ffmpeg/src/synth.ts';
import { runAdminCommand } from '../packages/server/src/cli/admin-commands.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { localMediaStore } from '../packages/server/src/storage/local-store.ts';
import { loadAverage, startServer } from './lib/serve.ts';

/**
 * The dashboard's two speed targets against the real server (main.ts, one process: web and
 * jobs) on the scale database, for the broadcaster with the most sermons:
 *
 * 1. publish → visible: a published sermon appears on the broadcaster's cached public page, and
 *    its own page answers, within a second of the publish call's answer;
 * 2. upload → playable: a 60-minute MP3 sent over tus (as the dashboard sends it) to a published
 *    sermon plays on its cached public page within 10 s of the upload's last byte: the page links
 *    an MP3 and that MP3 answers a range request.
 *
 *   node bench/publish-to-playable.ts [--minutes 60] [--runs 3]
 *
 * BENCH_DATABASE_URL as for bench:data (default postgres://postgres@127.0.0.1:5432/kerygma_bench).
 */
const { values: args } = parseArgs({
  options: { minutes: { type: 'string', default: '60' }, runs: { type: 'string', default: '3' } },
});
const MINUTES = Number(args.minutes);
const RUNS = Number(args.runs);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const PORT = 4398;
const PASSWORD = 'Bench-publish-1';
const CHUNK = 16 * 1024 ** 2; // the dashboard's tus chunk size

// ---- set-up: a manager of the largest broadcaster, and the sermon's audio ----------------------
const db = openPostgres(DATABASE_URL, 2);
await migrate(db);
const [largest] = await db.query<{ broadcaster_id: string }>(
  'SELECT broadcaster_id FROM sermon GROUP BY broadcaster_id ORDER BY count(*) DESC LIMIT 1',
);
if (!largest) throw new Error('run pnpm bench:data first');
const broadcasterID = largest.broadcaster_id;
const username = `bench${Date.now().toString(36)}`;
const deps = { db, media: localMediaStore(tmpdir()), mediaDir: tmpdir(), where: DATABASE_URL };
const quiet = () => {};
for (const request of [
  { command: 'user' as const, username, email: `${username}@example.org`, password: PASSWORD },
  { command: 'broadcaster-role' as const, username, broadcasterId: broadcasterID, role: 2 as const },
]) {
  const done = await runAdminCommand(request, deps, quiet);
  if (!done.ok) throw new Error(done.text);
}
await db.close();

const audio = path.join(tmpdir(), `kerygma-bench-sermon-${MINUTES}min.mp3`);
if (!existsSync(audio)) await speechLikeAudio(audio, { seconds: MINUTES * 60, seed: 4242 });
const bytes = readFileSync(audio);

const server = await startServer({ port: PORT, databaseUrl: DATABASE_URL, timeoutMs: 300_000 });
const origin = server.origin;
const ms = (from: number) => performance.now() - from;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

try {
  const login = await fetch(`${origin}/api/v2/site/users/${username}/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${origin}/api/v2${url}`, {
      method,
      headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  const speaker = (await api('POST', '/node/speakers', {
    broadcasterID,
    speakerName: `Bench Speaker ${username}`,
  })) as {
    speakerID: number;
  };

  /** Polls `check` every 25 ms until it holds; the milliseconds from `from`. */
  const until = async (from: number, check: () => Promise<boolean>, limitMs: number) => {
    while (!(await check())) {
      if (ms(from) > limitMs) return Number.NaN;
      await sleep(25);
    }
    return ms(from);
  };
  const page = async (url: string) => {
    const res = await fetch(`${origin}${url}`);
    return { status: res.status, html: await res.text(), cache: res.headers.get('x-cache') };
  };

  const visible: number[] = [];
  const playable: number[] = [];
  const renditions: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const title = `Bench sermon ${username} ${run}`;
    const sermon = (await api('POST', '/node/sermons', { broadcasterID })) as { sermonID: string };
    const id = sermon.sermonID;
    await api('PATCH', `/node/sermons/${id}`, {
      fullTitle: title,
      speakerID: speaker.speakerID,
      acceptCopyright: true,
    });

    // 1. publish → visible, on pages already in the page cache.
    await page(`/broadcasters/${broadcasterID}`);
    await page(`/broadcasters/${broadcasterID}`);
    await page(`/sermons/${id}`);
    await api('PUT', `/node/sermons/${id}/publish_state`, { state: 'published' });
    const published = performance.now();
    const listed = await until(
      published,
      async () => (await page(`/broadcasters/${broadcasterID}`)).html.includes(title),
      10_000,
    );
    const own = await until(published, async () => (await page(`/sermons/${id}`)).status === 200, 10_000);
    visible.push(Math.max(listed, own));

    // 2. upload → playable: tus as the dashboard sends it.
    const slot = (await api('POST', '/media', {
      sermonID: id,
      uploadType: 'original-audio',
      filenames: 'sermon.mp3',
    })) as { uploadURL: string };
    const url = `${origin}${new URL(slot.uploadURL).pathname}`;
    const tus = { 'tus-resumable': '1.0.0', origin, cookie };
    const created = await fetch(url, { method: 'POST', headers: { ...tus, 'upload-length': String(bytes.length) } });
    if (!created.ok) throw new Error(`tus create: ${created.status}`);
    for (let offset = 0; offset < bytes.length; offset += CHUNK) {
      const res = await fetch(url, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: bytes.subarray(offset, offset + CHUNK),
      });
      if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status} ${await res.text()}`);
    }
    const uploaded = performance.now();
    const mp3 = new RegExp(`/media/${id}/r/[^"&\\s]+?\\.mp3`);
    playable.push(
      await until(
        uploaded,
        async () => {
          const link = mp3.exec((await page(`/sermons/${id}`)).html)?.[0];
          if (!link) return false;
          const res = await fetch(`${origin}${link}`, { headers: { range: 'bytes=0-1023' } });
          await res.arrayBuffer();
          return res.status === 206;
        },
        120_000,
      ),
    );
    renditions.push(
      await until(
        uploaded,
        async () =>
          ((await api('GET', `/node/sermons/${id}/media_tracker`)) as { events: { state: string }[] }).events.some(
            (e) => e.state === 'encoded-audio',
          ),
        300_000,
      ),
    );
    console.log(
      `run ${run}: visible ${visible.at(-1)?.toFixed(0)} ms, playable ${playable.at(-1)?.toFixed(0)} ms, all renditions ${renditions.at(-1)?.toFixed(0)} ms after the upload (load ${loadAverage()})`,
    );
    await api('DELETE', `/node/sermons/${id}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const mb = (bytes.length / 1024 ** 2).toFixed(1);
  console.log(`\n${broadcasterID}, a ${MINUTES}-minute MP3 of ${mb} MB, ${RUNS} runs (median):`);
  console.log(
    `publish → on the cached broadcaster page and its own page  ${median(visible).toFixed(0)} ms (target < 1,000)`,
  );
  console.log(
    `upload's end → playable on its cached public page         ${median(playable).toFixed(0)} ms (target < 10,000)`,
  );
  console.log(`upload's end → every rendition made (for comparison)      ${median(renditions).toFixed(0)} ms`);
} finally {
  await server.stop();
}
