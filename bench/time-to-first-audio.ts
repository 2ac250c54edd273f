/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { audioRenditions } from '../packages/ffmpeg/src/renditions/audio.ts';
import { speechLikeAudio } from '../packages/ffmpeg/src/synth.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/open.ts';
import { demoMediaReady } from '../packages/server/src/seed/demo-media-ready.ts';
import { CACHE, exists } from './media-audio.ts';

/**
 * Time to first audio: a listener on a slow connection opens a 60-minute sermon's page and
 * presses play. Measured in Chromium from the first byte of the page's HTML (navigation
 * responseStart) to the media element's first `playing` event (and, beside it, its first
 * `timeupdate` with currentTime > 0, which Chromium fires up to 250 ms later), with the network
 * throttled through CDP (Network.emulateNetworkConditions) and the browser cache off.
 *
 *   node bench/time-to-first-audio.ts [--runs 7] [--down-kbps 1600] [--up-kbps 750] [--rtt 150]
 *
 * Uses the built site (`pnpm build` first) and its own data directory with the demo catalogue
 * (/tmp/kerygma-bench-ttfa; seeded on the first run). One audio-only demo sermon gets a 60-minute
 * speech-like recording through the real audio renditions (high/low MP3, HLS, waveform).
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'down-kbps': { type: 'string', default: '1600' },
    'up-kbps': { type: 'string', default: '750' },
    rtt: { type: 'string', default: '150' },
    port: { type: 'string', default: '4397' },
  },
});
const RUNS = Number(values.runs);
const DOWN_KBPS = Number(values['down-kbps']);
const UP_KBPS = Number(values['up-kbps']);
const RTT_MS = Number(values.rtt);
const PORT = Number(values.port);
const DATA_DIR = process.env.TTFA_DATA_DIR ?? '/tmp/kerygma-bench-ttfa';
const MINUTES = 60;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const serverEnv = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  KERYGMA_DATA_DIR: DATA_DIR,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['packages/server/src/main.ts'], { env: serverEnv, stdio: 'inherit' });
  const deadline = Date.now() + 600_000; // the first start seeds the demo catalogue
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${ORIGIN}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

type LiteSermon = { sermonID: string; hasVideo: boolean; audioDurationSeconds: number };

/** An audio-only demo sermon, and whether it already has the 60-minute recording. */
async function pickSermon(): Promise<{ id: string; ready: boolean }> {
  const list = (await (await fetch(`${ORIGIN}/api/v2/node/sermons?media=audio&pageSize=100&lite=true`)).json()) as {
    results: LiteSermon[];
  };
  const long = list.results.find((s) => s.audioDurationSeconds >= MINUTES * 60 - 5);
  if (long) return { id: long.sermonID, ready: true };
  const audioOnly = list.results.find((s) => !s.hasVideo);
  if (!audioOnly) throw new Error('no audio sermon in the demo catalogue');
  return { id: audioOnly.sermonID, ready: false };
}

/** Renders the 60-minute recording with the real renditions and points the sermon at it. */
async function install60Minutes(sermonId: string) {
  const input = join(CACHE, `speech-${MINUTES * 60}s.mp3`);
  if (!(await exists(input))) {
    await mkdir(CACHE, { recursive: true });
    console.log(`generating ${input} (${MINUTES} min of speech-like audio)…`);
    await speechLikeAudio(input, { seconds: MINUTES * 60, seed: 4242, voice: 'low' });
  }
  const key = `${sermonId}/bench-ttfa`;
  const outDir = resolve(DATA_DIR, 'media', key);
  await rm(outDir, { recursive: true, force: true });
  console.log('audio renditions…');
  const a = await audioRenditions(input, outDir, { tags: { title: 'Time to first audio' } });
  const rel = (file: string) => `${key}/${file.slice(outDir.length + 1)}`;
  const db = await openDatabase(loadConfig(serverEnv), () => {});
  try {
    await db.transaction(async (tx) => {
      await tx.query("DELETE FROM media_item WHERE sermon_id = $1 AND media_type IN ('mp3', 'aac')", [sermonId]);
      for (const [quality, file] of [
        ['high', a.high],
        ['low', a.low],
      ] as const) {
        await tx.query(
          `INSERT INTO media_item (sermon_id, media_type, quality, storage_key, file_size_bytes, bitrate, duration_seconds, audio_codec)
           VALUES ($1, 'mp3', $2, $3, $4, $5, $6, 'mp3')`,
          [sermonId, quality, rel(file.path), file.sizeBytes, file.bitrate, file.durationSeconds],
        );
      }
      await tx.query(
        `UPDATE sermon SET has_audio = true, audio_duration_seconds = $2, waveform_storage_key = $3, updated_at = now()
          WHERE sermon_id = $1`,
        [sermonId, Math.round(a.durationSeconds), rel(a.waveform.path)],
      );
    });
  } finally {
    await db.close();
  }
}

type Run = { toClick: number; toPlaying: number; toTime: number; jsKB: number };

async function measure(sermonId: string): Promise<Run[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: RTT_MS,
        downloadThroughput: (DOWN_KBPS * 1000) / 8,
        uploadThroughput: (UP_KBPS * 1000) / 8,
      });
      let jsBytes = 0;
      const scripts = new Set<string>();
      cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
        if (e.type === 'Script') scripts.add(e.requestId);
      });
      cdp.on('Network.loadingFinished', (e: { encodedDataLength: number; requestId: string }) => {
        if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
      });
      // Listeners from the start of the document, so the press comes as soon as the button shows.
      // Media events do not bubble, but capturing listeners on the document see them.
      await page.addInitScript(() => {
        const w = window as unknown as Record<string, number>;
        const once = (name: string) => {
          w[name] ??= performance.now();
        };
        document.addEventListener('click', () => once('clickAt'), true);
        document.addEventListener('playing', () => once('playingAt'), true);
        document.addEventListener(
          'timeupdate',
          (e) => {
            if ((e.target as HTMLMediaElement).currentTime > 0) once('timeAt');
          },
          true,
        );
      });
      await page.goto(`${ORIGIN}/sermons/${sermonId}`, { waitUntil: 'commit' });
      const button = page.getByRole('button', { name: 'Play audio' });
      await button.waitFor({ state: 'visible' });
      await button.click();
      await page.waitForFunction(() => (window as unknown as Record<string, number>).timeAt !== undefined, null, {
        timeout: 60_000,
      });
      const t = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const w = window as unknown as Record<string, number>;
        return { start: nav.responseStart, click: w.clickAt ?? 0, playing: w.playingAt ?? 0, time: w.timeAt ?? 0 };
      });
      runs.push({
        toClick: t.click - t.start,
        toPlaying: t.playing - t.start,
        toTime: t.time - t.start,
        jsKB: jsBytes / 1024,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

let server = await startServer();
try {
  // The first start encodes the demo media in the background: let it finish, so that there is
  // an audio sermon to pick and no demo encode replaces the 60-minute recording afterwards.
  await demoMediaReady(ORIGIN, 900_000, DATA_DIR);
  const picked = await pickSermon();
  if (!picked.ready) {
    await stopServer(server);
    await install60Minutes(picked.id);
    server = await startServer();
  }
  const sermon = (await (await fetch(`${ORIGIN}/api/v2/node/sermons/${picked.id}?lite=false`)).json()) as {
    audioDurationSeconds: number;
    media: { audio: { quality: string | null; fileSizeBytes: number | null; bitrate: number | null }[] };
  };
  const high = sermon.media.audio.find((m) => m.quality === 'high');
  console.log(
    `sermon ${picked.id}: ${(sermon.audioDurationSeconds / 60).toFixed(1)} min, high MP3 ` +
      `${((high?.fileSizeBytes ?? 0) / 1e6).toFixed(1)} MB at ${high?.bitrate} kb/s`,
  );
  console.log(
    `network: ${DOWN_KBPS} kb/s down, ${UP_KBPS} kb/s up, ${RTT_MS} ms RTT (CDP emulateNetworkConditions), cache off; ${RUNS} runs`,
  );
  const runs = await measure(picked.id);
  const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`;
  console.log('run   click at   playing at   first timeupdate > 0   click→playing   JS by then (KB on the wire)');
  runs.forEach((r, i) => {
    console.log(
      `${String(i + 1).padStart(3)}  ${ms(r.toClick)}  ${ms(r.toPlaying)}    ${ms(r.toTime)}            ${ms(r.toPlaying - r.toClick)}  ${r.jsKB.toFixed(1).padStart(8)}`,
    );
  });
  const playing = median(runs.map((r) => r.toPlaying));
  console.log(
    `median from the page's first byte: click ${median(runs.map((r) => r.toClick)).toFixed(0)} ms, ` +
      `playing ${playing.toFixed(0)} ms, first timeupdate > 0 ${median(runs.map((r) => r.toTime)).toFixed(0)} ms; ` +
      `click→playing ${median(runs.map((r) => r.toPlaying - r.toClick)).toFixed(0)} ms; ` +
      `target < 1500 ms (playing): ${playing < 1500 ? 'met' : 'NOT met'}`,
  );
} finally {
  await stopServer(server);
}
