import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, complete } from '../jobs/queue.ts';
import { localMediaStore } from '../storage/local-store.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import { publishScheduledJob } from './sermon-editing.jobs.ts';

const API = '/api/v2';

/**
 * A built site standing in for Astro's: a broadcaster's page lists its sermons' titles and a
 * sermon's page shows its title, each through the API in process (inject-fetch.ts), as the
 * real pages do, and served through the page cache with a long time to live.
 */
const site = mkdtempSync(path.join(tmpdir(), 'kerygma-editing-site-'));
mkdirSync(path.join(site, 'dist/client'), { recursive: true });
mkdirSync(path.join(site, 'dist/server'), { recursive: true });
writeFileSync(
  path.join(site, 'dist/server/entry.mjs'),
  `export async function handler(req, res, next, locals) {
     const api = (p) => locals.kerygma.fetch('http://kerygma.test/api/v2/' + p).then((r) => r.json());
     let body;
     const broadcaster = /^\\/broadcasters\\/([a-z]+)$/.exec(req.url);
     const sermon = /^\\/sermons\\/(\\w+)$/.exec(req.url);
     if (broadcaster) {
       const list = await api('node/sermons?lite=true&pageSize=100&broadcasterID=' + broadcaster[1]);
       body = list.results.map((s) => s.fullTitle).join('\\n');
     } else if (sermon) {
       const one = await api('node/sermons/' + sermon[1]);
       body = one.fullTitle ?? 'Sermon not found';
     } else return next();
     res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' });
     res.end('<!doctype html><html><body>' + body + '</body></html>');
   }`,
);
afterAll(() => rmSync(site, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: tests index into response JSON
type Answer = { status: number; body: any };
type Headers = Record<string, string>;

const fullSermon = {
  fullTitle: 'The Lord Is My Keeper',
  displayTitle: '',
  subtitle: 'A Song of Ascents',
  bibleText: 'Psalm 121:1-8',
  speakerID: 1,
  seriesID: 11,
  eventType: 'Sunday - PM',
  languageCode: 'en',
  preachDate: '2026-11-29',
  keywords: 'psalms #keeper',
  moreInfoText: 'Evening service.',
  acceptCopyright: true,
};

describe.each(BACKENDS)('sermon editing on %s', (backend) => {
  let t: TestApp;
  let clock = Date.now();
  let uploader: Headers;
  let siteAdmin: Headers;

  async function call(method: string, url: string, headers: Headers, body?: unknown): Promise<Answer> {
    const res = await t.app.inject({
      method,
      url: `${API}${url}`,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    } as InjectOptions);
    return { status: res.statusCode, body: JSON.parse(res.body || 'null') };
  }
  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
  const newDraft = async () => (await call('POST', '/node/sermons', uploader, { broadcasterID: 'gracechurch' })).body;

  beforeAll(async () => {
    t = await buildTestApp(backend, { rootDir: site, env: { PAGE_CACHE_TTL_SECONDS: '3600' }, now: () => clock });
    uploader = (await testUser(t.db, 'pastor', { broadcaster: [['gracechurch', 'uploader']], verified: true })).headers;
    siteAdmin = (await testUser(t.db, 'staff', { siteAdmin: true, verified: true })).headers;
  }, 300_000);
  afterAll(() => t?.close());

  it('creates a draft named as the spec says, in the language asked for', async () => {
    const created = await call('POST', '/node/sermons', uploader, { broadcasterID: 'GraceChurch', languageCode: 'es' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      broadcasterID: 'gracechurch',
      fullTitle: 'Untitled Sermon',
      speaker: { displayName: 'Unknown Speaker' },
      eventType: 'Sunday Service',
      languageCode: 'es',
      publishState: 'draft',
      publishable: false,
    });
    const got = await call('GET', `/node/sermons/${created.body.sermonID}/editor`, uploader);
    expect(got.body).toEqual(created.body);
    expect((await call('GET', `/node/sermons/${created.body.sermonID}`, {})).status).toBe(404);
    expect((await call('POST', '/node/sermons', uploader, { broadcasterID: 'nosuchchurch' })).status).toBe(403);
    expect((await call('POST', '/node/sermons', siteAdmin, { broadcasterID: 'nosuchchurch' })).status).toBe(404);
  });

  it("tells the editor the recording's length and its caption tracks, the automatic one marked", async () => {
    const { sermonID } = await newDraft();
    const fresh = await call('GET', `/node/sermons/${sermonID}/editor`, uploader);
    expect(fresh.body).toMatchObject({ durationSeconds: 0, captions: [] });
    await t.db.query(
      'UPDATE sermon SET audio_duration_seconds = 2400, video_duration_seconds = 2401 WHERE sermon_id = $1',
      [sermonID],
    );
    await t.db.query(
      `INSERT INTO media_item (sermon_id, media_type, language_code, storage_key, auto_generated)
       VALUES ($1, 'caption', 'en', 'captions/auto.vtt', true), ($1, 'caption', 'es', 'captions/es.vtt', false)`,
      [sermonID],
    );
    const got = await call('GET', `/node/sermons/${sermonID}/editor`, uploader);
    expect(got.body).toMatchObject({
      durationSeconds: 2401,
      captions: [
        { languageCode: 'es', autoGenerated: false },
        { languageCode: 'en', autoGenerated: true },
      ],
    });
  });

  it('refuses bad input to every write with a message on the field, changing nothing', async () => {
    const draft = await newDraft();
    const id = draft.sermonID;
    const long = (n: number) => 'x'.repeat(n + 1);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/node/sermons', {}, 'broadcasterID'],
      ['POST', '/node/sermons', { broadcasterID: 7 }, 'broadcasterID'],
      ['POST', '/node/sermons', { broadcasterID: 'gracechurch', languageCode: 'xx' }, 'languageCode'],
      ['PATCH', `/node/sermons/${id}`, { fullTitle: 42 }, 'fullTitle'],
      ['PATCH', `/node/sermons/${id}`, { fullTitle: '' }, 'fullTitle'],
      ['PATCH', `/node/sermons/${id}`, { fullTitle: long(200) }, 'fullTitle'],
      ['PATCH', `/node/sermons/${id}`, { fullTitle: 'Grace <script>alert(1)</script>' }, 'fullTitle'],
      ['PATCH', `/node/sermons/${id}`, { displayTitle: '<b>Grace</b>' }, 'displayTitle'],
      ['PATCH', `/node/sermons/${id}`, { subtitle: 'Faith &amp; works' }, 'subtitle'],
      ['PATCH', `/node/sermons/${id}`, { bibleText: 'John 22:1' }, 'bibleText'],
      ['PATCH', `/node/sermons/${id}`, { bibleText: 'Jude 1:26' }, 'bibleText'],
      ['PATCH', `/node/sermons/${id}`, { bibleText: 'Romans 8:28; Romans 8:40' }, 'bibleText'],
      ['PATCH', `/node/sermons/${id}`, { bibleText: 'Hezekiah 3:1' }, 'bibleText'],
      ['PATCH', `/node/sermons/${id}`, { speakerID: 3 }, 'speakerID'],
      ['PATCH', `/node/sermons/${id}`, { speakerID: 'one' }, 'speakerID'],
      ['PATCH', `/node/sermons/${id}`, { seriesID: 12 }, 'seriesID'],
      ['PATCH', `/node/sermons/${id}`, { seriesID: 999999 }, 'seriesID'],
      ['PATCH', `/node/sermons/${id}`, { eventType: 'Party' }, 'eventType'],
      ['PATCH', `/node/sermons/${id}`, { preachDate: '2026-02-30' }, 'preachDate'],
      ['PATCH', `/node/sermons/${id}`, { preachDate: '1900-01-01' }, 'preachDate'],
      ['PATCH', `/node/sermons/${id}`, { keywords: long(500) }, 'keywords'],
      ['PATCH', `/node/sermons/${id}`, { acceptCopyright: 'yes' }, 'acceptCopyright'],
      ['PUT', `/node/sermons/${id}`, { fullTitle: 'Only a title' }, 'speakerID'],
      ['PUT', `/node/sermons/${id}`, { ...fullSermon, speakerID: 3 }, 'speakerID'],
      ['PUT', `/node/sermons/${id}`, { ...fullSermon, bibleText: 'Psalm 151' }, 'bibleText'],
      ['PUT', `/node/sermons/${id}/publish_state`, { state: 'live' }, 'state'],
      ['PUT', `/node/sermons/${id}/publish_state`, { state: 'scheduled' }, 'publishTimestamp'],
      [
        'PUT',
        `/node/sermons/${id}/publish_state`,
        { state: 'scheduled', publishTimestamp: 'soon' },
        'publishTimestamp',
      ],
      ['POST', '/node/speakers', { broadcasterID: 'gracechurch' }, 'speakerName'],
      ['POST', '/node/speakers', { broadcasterID: 'gracechurch', speakerName: long(100) }, 'speakerName'],
      ['POST', '/node/speakers', { broadcasterID: 'gracechurch', speakerName: '<i>Paul</i>' }, 'speakerName'],
      ['PATCH', '/node/speakers/1', { bio: 7 }, 'bio'],
      ['POST', '/node/broadcasters/gracechurch/series', {}, 'series_name'],
      ['POST', '/node/broadcasters/gracechurch/series', { series_name: long(200) }, 'series_name'],
      ['POST', '/node/broadcasters/gracechurch/series', { series_name: 'Acts <em>now</em>' }, 'series_name'],
      ['PATCH', '/node/series/11', { title: '<h1>Psalms</h1>' }, 'title'],
      ['PATCH', '/node/series/11', { podcastEnabled: 'on' }, 'podcastEnabled'],
      ['PATCH', '/node/series/11', { feedLinks: { apple: 'podcast://feeds.example.org/a.rss' } }, 'feedLinks.apple'],
      ['PATCH', '/node/series/11', { feedLinks: { spotify: 'javascript:alert(1)' } }, 'feedLinks.spotify'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(method, url, uploader, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(Object.keys(res.body.errors), `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toContain(field);
      expect(res.body.code).toBeTypeOf('string');
    }
    expect((await call('GET', `/node/sermons/${id}/editor`, uploader)).body).toEqual(draft);
    // Messages are in the asker's language.
    const german = await t.app.inject({
      method: 'PATCH',
      url: `${API}/node/sermons/${id}`,
      headers: { ...uploader, 'accept-language': 'de' },
      payload: { bibleText: 'John 22:1' },
    });
    expect(JSON.parse(german.body).errors.bibleText).toBe(
      'Diese Bibelstelle gibt es nicht. Prüfen Sie Buch, Kapitel und Verse.',
    );
  });

  it("edits every field, and takes the broadcaster's speakers and series only", async () => {
    const draft = await newDraft();
    const put = await call('PUT', `/node/sermons/${draft.sermonID}`, uploader, fullSermon);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      fullTitle: 'The Lord Is My Keeper',
      displayTitle: 'The Lord Is My Keeper',
      subtitle: 'A Song of Ascents',
      bibleText: 'Psalm 121:1-8',
      speaker: { speakerID: 1, displayName: 'Charles H. Spurgeon' },
      series: { seriesID: 11, title: 'Psalms of Ascent' },
      eventType: 'Sunday - PM',
      preachDate: '2026-11-29',
      keywords: 'psalms #keeper',
      hashtags: ['psalms', 'keeper'],
      moreInfoText: 'Evening service.',
      acceptCopyright: true,
      publishable: true,
      publishState: 'draft',
    });
    const patched = await call('PATCH', `/node/sermons/${draft.sermonID}`, uploader, {
      displayTitle: 'My Keeper',
      seriesID: null,
    });
    expect(patched.body).toMatchObject({ displayTitle: 'My Keeper', series: null, fullTitle: 'The Lord Is My Keeper' });
    const made = await call('POST', '/node/speakers', uploader, {
      broadcasterID: 'gracechurch',
      speakerName: 'Ruth Hart',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      displayName: 'Ruth Hart',
      sortName: 'Hart, Ruth',
      broadcasterLock: 'gracechurch',
      editable: true,
    });
    const again = await call('POST', '/node/speakers', uploader, {
      broadcasterID: 'gracechurch',
      speakerName: 'Ruth Hart',
    });
    expect([again.status, again.body.speakerID]).toEqual([200, made.body.speakerID]);
    // Another broadcaster's own speaker is theirs: neither taken up by name nor given to a sermon.
    const other = (await testUser(t.db, 'vida', { broadcaster: [['radiovida', 'admin']] })).headers;
    expect(
      (await call('POST', '/node/speakers', other, { broadcasterID: 'radiovida', speakerName: 'Ruth Hart' })).status,
    ).toBe(409);
    const series = await call('POST', '/node/broadcasters/gracechurch/series', uploader, { series_name: 'Ruth' });
    expect(series.status).toBe(201);
    const given = await call('PATCH', `/node/sermons/${draft.sermonID}`, uploader, {
      speakerID: made.body.speakerID,
      seriesID: series.body.seriesID,
    });
    expect(given.body).toMatchObject({ speaker: { displayName: 'Ruth Hart' }, series: { title: 'Ruth' } });
    const otherDraft = (await call('POST', '/node/sermons', other, { broadcasterID: 'radiovida' })).body;
    const foreign = await call('PATCH', `/node/sermons/${otherDraft.sermonID}`, other, {
      speakerID: made.body.speakerID,
    });
    expect([foreign.status, Object.keys(foreign.body.errors)]).toEqual([400, ['speakerID']]);
    const pickers = await call('GET', `/node/sermons/${draft.sermonID}/editor_dropdown_contents`, uploader);
    expect(pickers.body.speakers.map((s: { displayName: string }) => s.displayName)).toEqual(
      expect.arrayContaining(['Ruth Hart', 'Charles H. Spurgeon']),
    );
    expect(pickers.body.speakers.map((s: { displayName: string }) => s.displayName)).not.toContain('María López');
    expect(pickers.body.series.map((s: { title: string }) => s.title)).toEqual(['Psalms of Ascent', 'Romans', 'Ruth']);
    // A speaker with sermons stays; one without goes.
    expect((await call('DELETE', `/node/speakers/${made.body.speakerID}`, uploader)).status).toBe(409);
    const spare = await call('POST', '/node/speakers', uploader, {
      broadcasterID: 'gracechurch',
      speakerName: 'Spare Speaker',
    });
    expect((await call('DELETE', `/node/speakers/${spare.body.speakerID}`, uploader)).status).toBe(200);
    // Deleting a series leaves its sermons in none.
    expect((await call('DELETE', `/node/series/${series.body.seriesID}`, uploader)).status).toBe(200);
    expect((await call('GET', `/node/sermons/${draft.sermonID}/editor`, uploader)).body.series).toBeNull();
  });

  it("lists the broadcaster's sermons in every state, searched, filtered, sorted and paged by keyset", async () => {
    const all = await call('GET', '/node/broadcasters/gracechurch/legacy-sermon-list?pageSize=100', uploader);
    expect(all.status).toBe(200);
    const states = new Set(all.body.results.map((s: { publishState: string }) => s.publishState));
    expect(states).toEqual(new Set(['published', 'draft', 'scheduled']));
    expect(all.body.totalCount).toBe(all.body.results.length);
    const drafts = await call(
      'GET',
      '/node/broadcasters/gracechurch/legacy-sermon-list?state=draft&pageSize=100',
      uploader,
    );
    expect(drafts.body.results.every((s: { publishState: string }) => s.publishState === 'draft')).toBe(true);
    expect(drafts.body.results.map((s: { sermonID: string }) => s.sermonID)).toContain('1900');
    const owen = await call('GET', '/node/broadcasters/gracechurch/legacy-sermon-list?speakerID=2', uploader);
    expect(owen.body.results.map((s: { sermonID: string }) => s.sermonID)).toEqual(['1902']);
    const romans = await call(
      'GET',
      '/node/broadcasters/gracechurch/legacy-sermon-list?seriesID=10&pageSize=100',
      uploader,
    );
    expect(romans.body.totalCount).toBe(12);
    const searched = await call(
      'GET',
      '/node/broadcasters/gracechurch/legacy-sermon-list?search=SPURGEON&pageSize=5',
      uploader,
    );
    expect(searched.body.totalCount).toBeGreaterThan(5);
    // A search finds a word in the titles, the speaker's name or the series' title, accents ignored.
    type Listed = {
      sermonID: string;
      fullTitle: string;
      speaker: { displayName: string };
      series: { title: string } | null;
    };
    const listed = async (search: string) =>
      (
        await call(
          'GET',
          `/node/broadcasters/gracechurch/legacy-sermon-list?search=${encodeURIComponent(search)}&pageSize=100`,
          uploader,
        )
      ).body as { totalCount: number; results: Listed[] };
    const spurgeon = await listed('SPURGEON');
    expect(
      spurgeon.results.every((r) => `${r.fullTitle} ${r.speaker.displayName}`.toLowerCase().includes('spurgeon')),
    ).toBe(true);
    expect((await listed('Spürgeon')).totalCount).toBe(spurgeon.totalCount);
    const series = (romans.body.results[0] as Listed).series?.title as string;
    const inSeries = await listed(series.toUpperCase());
    expect(inSeries.results.map((r) => r.sermonID)).toEqual(
      expect.arrayContaining(romans.body.results.map((r: Listed) => r.sermonID)),
    );
    const word = (drafts.body.results[0] as Listed).fullTitle.split(' ').find((w) => w.length > 4) as string;
    expect((await listed(word)).results.map((r) => r.sermonID)).toContain(drafts.body.results[0].sermonID);
    expect(await listed('qzxv')).toMatchObject({ totalCount: 0, results: [] });
    // Walking the pages by `next` gives the list as one page does, in each order.
    for (const sort of ['newest', 'oldest', 'title', 'updated', 'published']) {
      const whole = await call(
        'GET',
        `/node/broadcasters/gracechurch/legacy-sermon-list?sortBy=${sort}&pageSize=100`,
        uploader,
      );
      const walked: string[] = [];
      let url: string | null = `/node/broadcasters/gracechurch/legacy-sermon-list?sortBy=${sort}&pageSize=7`;
      while (url) {
        const res: Answer = await call('GET', url.replace(/^https?:\/\/[^/]+\/api\/v2/, ''), uploader);
        expect(res.body.totalCount).toBe(whole.body.totalCount);
        walked.push(...res.body.results.map((s: { sermonID: string }) => s.sermonID));
        url = res.body.next;
      }
      expect(walked, sort).toEqual(whole.body.results.map((s: { sermonID: string }) => s.sermonID));
    }
    const byTitle = whole(
      await call('GET', '/node/broadcasters/gracechurch/legacy-sermon-list?sortBy=title&pageSize=100', uploader),
    );
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it("keeps a series' podcast links, shown in its public answer; a kind left out is removed", async () => {
    const links = {
      apple: 'https://podcasts.apple.com/us/podcast/id123',
      spotify: 'https://open.spotify.com/show/abc',
    };
    const saved = await call('PATCH', '/node/series/10', uploader, { feedLinks: links });
    expect([saved.status, saved.body.feedLinks]).toEqual([200, links]);
    const listed = await call('GET', '/node/broadcasters/gracechurch/editable_series', uploader);
    expect(listed.body.results.find((s: { seriesID: number }) => s.seriesID === 10).feedLinks).toEqual(links);
    expect((await call('GET', '/node/series/10', {})).body.feedLinks).toEqual(links);
    const other = { other: 'https://feeds.example.org/romans' };
    expect((await call('PATCH', '/node/series/10', uploader, { feedLinks: other })).body.feedLinks).toEqual(other);
    expect((await call('GET', '/node/series/10', {})).body.feedLinks).toEqual(other);
    // Other changes keep them.
    expect((await call('PATCH', '/node/series/10', uploader, { description: 'Paul to Rome' })).body.feedLinks).toEqual(
      other,
    );
  });

  it('journey: create, edit, schedule, the job publishes, public pages show it, delete, restore', async () => {
    const listed = () => page('/broadcasters/gracechurch');
    const before = await listed();
    expect(before).not.toContain('Walking in the Light');
    const draft = await newDraft();
    const id = draft.sermonID as string;
    await call('PUT', `/node/sermons/${id}`, uploader, {
      ...fullSermon,
      fullTitle: 'Walking in the Light',
      bibleText: '1 John 1:5-10',
    });
    // Not publishable until named: a new sermon by 'Unknown Speaker' is refused.
    const unnamed = await newDraft();
    expect(
      (await call('PUT', `/node/sermons/${unnamed.sermonID}/publish_state`, uploader, { state: 'published' })).status,
    ).toBe(409);

    // Scheduled a minute ahead of the server's clock; the job is due then.
    const at = new Date(Math.ceil((Date.now() + 1000) / 60_000) * 60_000);
    clock = at.getTime() - 60_000;
    const scheduled = await call('PUT', `/node/sermons/${id}/publish_state`, uploader, {
      state: 'scheduled',
      publishTimestamp: at.toISOString(),
    });
    expect(scheduled.body).toMatchObject({ publishState: 'scheduled', publishTimestamp: at.toISOString() });
    const past = await call('PUT', `/node/sermons/${unnamed.sermonID}/publish_state`, uploader, {
      state: 'scheduled',
      publishTimestamp: new Date(clock - 120_000).toISOString(),
    });
    expect(past.status).toBe(409); // still not publishable: checked first
    expect(await listed()).toBe(before); // cached, and nothing public changed

    // The minute comes: the job runs (the database's clock is moved by dating the job and sermon back).
    await t.db.query(`UPDATE job SET run_at = now() WHERE name = 'sermons.publish-scheduled'`);
    await t.db.query(`UPDATE sermon SET publish_timestamp = now() - interval '1 second' WHERE sermon_id = $1`, [id]);
    const [row] = await t.db.query<{ at: Date }>('SELECT publish_timestamp AS at FROM sermon WHERE sermon_id = $1', [
      id,
    ]);
    clock = Date.now();
    const job = await claim(t.db, ['sermons.publish-scheduled'], 'test', 60_000);
    expect(job?.payload).toMatchObject({ sermonId: id });
    const run = publishScheduledJob({
      db: t.db,
      media: localMediaStore(t.mediaDir),
      changes: t.changes,
      now: () => clock,
    });
    await run({ sermonId: id, at: (row as { at: Date }).at.toISOString() });
    await complete(t.db, job?.id as number, 'test');
    expect((await call('GET', `/node/sermons/${id}`, {})).body.fullTitle).toBe('Walking in the Light');
    expect(await listed()).toContain('Walking in the Light');
    expect(await page(`/sermons/${id}`)).toContain('Walking in the Light');

    // An edit shows at once on the cached pages that show the sermon.
    await call('PATCH', `/node/sermons/${id}`, uploader, { fullTitle: 'Walking in the Light of God' });
    expect(await page(`/sermons/${id}`)).toContain('Walking in the Light of God');
    expect(await listed()).toContain('Walking in the Light of God');

    // Deleted: gone from the public API, the cached pages and its media; the editor still sees it.
    writeFileSync(path.join(t.mediaDir, `${id}.mp3`), 'x');
    mkdirSync(path.join(t.mediaDir, id), { recursive: true });
    writeFileSync(path.join(t.mediaDir, id, 'audio-high.mp3'), Buffer.alloc(64, 1));
    expect((await t.app.inject(`/media/${id}/audio-high.mp3`)).statusCode).toBe(200);
    const deleted = await call('DELETE', `/node/sermons/${id}`, uploader);
    expect(deleted.status).toBe(200);
    expect(Date.parse(deleted.body.purgeAfter) - Date.parse(deleted.body.deleted)).toBe(30 * 86_400_000);
    expect((await call('GET', `/node/sermons/${id}`, {})).status).toBe(404);
    expect(await listed()).not.toContain('Walking in the Light');
    expect((await t.app.inject(`/media/${id}/audio-high.mp3`)).statusCode).toBe(404);
    expect((await call('GET', `/node/sermons/${id}/editor`, uploader)).body.deleted).toBe(deleted.body.deleted);
    expect((await call('PATCH', `/node/sermons/${id}`, uploader, { subtitle: 'x' })).status).toBe(404);

    // A site admin restores it as it was.
    expect((await call('POST', `/node/sermons/${id}/restore`, uploader)).status).toBe(403);
    const restored = await call('POST', `/node/sermons/${id}/restore`, siteAdmin);
    expect(restored.body).toMatchObject({ publishState: 'published', deleted: null });
    expect(await listed()).toContain('Walking in the Light of God');
    expect((await t.app.inject(`/media/${id}/audio-high.mp3`)).statusCode).toBe(200);

    // Unpublished: off the pages again, and its state says so.
    const down = await call('PUT', `/node/sermons/${id}/publish_state`, uploader, { state: 'unpublished' });
    expect(down.body.publishState).toBe('unpublished');
    expect(await listed()).not.toContain('Walking in the Light');
    const copy = await call('POST', `/node/sermons/${id}/duplicate`, uploader);
    expect(copy.body).toMatchObject({
      fullTitle: 'Walking in the Light of God',
      publishState: 'draft',
      hasAudio: false,
    });
    expect(copy.body.sermonID).not.toBe(id);
  });
});

const whole = (answer: Answer): string[] => answer.body.results.map((s: { fullTitle: string }) => s.fullTitle);
