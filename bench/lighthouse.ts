import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { demoMediaReady } from '../packages/server/src/seed/demo-media-ready.ts';
import { loadAverage, run, type Server, startServer } from './lib/serve.ts';

/**
 * Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown) for
 * each public page type, against the benchmark's own build of site/ (bench/.site) served by the
 * real application (bench/lib/site-server.ts) over the demo catalogue in an embedded database
 * seeded once into DATA_DIR. Chromium is Debian's, headless. Prints the four category scores per
 * page, the audits that lost points, and the JavaScript each page loads before any interaction
 * (compressed bytes, React and the islands hydrated when the browser is idle included: Lighthouse
 * waits for the network to go quiet), against the budget of a sermon page.
 *
 *   pnpm bench:lighthouse [--skip-build] [--only sermon,home]
 */
const { values: args } = parseArgs({
  options: { 'skip-build': { type: 'boolean', default: false }, only: { type: 'string' } },
});
const ROOT = path.resolve(import.meta.dirname, '..');
const SITE_BUILD = path.join(ROOT, 'bench/.site');
const DATA_DIR = process.env.LIGHTHOUSE_DATA_DIR ?? path.join(tmpdir(), 'kerygma-lighthouse-data');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
/** Ports of their own (LIGHTHOUSE_PORT, LIGHTHOUSE_DEBUG_PORT) where several engineers run it on one machine. */
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4394);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9334);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
/** Compressed JavaScript before interaction on a sermon page, React included. */
const JS_BUDGET = 80 * 1024;

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      numericValue?: number;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
};

async function launchChromium(): Promise<() => void> {
  const profile = mkdtempSync(path.join(tmpdir(), 'kerygma-lighthouse-chromium-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${DEBUG_PORT}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok) return () => child.kill('SIGTERM');
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('Chromium did not start');
}

/** One sermon with audio and its speaker, broadcaster and series, and a video sermon, from the API. */
async function pickPages(origin: string): Promise<[string, string][]> {
  type Full = {
    sermonID: string;
    displayTitle: string;
    speaker: { speakerID: number };
    broadcaster: { broadcasterID: string };
    series: { seriesID: number } | null;
    media: { audio: { streamURL: string | null }[]; video: { streamURL: string | null }[] };
  };
  const first = async (query: string, test: (s: Full) => boolean) => {
    for (let page = 1; page <= 10; page++) {
      const res = await fetch(`${origin}/api/v2/node/sermons?lite=false&pageSize=100&page=${page}&${query}`);
      const found = ((await res.json()) as { results: Full[] }).results.find(test);
      if (found) return found;
    }
    return undefined;
  };
  const sermon = await first('sortBy=newest', (s) => s.series !== null && s.media.audio.some((m) => m.streamURL));
  const video = await first('requireVideo=true', (s) => s.media.video.some((m) => m.streamURL));
  if (!sermon) throw new Error('no demo sermon with audio and a series: seed the demo catalogue');
  if (!video) throw new Error('no demo sermon with video: let the server encode the demo media');
  const word = sermon.displayTitle.split(/\s+/).find((w) => w.length > 4) ?? 'grace';
  return [
    ['home', '/'],
    ['sermon', `/sermons/${sermon.sermonID}`],
    ['video sermon', `/sermons/${video.sermonID}`],
    ['speaker', `/speakers/${sermon.speaker.speakerID}`],
    ['broadcaster', `/broadcasters/${encodeURIComponent(sermon.broadcaster.broadcasterID)}`],
    ['series', `/series/${sermon.series?.seriesID}`],
    ['sermon list', '/sermons'],
    ['search', `/search?q=${encodeURIComponent(word.replace(/\W/g, ''))}`],
    ['site map', '/sitemap'],
    ['speakers', '/speakers'],
    ['hymnal', '/hymnal'],
    ['devotional', '/daily-devotional'],
    ['404', '/this-page-does-not-exist'],
  ];
}

/** Scripts a page loads (network transfer, compressed) plus its inline scripts (gzip-compressed). */
function javascript(lhr: Lhr, html: string) {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as {
    url: string;
    resourceType?: string;
    transferSize?: number;
  }[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const external = scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    // Data blocks (JSON-LD, a page's JSON) are never run: only scripts without a type or of a script type count.
    .filter((m) => !/\btype=["']?(?!module\b|text\/javascript\b)/i.test(m[1] ?? ''))
    .map((m) => m[2] ?? '')
    .filter((code) => code.trim())
    .join('\n');
  const inlineGzip = inline ? gzipSync(inline).length : 0;
  return {
    external,
    files: scripts.map((s) => s.url),
    inline: inline.length,
    inlineGzip,
    total: external + inlineGzip,
  };
}

function lostPoints(lhr: Lhr): string[] {
  const out: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight === 0 && category !== 'performance') continue;
      if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
      out.push(`${category}: ${audit.id} ${audit.score}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return out;
}

async function main() {
  if (!args['skip-build']) {
    console.log('Building the site…');
    await run(path.join(ROOT, 'node_modules/.bin/astro'), ['build', '--outDir', path.join(SITE_BUILD, 'dist')], {
      cwd: ROOT,
    });
  }
  mkdirSync(DATA_DIR, { recursive: true });
  if (!existsSync(path.join(DATA_DIR, 'media'))) console.log(`Seeding the demo catalogue into ${DATA_DIR}…`);
  await run(process.execPath, ['packages/server/src/cli/seed.cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, KERYGMA_DATA_DIR: DATA_DIR, DATABASE_URL: '' },
    maxBuffer: 1 << 24,
  });

  const servers: Server[] = [];
  let stopChromium = () => {};
  try {
    const server = await startServer({
      port: PORT,
      script: 'bench/lib/site-server.ts',
      env: { SITE_ROOT: SITE_BUILD, KERYGMA_DATA_DIR: DATA_DIR, DATABASE_URL: '', RUN_JOBS: 'true' },
    });
    servers.push(server);
    // A first seed queues its media; the server's worker encodes it (already done on later runs).
    await demoMediaReady(server.origin, 900_000, DATA_DIR);
    stopChromium = await launchChromium();
    const only = args.only?.split(',');
    const pages = (await pickPages(server.origin)).filter(([name]) => !only || only.includes(name));
    const reports = mkdtempSync(path.join(tmpdir(), 'kerygma-lighthouse-'));
    console.log(`Lighthouse ${JSON.stringify(CATEGORIES)} (mobile), load ${loadAverage()}; reports in ${reports}\n`);

    const rows: string[] = [];
    let sermonJs: ReturnType<typeof javascript> | undefined;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    for (const [name, pagePath] of pages) {
      const url = `${server.origin}${pagePath}`;
      const result = await lighthouse(url, {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Lighthouse refuses error statuses unless told; the 404 page is meant to answer 404.
        ignoreStatusCode: name === '404',
      });
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      const lhr = result.lhr as unknown as Lhr;
      writeFileSync(path.join(reports, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const ok = CATEGORIES.every((c, i) => (scores[i] ?? 0) >= TARGETS[c]);
      const js = javascript(lhr, await (await fetch(url)).text());
      rows.push(
        `| ${name} | \`${pagePath}\` | ${scores.join(' | ')} | ${ok ? 'ok' : '**missed**'} | ${kb(js.total)} |`,
      );
      console.log(
        `${name.padEnd(16)} ${scores.map((s) => String(s).padStart(4)).join('')}  JS ${kb(js.total)}  ${pagePath}`,
      );
      for (const line of lostPoints(lhr)) console.log(`    ${line}`);
      if (name === 'sermon') sermonJs = js;
    }

    console.log(
      '\n| page | path | performance | accessibility | best practices | SEO | target | JavaScript before interaction |',
    );
    console.log('| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |');
    for (const row of rows) console.log(row);
    if (sermonJs) {
      console.log(
        `\nJavaScript on the sermon page before interaction: ${kb(sermonJs.total)} compressed ` +
          `(${sermonJs.files.length} script files ${kb(sermonJs.external)} transferred, inline ${kb(sermonJs.inline)} = ` +
          `${kb(sermonJs.inlineGzip)} gzip); budget ${kb(JS_BUDGET)}: ${sermonJs.total < JS_BUDGET ? 'ok' : '**over**'}`,
      );
      for (const file of sermonJs.files) console.log(`  ${file}`);
    }
    console.log(`\nload ${loadAverage()}`);
  } finally {
    stopChromium();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

await main();
