import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { ensureHymnalData } from '../hymnal/hymnal-data.ts';
import { loadFixture } from '../test/fixture.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { EXCLUDED_PATHS, isExcludedPath, LASTMOD_FLOOR } from './sitemap-rules.ts';
import { sitemapRoutes } from './sitemaps.routes.ts';
import {
  createSitemaps,
  type OpenedSitemap,
  type SitemapLog,
  type SitemapOptions,
  type Sitemaps,
} from './sitemaps.service.ts';

const SCHEMAS = path.join(import.meta.dirname, 'schemas');
const ORIGIN = 'http://kerygma.test';
/** "Current year" of the ranks: 2024, the year of the extra sermons below. */
const now = () => new Date('2024-06-01T00:00:00Z');

/**
 * On top of the fixture (60 published sermons, one per year 1965-2023, and the draft 1900 and
 * scheduled 1901 of 2025): 50 published sermons in 2024 (3000-3049; 5 with video, one edited in
 * 2026, one with a title that needs escaping, one too long for a video title, one video longer
 * than Google's 8 hours), a 2024 draft (3900) and a scheduled 2024 video (3901), and a hashtag
 * that needs percent-encoding.
 */
async function addTestRows(db: Db) {
  await db.exec(`
    SET TIME ZONE 'UTC';
    INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date, publish_timestamp,
      keywords, has_video, video_duration_seconds, more_info_text, updated_at)
    SELECT (3000 + k)::text, 'kingsseminary', 2,
      CASE WHEN k = 0 THEN 'Faith & Works <Part 1> "quoted" ''single'''
           WHEN k = 10 THEN repeat('A very long title ', 10)
           ELSE 'Sermon of 2024 number ' || k END,
      'Sermon ' || k,
      date '2024-01-07' + k * 7,
      timestamptz '2024-12-20' + k * interval '1 minute',
      CASE WHEN k = 0 THEN 'grace&truth Faith faith' ELSE '' END,
      k % 10 = 0,
      CASE WHEN k = 20 THEN 40000 ELSE 1800 END,
      CASE WHEN k = 0 THEN 'Line one' || chr(1) || ' & <more>' END,
      CASE WHEN k = 1 THEN timestamptz '2026-01-15 12:00' ELSE timestamptz '2025-02-01' END
    FROM generate_series(0, 49) AS k;
    INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date, publish_timestamp, has_video)
    VALUES ('3900', 'gracechurch', 1, 'Draft 2024', 'Draft 2024', '2024-03-03', NULL, true),
           ('3901', 'gracechurch', 1, 'Scheduled 2024', 'Scheduled 2024', '2024-03-10', '2099-01-01', true);
    INSERT INTO hashtag (hashtag, display, sermon_count) VALUES ('c#&co', 'C#&Co', 1);
    RESET TIME ZONE;
  `);
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

type Url = { loc: string; lastmod?: string; changefreq?: string; priority?: string; body: string };
function parseUrls(xml: string): Url[] {
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => {
    const body = m[1] as string;
    const tag = (name: string) => body.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];
    return {
      loc: unescapeXml(tag('loc') ?? ''),
      lastmod: tag('lastmod'),
      changefreq: tag('changefreq'),
      priority: tag('priority'),
      body,
    };
  });
}
const pathOf = (loc: string) => new URL(loc).pathname;

/** xmllint --schema over several files at once (one process per schema keeps the test fast). */
function validate(schema: string, xmls: Record<string, string>): { ok: boolean; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'kerygma-sitemap-'));
  try {
    const files = Object.entries(xmls).map(([name, xml]) => {
      const file = path.join(dir, name);
      writeFileSync(file, xml);
      return file;
    });
    try {
      execFileSync('xmllint', ['--noout', '--schema', path.join(SCHEMAS, schema), ...files], { stdio: 'pipe' });
      return { ok: true, output: '' };
    } catch (error) {
      const e = error as { code?: string; stderr?: Buffer };
      if (e.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils');
      return { ok: false, output: e.stderr?.toString() ?? String(error) };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function memoryLog() {
  const entries: { level: 'warn' | 'error'; obj: object; msg: string }[] = [];
  const log: SitemapLog = {
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
  return { log, entries };
}

/** A file opened through the service (not HTTP); fails the test when there is none. */
async function opened(sitemaps: Sitemaps, name: string, log: SitemapLog): Promise<OpenedSitemap> {
  const file = await sitemaps.open(name, ORIGIN, log);
  if (!file) throw new Error(`no sitemap ${name}`);
  return file;
}

async function readAll(body: AsyncIterable<string>): Promise<{ text: string; chunks: number }> {
  let text = '';
  let chunks = 0;
  for await (const chunk of body) {
    text += chunk;
    chunks += 1;
  }
  return { text, chunks };
}

describe.each(BACKENDS)('sitemaps on %s', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let split: FastifyInstance;
  /** Every file of the default app's index, by name. */
  const files: Record<string, string> = {};
  let index = '';
  let published: string[] = [];

  async function makeApp(options: Partial<SitemapOptions>) {
    const a = Fastify();
    sitemapRoutes(a, { db: testDb.db, config: loadConfig({ PUBLIC_URL: ORIGIN }) }, options);
    await a.ready();
    return a;
  }
  const get = (a: FastifyInstance, name: string, headers: Record<string, string> = {}) =>
    a.inject({ method: 'GET', url: `/sitemap/${name}`, headers });

  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await loadFixture(testDb.db);
    await addTestRows(testDb.db);
    await ensureHymnalData(testDb.db);
    app = await makeApp({ now, summaryTtlMs: 0 });
    split = await makeApp({ now, summaryTtlMs: 0, partSize: 25, videoPartSize: 2 });
    published = (
      await testDb.db.query<{ sermon_id: string }>(
        'SELECT sermon_id FROM sermon WHERE publish_timestamp <= now() ORDER BY sermon_id',
      )
    ).map((r) => r.sermon_id);
    index = (await get(app, 'index.xml')).body;
    for (const loc of [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string)) {
      const name = loc.replace(`${ORIGIN}/sitemap/`, '');
      const res = await get(app, name);
      expect(res.statusCode, name).toBe(200);
      files[name] = res.body;
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await split?.close();
    await testDb?.drop();
  });

  it('serves the index as application/xml, cacheable, valid against siteindex.xsd', async () => {
    const res = await get(app, 'index.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(validate('siteindex.xsd', { 'index.xml': index })).toEqual({ ok: true, output: '' });
    const names = Object.keys(files);
    expect(names.slice(0, 4)).toEqual(['static.xml', 'broadcasters.xml', 'speakers.xml', 'series.xml']);
    expect(names).toEqual(
      expect.arrayContaining([
        'sermons-1965.xml',
        'sermons-2023.xml',
        'sermons-2024.xml',
        'scripture.xml',
        'dates.xml',
        'categories.xml',
        'topics.xml',
        'hashtags.xml',
        'videos.xml',
      ]),
    );
    // 2025 has only a draft and a scheduled sermon; kinds without content have no file.
    expect(names.filter((n) => /^(sermons-2025|articles|collections|news|releasenotes)/.test(n))).toEqual([]);
    expect(names.slice(-2)).toEqual(['hymns.xml', 'psalms.xml']);
    const lastmods = [...index.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1] as string);
    expect(lastmods).toHaveLength(names.length);
    expect(lastmods.every((d) => d >= LASTMOD_FLOOR)).toBe(true);
    expect(index).toContain(`<loc>${ORIGIN}/sitemap/sermons-2024.xml</loc><lastmod>2026-01-15</lastmod>`);
  });

  it('writes every file valid against sitemap.xsd (videos with the video namespace loaded too)', () => {
    const plain = Object.fromEntries(Object.entries(files).filter(([n]) => !n.startsWith('videos')));
    const videos = Object.fromEntries(Object.entries(files).filter(([n]) => n.startsWith('videos')));
    expect(Object.keys(videos)).toEqual(['videos.xml']);
    expect(validate('sitemap.xsd', plain)).toEqual({ ok: true, output: '' });
    expect(validate('video-sitemap.xsd', videos)).toEqual({ ok: true, output: '' });
    // Without a schema for the video namespace the strict wildcard of sitemap.xsd refuses them.
    expect(validate('sitemap.xsd', videos).ok).toBe(false);
  });

  it('lists every published sermon exactly once, and never drafts or scheduled ones', () => {
    const sermonLocs = Object.entries(files)
      .filter(([n]) => n.startsWith('sermons-'))
      .flatMap(([, xml]) => parseUrls(xml).map((u) => pathOf(u.loc)));
    expect(sermonLocs).toHaveLength(published.length);
    expect([...sermonLocs].sort()).toEqual(published.map((id) => `/sermons/${id}`).sort());
    const everything = Object.values(files).join('\n');
    for (const hidden of ['1900', '1901', '1902', '3900', '3901']) {
      expect(everything).not.toContain(`/sermons/${hidden}<`);
      expect(everything).not.toContain(`/v/${hidden}<`);
    }
  });

  it('ranks sermons: staff picks 1.0, this year 0.8 daily, last year weekly, older monthly', () => {
    const all = Object.entries(files)
      .filter(([n]) => n.startsWith('sermons-'))
      .flatMap(([, xml]) => parseUrls(xml));
    const rank = (id: string) => {
      const u = all.find((x) => pathOf(x.loc) === `/sermons/${id}`);
      return [u?.priority, u?.changefreq];
    };
    expect(rank('1000')).toEqual(['1.0', 'monthly']); // staff pick, 1965
    expect(rank('1001')).toEqual(['0.5', 'monthly']);
    expect(rank('1059')).toEqual(['0.5', 'weekly']); // 2023
    expect(rank('3001')).toEqual(['0.8', 'daily']); // 2024
    const fixed = (name: string) =>
      new Set(parseUrls(files[name] as string).map((u) => `${u.priority} ${u.changefreq}`));
    expect(fixed('categories.xml')).toEqual(new Set(['0.6 weekly']));
    expect(fixed('hashtags.xml')).toEqual(new Set(['0.6 weekly']));
    expect([...fixed('static.xml')].every((r) => r.startsWith('1.0 '))).toBe(true);
  });

  it('never dates a page before 2025-03-05', () => {
    const urls = Object.values(files).flatMap(parseUrls);
    const dated = urls.filter((u) => u.lastmod !== undefined);
    expect(dated.length).toBeGreaterThan(urls.length / 2);
    expect(dated.every((u) => (u.lastmod as string) >= LASTMOD_FLOOR)).toBe(true);
    const lastmod = (p: string) => urls.find((u) => pathOf(u.loc) === p)?.lastmod;
    expect(lastmod('/sermons/1000')).toBe(LASTMOD_FLOOR); // changed 2025-02-01
    expect(lastmod('/sermons/3001')).toBe('2026-01-15');
    expect(lastmod('/series/10')).toBe(LASTMOD_FLOOR);
  });

  it('lists the public pages and never an excluded path', () => {
    const paths = Object.values(files).flatMap((xml) => parseUrls(xml).map((u) => pathOf(u.loc)));
    expect(paths.filter(isExcludedPath)).toEqual([]);
    for (const p of paths) {
      for (const excluded of EXCLUDED_PATHS) expect(p === excluded || p.startsWith(`${excluded}/`)).toBe(false);
    }
    const statics = parseUrls(files['static.xml'] as string).map((u) => pathOf(u.loc));
    expect(statics).toEqual(
      expect.arrayContaining(['/', '/sermons', '/speakers', '/series', '/broadcasters', '/search']),
    );
    // The site map page is text that changes with releases: dated by the floor, not the catalogue.
    const siteMap = parseUrls(files['static.xml'] as string).find((u) => pathOf(u.loc) === '/sitemap');
    expect(siteMap).toMatchObject({ lastmod: LASTMOD_FLOOR, changefreq: 'monthly', priority: '1.0' });
    // The daily devotional shows another day's readings every day: no lastmod to keep up to date.
    const devotional = parseUrls(files['static.xml'] as string).find((u) => pathOf(u.loc) === '/daily-devotional');
    expect(devotional).toEqual(expect.objectContaining({ changefreq: 'daily', priority: '1.0' }));
    expect(devotional?.lastmod).toBeUndefined();
    expect(isExcludedPath('/dashboard/sermons')).toBe(true);
    expect(isExcludedPath('/admin')).toBe(true);
    expect(isExcludedPath('/administrators')).toBe(false);
  });

  it('leaves out list pages with nothing to list (they say noindex): transcripts, and clips until one is published', async () => {
    const statics = async () => parseUrls((await get(app, 'static.xml')).body).map((u) => pathOf(u.loc));
    expect(await statics()).not.toContain('/sermons/clips');
    expect(await statics()).not.toContain('/sermons/transcripts');
    expect(await statics()).toContain('/sermons/videos');
    const clip = `INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, event_type,
      preach_date, publish_timestamp) VALUES ('3950', 'gracechurch', 1, 'A clip', 'A clip', 'Sermon Clip', '2024-05-05', `;
    try {
      await testDb.db.exec(`${clip} '2099-01-01')`); // scheduled: not public yet
      expect(await statics()).not.toContain('/sermons/clips');
      await testDb.db.exec(`UPDATE sermon SET publish_timestamp = '2024-05-05' WHERE sermon_id = '3950'`);
      expect(await statics()).toContain('/sermons/clips');
    } finally {
      await testDb.db.exec(`DELETE FROM sermon WHERE sermon_id = '3950'`);
    }
  });

  it('lists every hymn and psalm at its page, 0.4 yearly (spec §9), never dated before the floor', () => {
    const urls = (name: string) => parseUrls(files[name] as string);
    const hymns = urls('hymns.xml');
    expect(hymns).toHaveLength(274);
    expect(hymns.map((u) => pathOf(u.loc))).toContain('/hymnal/169');
    const psalms = urls('psalms.xml').map((u) => pathOf(u.loc));
    expect(psalms).toHaveLength(575);
    expect(psalms.slice(0, 2)).toEqual(['/psalter/1', '/psalter/2']);
    expect(psalms).toEqual(expect.arrayContaining(['/psalter/413', '/psalter/scottish-23', '/psalter/scottish-6-2']));
    for (const u of [...hymns, ...urls('psalms.xml')]) {
      expect(u).toMatchObject({ priority: '0.4', changefreq: 'yearly' });
      expect((u.lastmod ?? '') >= LASTMOD_FLOOR).toBe(true);
    }
    // Their directories are static pages.
    const statics = urls('static.xml').map((u) => pathOf(u.loc));
    expect(statics).toEqual(expect.arrayContaining(['/hymnal', '/psalter']));
  });

  it('lists entities by their public URLs', () => {
    const paths = (name: string) => parseUrls(files[name] as string).map((u) => pathOf(u.loc));
    // emptychurch has no sermons but is enabled: its page exists.
    expect(paths('broadcasters.xml')).toEqual([
      '/broadcasters/emptychurch',
      '/broadcasters/gracechurch',
      '/broadcasters/kingsseminary',
      '/broadcasters/radiovida',
    ]);
    // Placeholders (90, 91) and speakers without published sermons are left out.
    expect(paths('speakers.xml')).toEqual(['/speakers/1', '/speakers/2', '/speakers/3', '/speakers/4']);
    expect(paths('series.xml')).toEqual(['/series/10', '/series/11', '/series/12', '/series/13']);
    expect(paths('topics.xml')).toEqual(['/sermons/topics/justification']); // 'Prayer' has only a draft
    expect(paths('hashtags.xml')).toContain('/hashtag/c%23%26co');
    // Categories and books by the slugs the site's pages answer at (other spellings redirect there).
    expect(paths('categories.xml')).toContain('/sermons/categories/sunday-am');
    expect(paths('scripture.xml')).toEqual(
      expect.arrayContaining(['/sermons/scripture/romans', '/sermons/scripture/romans/8']),
    );
    expect(paths('scripture.xml').filter((p) => p.startsWith('/sermons/scripture/rom/'))).toEqual([]);
    expect(paths('dates.xml')).toEqual(expect.arrayContaining(['/sermons/date/2024', '/sermons/date/2024/3']));
    expect(paths('dates.xml')).not.toContain('/sermons/date/2025');
  });

  it('writes Google video entries, escaped and within Google limits', () => {
    const videos = parseUrls(files['videos.xml'] as string);
    expect(videos.map((u) => pathOf(u.loc))).toEqual(
      ['1005', '1017', '1029', '1041', '1053', '3000', '3010', '3020', '3030', '3040'].map((id) => `/sermons/${id}`),
    );
    const v = (id: string) => videos.find((u) => pathOf(u.loc) === `/sermons/${id}`)?.body as string;
    const first = v('3000');
    expect(first).toContain(
      '<video:title>Faith &amp; Works &lt;Part 1&gt; &quot;quoted&quot; &apos;single&apos;</video:title>',
    );
    expect(first).toContain('<video:description>Line one &amp; &lt;more&gt;</video:description>'); // \u0001 dropped
    expect(first).toContain(`<video:player_loc>${ORIGIN}/embed/classic/player/v/3000</video:player_loc>`);
    expect(first).toContain('<video:duration>1800</video:duration>');
    expect(first).toContain('<video:publication_date>2024-12-20T00:00:00Z</video:publication_date>');
    expect(first).toContain('<video:tag>grace&amp;truth</video:tag><video:tag>Faith</video:tag><video:uploader');
    expect(first).toContain(`<video:uploader info="${ORIGIN}/broadcasters/kingsseminary">King&apos;s Theological`);
    const title = v('3010').match(/<video:title>([^<]*)</)?.[1] as string;
    expect(title.length).toBeLessThanOrEqual(100);
    expect(title.endsWith('…')).toBe(true);
    expect(v('3020')).not.toContain('<video:duration>'); // 40,000 s: over Google's 8 hours
    expect(v('1005')).toContain('<video:thumbnail_loc>');
  });

  it('splits big groups into equal parts, each read on its own', async () => {
    const names = [...(await get(split, 'index.xml')).body.matchAll(/sitemap\/([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(names).toEqual(expect.arrayContaining(['sermons-2024-1.xml', 'sermons-2024-2.xml', 'sermons-2024-3.xml']));
    expect(names).not.toContain('sermons-2024.xml');
    // 12 video rows in parts of 2; the 4th holds only the 2024 draft and scheduled one: no file.
    expect(names.filter((n) => n?.startsWith('videos'))).toEqual([
      'videos-1.xml',
      'videos-2.xml',
      'videos-3.xml',
      'videos-5.xml',
      'videos-6.xml',
    ]);
    // 50 published + 3 unpublished in 2024 (3900, 3901 and the fixture's 1902): 3 parts of 18, 18, 17 rows.
    const parts = await Promise.all([1, 2, 3].map((p) => get(split, `sermons-2024-${p}.xml`)));
    const locs = parts.map((r) => parseUrls(r.body).map((u) => pathOf(u.loc)));
    for (const l of locs) expect(l.length).toBeLessThanOrEqual(25);
    expect(locs.map((l) => l.length)).toEqual([16, 17, 17]);
    const expected = published.filter((id) => id.startsWith('30')).map((id) => `/sermons/${id}`);
    expect(locs.flat().sort()).toEqual(expected.sort());
    expect(validate('sitemap.xsd', Object.fromEntries(parts.map((r, i) => [`p${i}.xml`, r.body])))).toEqual({
      ok: true,
      output: '',
    });
    const videoParts = await Promise.all([1, 2, 3, 4, 5, 6].map((p) => get(split, `videos-${p}.xml`)));
    expect(videoParts.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 200, 200]);
    expect(videoParts.map((r) => parseUrls(r.body).length)).toEqual([2, 2, 2, 0, 2, 2]);
    // One canonical name per file.
    expect((await get(split, 'sermons-2024.xml')).statusCode).toBe(404);
    expect((await get(split, 'sermons-2024-4.xml')).statusCode).toBe(404);
    expect((await get(app, 'sermons-2024-1.xml')).statusCode).toBe(404);
  });

  it('reads in keyset batches: the same file whatever the batch size', async () => {
    const small = createSitemaps(testDb.db, { now, batchSize: 7 });
    const big = createSitemaps(testDb.db, { now });
    const { log } = memoryLog();
    const a = await readAll((await opened(small, 'sermons-2024.xml', log)).body);
    const b = await readAll((await opened(big, 'sermons-2024.xml', log)).body);
    expect(a.text).toBe(b.text);
    expect(a.chunks).toBe(2 + Math.ceil(50 / 7)); // head, one chunk per batch, tail
    const v = await readAll(
      (await opened(createSitemaps(testDb.db, { now, videoBatchSize: 3 }), 'videos.xml', log)).body,
    );
    expect(v.text).toBe(files['videos.xml']);
  });

  it('warns past the warning size and stops, still valid, at the maximum', async () => {
    const { log, entries } = memoryLog();
    const warned = await opened(createSitemaps(testDb.db, { now, warnUrls: 10 }), 'sermons-2024.xml', log);
    await readAll(warned.body);
    expect(warned.stats).toMatchObject({ urls: 50, truncated: false });
    expect(entries.map((e) => [e.level, e.obj])).toEqual([['warn', { sitemap: 'sermons-2024.xml', urls: 11 }]]);

    entries.length = 0;
    const full = await opened(createSitemaps(testDb.db, { now, maxUrls: 20, batchSize: 8 }), 'sermons-2024.xml', log);
    const { text } = await readAll(full.body);
    expect(full.stats).toMatchObject({ urls: 20, truncated: true });
    expect(parseUrls(text)).toHaveLength(20);
    expect(entries.map((e) => e.level)).toEqual(['error']);
    expect(validate('sitemap.xsd', { 'full.xml': text }).ok).toBe(true);
  });

  it('answers 404 for unknown names, empty kinds and parts that do not exist', async () => {
    for (const name of [
      'nothing.xml',
      'articles.xml',
      'collections.xml',
      'hymns-1.xml',
      'psalms-2.xml',
      'news.xml',
      'releasenotes.xml',
      'sermons.xml',
      'sermons-2025.xml',
      'sermons-1800.xml',
      'sermons-2024-01.xml',
      'sermons-99999.xml',
      'speakers-1.xml',
      'speakers-2.xml',
      'index-1.xml',
      'static-1.xml',
      'SERMONS-2024.xml',
      'sermons-2024',
      'sermons-2024.xml.gz',
    ]) {
      const res = await get(app, name);
      expect(res.statusCode, name).toBe(404);
    }
  });

  it('gzips for clients that accept it, and answers HEAD without a body', async () => {
    const zipped = await get(app, 'sermons-2024.xml', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(files['sermons-2024.xml']);
    const head = await app.inject({ method: 'HEAD', url: '/sitemap/sermons-2024.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/sitemap/sermons-2025.xml' })).statusCode).toBe(404);
  });
});
