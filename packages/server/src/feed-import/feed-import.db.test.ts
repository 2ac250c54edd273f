import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { feedImportContracts } from '@kerygma/domain/contracts/feed-import';
import { speechLikeAudio } from '@kerygma/ffmpeg/synth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../jobs/handlers.ts';
import { claim } from '../jobs/queue.ts';
import { startWorker, type Worker } from '../jobs/worker.ts';
import { insertUpload } from '../media/uploads/uploads.queries.ts';
import { localMediaStore } from '../storage/local-store.ts';
import { HILL_CITY_FEED } from '../test/podcast-feeds.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import { setMediaState } from './feed-import.queries.ts';

const API = '/api/v2';
// biome-ignore lint/suspicious/noExplicitAny: tests index into response JSON
type Answer = { status: number; body: any };

/** Two short recordings the church feed's enclosures serve, made once for both backends. */
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'kerygma-feed-import-'));
  await Promise.all([
    speechLikeAudio(path.join(work, 'one.mp3'), { seconds: 3, seed: 21 }),
    speechLikeAudio(path.join(work, 'two.mp3'), { seconds: 4, seed: 22 }),
    speechLikeAudio(path.join(work, 'three.mp3'), { seconds: 3, seed: 23 }),
  ]);
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

type ChurchItem = { guid: string; title: string; date: string; description: string; file: string; author: string };

/** A church's feed, as its old host serves it (Podcasting 2.0 under its old URI, prefixes of its own). */
function churchFeed(base: string, items: readonly ChurchItem[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:it="http://www.itunes.com/dtds/podcast-1.0.dtd"
     xmlns:pod="https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md"
     xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Grace Church Sermons</title>
    <link>https://grace.example/</link>
    <description>Sermons from Grace Church</description>
    <language>en-us</language>
    <it:author>Grace Church</it:author>
    <it:image href="https://grace.example/art.png"/>
    ${items
      .map(
        (i) => `<item>
      <guid isPermaLink="false">${i.guid}</guid>
      <title>${i.title}</title>
      <pubDate>${i.date}</pubDate>
      <content:encoded><![CDATA[${i.description}]]></content:encoded>
      <it:author>${i.author}</it:author>
      <it:duration>0:03</it:duration>
      <pod:chapters url="https://grace.example/${i.guid}.json" type="application/json+chapters"/>
      <enclosure url="${base}/media/${i.file}" type="audio/mpeg" length="1000"/>
    </item>`,
      )
      .join('\n')}
  </channel>
</rss>`;
}

const CHURCH: ChurchItem[] = [
  {
    guid: 'grace-001',
    title: 'Romans: Justified by Faith',
    date: 'Sun, 07 Jan 2024 10:30:00 -0600',
    description: '<p>Pastor Ann reads <b>Rom 5:1-11</b>.</p><script>alert(1)</script>',
    file: 'one.mp3',
    author: 'Ann Preacher',
  },
  {
    guid: 'grace-002',
    title: 'Romans: No Condemnation',
    date: 'Sun, 14 Jan 2024 10:30:00 -0600',
    description: 'On Romans 8:1-4 &amp; the Spirit.',
    file: 'two.mp3',
    author: 'Ben Elder',
  },
  {
    guid: 'grace-003',
    title: 'A Word of Welcome',
    date: 'Sun, 21 Jan 2024 10:30:00 -0600',
    description: 'No file to play here.',
    file: 'not-audio.mp3',
    author: 'Ann Preacher',
  },
];

describe.each(BACKENDS)('feed import on %s', (backend) => {
  let t: TestApp;
  let worker: Worker;
  let server: Server;
  let base: string;
  let uploader: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let church: ChurchItem[] = CHURCH.slice(0, 3);
  /** Once the old host serves audio where it served text. */
  let fixed = false;

  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { FEED_IMPORT_ALLOW_LOOPBACK: 'true' } });
    uploader = (await testUser(t.db, 'importer', { broadcaster: [['gracechurch', 'uploader']], verified: true }))
      .headers;
    otherAdmin = (await testUser(t.db, 'otheradmin', { broadcaster: [['radiovida', 'admin']], verified: true }))
      .headers;
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const [, kind, name = ''] = url.pathname.split('/');
      if (kind === 'church.xml') return res.end(churchFeed(base, church));
      if (kind === 'fixtures') {
        // The Hill City feed's files are on a CDN long gone: its enclosures point here, where they are missing.
        const text = readFileSync(HILL_CITY_FEED as string, 'utf8');
        return res.end(text.replaceAll(/http:\/\/[\w-]+\.r24\.cf2\.rackcdn\.com\//g, `${base}/gone/`));
      }
      if (kind === 'media' && name === 'not-audio.mp3' && !fixed) return res.end('this is not audio');
      if (kind === 'media' && name === 'not-audio.mp3') return res.end(readFileSync(path.join(work, 'one.mp3')));
      if (kind === 'media') return res.end(readFileSync(path.join(work, name)));
      if (kind === 'to-private') {
        res.writeHead(302, { location: 'http://10.0.0.1/feed.xml' });
        return res.end();
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    worker = await startTestWorker();
  }, 120_000);
  const startTestWorker = () =>
    startWorker({
      db: t.db,
      handlers: jobHandlers({
        db: t.db,
        media: localMediaStore(t.mediaDir),
        changes: t.changes,
        feedImport: { allowLoopback: true },
      }),
      pollMs: 50,
      concurrency: 4,
    });
  afterAll(async () => {
    await worker?.stop();
    server?.closeAllConnections();
    server?.close();
    await t?.close();
  });

  /** Calls the API; a successful feed import answer is checked against its contract's schema. */
  async function call(method: string, url: string, body?: object, headers = uploader): Promise<Answer> {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `${API}${url}`,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const answer = { status: res.statusCode, body: JSON.parse(res.body || 'null') };
    const contract = Object.values(feedImportContracts).find(
      (c) => c.method === method && new RegExp(`^${c.path.replace(/:\w+/g, '[^/]+')}$`).test(url),
    );
    const [status, schema] = Object.entries(contract?.responses ?? {})[0] ?? [];
    if (schema && answer.status === Number(status)) schema.parse(answer.body);
    return answer;
  }
  const create = (body: object) => call('POST', '/node/broadcasters/gracechurch/feed-imports', body);
  /** Polls the import until no item's media is on its way. */
  async function finished(importId: number) {
    for (let i = 0; i < 1200; i++) {
      const { body } = await call('GET', `/node/feed-imports/${importId}`);
      if (body.state === 'done') return body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${importId} did not finish`);
  }
  const sermonsOf = (guids: string[]) =>
    t.db.query<Record<string, unknown>>(
      `SELECT s.sermon_id, s.feed_guid, s.full_title, s.display_title, s.subtitle, s.bible_text, sp.display_name AS speaker,
              se.title AS series, to_char(s.preach_date, 'YYYY-MM-DD') AS preach_date, s.more_info_text,
              s.language_code, s.event_type, s.chapters_url, s.accept_copyright,
              s.publish_timestamp IS NOT NULL AS published, s.has_audio
         FROM sermon s JOIN speaker sp USING (speaker_id) LEFT JOIN series se USING (series_id)
        WHERE s.broadcaster_id = 'gracechurch' AND s.feed_guid = ANY($1::text[]) ORDER BY s.preach_date`,
      [guids],
    );
  const count = async (sql: string) => Number((await t.db.query<{ n: number }>(sql))[0]?.n);

  it('imports a church’s feed: sermons with every mapped field, media fetched and encoded until they play', async () => {
    // 'Romans' is a series gracechurch has (10): the feed's series of that name goes into it.
    const romans = () => count(`SELECT sermon_count n FROM series WHERE series_id = 10`);
    const romansBefore = await romans();
    const preview = await create({ url: `${base}/church.xml` });
    expect(preview.status).toBe(201);
    expect(preview.body).toMatchObject({
      broadcasterID: 'gracechurch',
      sourceURL: `${base}/church.xml`,
      state: 'preview',
      publish: 'draft',
      newFeedURL: 'http://kerygma.test/feeds/broadcaster/gracechurch.rss',
      channel: {
        title: 'Grace Church Sermons',
        description: 'Sermons from Grace Church',
        author: 'Grace Church',
        imageURL: 'https://grace.example/art.png',
        languageCode: 'en-us',
        link: 'https://grace.example/',
      },
      speakers: [
        { name: 'Ann Preacher', sermonCount: 2, speakerID: null, mergeInto: null },
        { name: 'Ben Elder', sermonCount: 1, speakerID: null, mergeInto: null },
      ],
      series: [{ title: 'Romans', sermonCount: 2, seriesID: 10 }],
      progress: { total: 3, imported: 0, mediaDone: 0, mediaFailed: 0 },
    });
    expect(preview.body.items[0]).toEqual({
      guid: 'grace-001',
      title: 'Justified by Faith',
      preachDate: '2024-01-07',
      description: 'Pastor Ann reads Rom 5:1-11.',
      speakerName: 'Ann Preacher',
      seriesTitle: 'Romans',
      bibleText: 'Romans 5:1-11',
      enclosureURL: `${base}/media/one.mp3`,
      enclosureType: 'audio/mpeg',
      durationSeconds: 3,
      include: true,
      alreadyImported: false,
      sermonID: null,
      mediaState: null,
      error: null,
    });
    const id = preview.body.importID;
    const publish = await call('PATCH', `/node/feed-imports/${id}`, { publish: 'published' });
    expect(publish.body.publish).toBe('published');

    const started = await call('POST', `/node/feed-imports/${id}/start`);
    expect(started.status).toBe(202);
    expect(started.body.progress).toMatchObject({ total: 3, imported: 3 });
    expect(started.body.items.map((i: { mediaState: string }) => i.mediaState)).toEqual([
      'waiting',
      'waiting',
      'waiting',
    ]);
    // Nothing more may be corrected once it has started.
    expect((await call('PATCH', `/node/feed-imports/${id}`, { publish: 'draft' })).status).toBe(409);
    expect((await call('POST', `/node/feed-imports/${id}/start`)).status).toBe(409);
    // Nor forgotten while its media are on their way (encoding takes ffmpeg seconds).
    const busy = await call('DELETE', `/node/feed-imports/${id}`);
    expect([busy.status, busy.body.errors.error]).toEqual([
      409,
      'This import is still fetching its media; it can be removed once it has finished.',
    ]);

    const done = await finished(id);
    expect(done.progress).toEqual({ total: 3, imported: 3, mediaDone: 2, mediaFailed: 1 });
    expect(done.items.map((i: { mediaState: string; error: string | null }) => [i.mediaState, i.error])).toEqual([
      ['done', null],
      ['done', null],
      // A file that is not audio fails alone, with the reason; its sermon stays.
      ['failed', "The episode's file is not audio or video that can be played."],
    ]);
    const sermons = await sermonsOf(['grace-001', 'grace-002', 'grace-003']);
    expect(sermons.map(({ sermon_id: _, ...s }) => s)).toEqual([
      {
        feed_guid: 'grace-001',
        full_title: 'Justified by Faith',
        display_title: 'Justified by Faith',
        subtitle: null,
        bible_text: 'Romans 5:1-11',
        speaker: 'Ann Preacher',
        series: 'Romans',
        preach_date: '2024-01-07',
        more_info_text: 'Pastor Ann reads Rom 5:1-11.',
        language_code: 'en',
        event_type: 'Sunday Service',
        chapters_url: 'https://grace.example/grace-001.json',
        accept_copyright: true,
        published: true,
        has_audio: true,
      },
      expect.objectContaining({
        feed_guid: 'grace-002',
        full_title: 'No Condemnation',
        bible_text: 'Romans 8:1-4',
        speaker: 'Ben Elder',
        series: 'Romans',
        more_info_text: 'On Romans 8:1-4 & the Spirit.',
        has_audio: true,
      }),
      expect.objectContaining({
        feed_guid: 'grace-003',
        full_title: 'A Word of Welcome',
        series: null,
        has_audio: false,
      }),
    ]);
    // Public, playable, in its speaker's and series' lists and in the scripture index.
    const first = (await call('GET', `/node/sermons/${sermons[0]?.sermon_id}`, undefined, {})).body;
    expect(first).toMatchObject({ fullTitle: 'Justified by Faith', hasAudio: true, bibleText: 'Romans 5:1-11' });
    expect(first.media.audio.length).toBeGreaterThan(0);
    expect(first.audioDurationSeconds).toBeGreaterThan(2);
    expect(
      await count(
        `SELECT count(*)::int n FROM sermon_scripture WHERE sermon_id = '${sermons[0]?.sermon_id}' AND book_index = 44 AND chapter = 5`,
      ),
    ).toBe(1);
    expect(await romans()).toBe(romansBefore + 2);

    // The same feed again: nothing new; the media that failed are fetched again (now there is audio).
    fixed = true;
    const again = await create({ url: `${base}/church.xml` });
    expect(again.body.items.map((i: { alreadyImported: boolean }) => i.alreadyImported)).toEqual([true, true, true]);
    expect(again.body.progress.total).toBe(0);
    expect(again.body.speakers[0]).toMatchObject({ name: 'Ann Preacher', speakerID: expect.any(Number) });
    const before = await count(`SELECT count(*)::int n FROM sermon WHERE broadcaster_id = 'gracechurch'`);
    expect((await call('POST', `/node/feed-imports/${again.body.importID}/start`)).body.progress.imported).toBe(0);
    expect(await count(`SELECT count(*)::int n FROM sermon WHERE broadcaster_id = 'gracechurch'`)).toBe(before);
    const retried = await finished(id);
    expect(retried.progress).toEqual({ total: 3, imported: 3, mediaDone: 3, mediaFailed: 0 });
    expect(retried.items[2]).toMatchObject({ mediaState: 'done', error: null });
    expect((await sermonsOf(['grace-003']))[0]).toMatchObject({ has_audio: true });

    // A new sermon in the feed: the only one imported the next time, into the same speaker and series.
    church = [
      ...CHURCH,
      {
        guid: 'grace-004',
        title: 'Romans: More Than Conquerors',
        date: 'Sun, 28 Jan 2024 10:30:00 -0600',
        description: 'Romans 8:31-39',
        file: 'three.mp3',
        author: 'Ann Preacher',
      },
    ];
    const third = await create({ url: `${base}/church.xml` });
    expect(third.body.items.map((i: { alreadyImported: boolean }) => i.alreadyImported)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    await call('POST', `/node/feed-imports/${third.body.importID}/start`);
    const after = await finished(third.body.importID);
    expect(after.progress).toEqual({ total: 1, imported: 1, mediaDone: 1, mediaFailed: 0 });
    expect(await count(`SELECT count(*)::int n FROM sermon WHERE broadcaster_id = 'gracechurch'`)).toBe(before + 1);
    expect(await count(`SELECT count(*)::int n FROM speaker WHERE display_name = 'Ann Preacher'`)).toBe(1);
    // This time left a draft (the default): in the series, not yet counted in its public total.
    expect(await sermonsOf(['grace-004'])).toEqual([
      expect.objectContaining({ speaker: 'Ann Preacher', series: 'Romans', published: false, has_audio: true }),
    ]);
    expect(await romans()).toBe(romansBefore + 2);
    expect(
      await count(`SELECT count(*)::int n FROM series WHERE broadcaster_id = 'gracechurch' AND title = 'Romans'`),
    ).toBe(1);
  }, 180_000);

  it.skipIf(!HILL_CITY_FEED)(
    'imports the Hill City feed with the broadcaster’s corrections; missing files fail alone',
    async () => {
      const preview = await create({ url: `${base}/fixtures/hillcity-church-sermons.xml` });
      expect(preview.status).toBe(201);
      expect(preview.body.items).toHaveLength(99);
      expect(preview.body.speakers).toContainEqual({
        name: 'Daniel Hood',
        sermonCount: 62,
        speakerID: null,
        mergeInto: null,
      });
      expect(preview.body.series).toContainEqual({ title: 'Philippians', sermonCount: 15, seriesID: null });
      const id = preview.body.importID;
      const point = preview.body.items.find((i: { title: string }) => i.title === 'The Point');
      const power = preview.body.items.find((i: { title: string }) => i.title === 'The Power of God');
      const corrected = await call('PATCH', `/node/feed-imports/${id}`, {
        // Into a speaker the catalogue shares (3, radiovida's preacher, locked to no broadcaster), named in other case.
        speakers: [{ name: 'Dr. John Marshall of Second Baptist', mergeInto: 'maría lópez' }],
        items: [
          { guid: point.guid, include: false },
          { guid: power.guid, seriesTitle: null, speakerName: 'Daniel Hood' },
        ],
      });
      expect(corrected.status).toBe(200);
      expect(corrected.body.speakers).toContainEqual({
        name: 'Dr. John Marshall of Second Baptist',
        sermonCount: 1,
        speakerID: 3,
        mergeInto: 'maría lópez',
      });
      expect(corrected.body.progress.total).toBe(98);
      const unknown = await call('PATCH', `/node/feed-imports/${id}`, { items: [{ guid: 'nope', include: false }] });
      expect(unknown.status).toBe(400);
      const html = await call('PATCH', `/node/feed-imports/${id}`, {
        speakers: [{ name: 'Tim Hayes', mergeInto: '<b>Tim</b>' }],
      });
      expect([html.status, html.body.errors.speakerName]).toEqual([400, 'A name cannot contain HTML.']);

      const started = await call('POST', `/node/feed-imports/${id}/start`);
      expect(started.status).toBe(202);
      const done = await finished(id);
      expect(done.progress).toEqual({ total: 98, imported: 98, mediaDone: 0, mediaFailed: 98 });
      expect(done.items.find((i: { guid: string }) => i.guid === point.guid)).toMatchObject({
        sermonID: null,
        mediaState: null,
      });
      expect(done.items[0].error).toBe('The server answered with error 404.');
      const made = await sermonsOf(done.items.map((i: { guid: string }) => i.guid));
      expect(made).toHaveLength(98);
      expect(made.every((s) => s.published === false && s.accept_copyright === false)).toBe(true);
      expect(made.filter((s) => s.speaker === 'María López')).toHaveLength(1);
      expect(await count(`SELECT count(*)::int n FROM speaker WHERE lower(display_name) = 'maría lópez'`)).toBe(1);
      expect(
        await count(
          `SELECT count(*)::int n FROM broadcaster_speaker WHERE broadcaster_id = 'gracechurch' AND speaker_id = 3`,
        ),
      ).toBe(1);
      expect(made.find((s) => s.full_title === 'The Power of God')).toMatchObject({
        speaker: 'Daniel Hood',
        series: null,
      });
      expect(made.find((s) => s.full_title === 'Luke Part 20')).toMatchObject({
        speaker: 'Daniel Hood',
        series: 'The Gospel According to Luke',
        preach_date: '2018-08-19',
      });
      expect(
        await count(`SELECT count(*)::int n FROM series WHERE broadcaster_id = 'gracechurch'`),
      ).toBeGreaterThanOrEqual(11);
      // Listed newest first without items; a finished import may be forgotten, its sermons stay.
      const list = await call('GET', '/node/broadcasters/gracechurch/feed-imports');
      expect(list.body.results[0]).toMatchObject({ importID: id, state: 'done' });
      expect(list.body.results[0].items).toBeUndefined();
      expect((await call('DELETE', `/node/feed-imports/${id}`)).body).toEqual({ ok: true });
      expect((await call('GET', `/node/feed-imports/${id}`)).status).toBe(404);
      expect(await sermonsOf([done.items[0].guid])).toHaveLength(1);
    },
    180_000,
  );

  it('refuses private addresses (also behind a redirect), entity declarations and malformed XML, writing nothing', async () => {
    const imports = () => count('SELECT count(*)::int n FROM feed_import');
    const before = await imports();
    const refusals: [object, number, RegExp][] = [
      [{ url: `${base}/to-private` }, 422, /private network/],
      [{ url: 'http://169.254.169.254/latest/meta-data/' }, 422, /private network/],
      [{ url: 'http://[::ffff:10.0.0.1]/feed' }, 422, /private network/],
      [{ url: 'file:///etc/passwd' }, 422, /http:\/\/ or https:\/\//],
      [{ url: `${base}/missing.xml` }, 422, /error 404/],
      [
        {
          xml: '<!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><rss><channel><title>&b;</title></channel></rss>',
        },
        422,
        /entities/,
      ],
      [{ xml: '<rss><channel><title>x</channel>' }, 422, /well-formed XML/],
      [{ xml: '<html/>' }, 422, /not an RSS or Atom/],
    ];
    for (const [body, status, message] of refusals) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(Object.values(res.body.errors).join(' ')).toMatch(message);
    }
    // A feed's XML may be larger than the 1 MiB other calls take.
    const large = churchFeed(base, CHURCH.slice(0, 1)).replace(
      '<description>Sermons from Grace Church</description>',
      `<description>${'Sermons from Grace Church. '.repeat(60_000)}</description>`,
    );
    expect(large.length).toBeGreaterThan(1.5 * 1024 * 1024);
    const big = await create({ xml: large });
    expect(big.status).toBe(201);
    expect((await call('DELETE', `/node/feed-imports/${big.body.importID}`)).status).toBe(200);
    // In the reader's language.
    const german = await t.app.inject({
      method: 'POST',
      url: `${API}/node/broadcasters/gracechurch/feed-imports`,
      headers: { ...uploader, 'accept-language': 'de' },
      payload: { xml: '<html/>' },
    });
    expect(JSON.parse(german.body).errors.xml).toBe('Dies ist kein RSS- oder Atom-Podcast-Feed.');
    expect(await imports()).toBe(before);
  });

  it('is the broadcaster’s alone: another broadcaster’s admin neither sees nor changes it', async () => {
    const preview = await create({ xml: churchFeed(base, CHURCH.slice(0, 1)) });
    const id = preview.body.importID;
    for (const [method, url, body] of [
      ['GET', `/node/feed-imports/${id}`],
      ['PATCH', `/node/feed-imports/${id}`, { publish: 'published' }],
      ['POST', `/node/feed-imports/${id}/start`],
      ['DELETE', `/node/feed-imports/${id}`],
      ['GET', '/node/broadcasters/gracechurch/feed-imports'],
    ] as [string, string, object?][])
      expect((await call(method, url, body, otherAdmin)).status, `${method} ${url}`).toBe(403);
    expect((await call('DELETE', `/node/feed-imports/${id}`)).status).toBe(200);
  });

  it('writes nothing when an import cannot be made: a preacher’s name another broadcaster keeps', async () => {
    await t.db.query(
      `INSERT INTO speaker (speaker_id, display_name, sort_name, broadcaster_lock)
       VALUES (nextval('speaker_id_seq'), 'Kept Elsewhere', 'Elsewhere, Kept', 'radiovida')`,
    );
    const item = { ...(CHURCH[1] as ChurchItem), guid: 'grace-kept', author: 'Kept Elsewhere', file: 'two.mp3?kept' };
    const preview = await create({ xml: churchFeed(base, [CHURCH[0] as ChurchItem, item]) });
    const id = preview.body.importID;
    const before = await count(`SELECT count(*)::int n FROM sermon`);
    const refused = await call('POST', `/node/feed-imports/${id}/start`);
    expect([refused.status, refused.body.errors.error]).toEqual([
      409,
      'Another broadcaster already has a speaker named Kept Elsewhere. Give this speaker another name in the preview.',
    ]);
    expect(await count(`SELECT count(*)::int n FROM sermon`)).toBe(before);
    expect(await count(`SELECT count(*)::int n FROM job WHERE payload->>'importId' = '${id}'`)).toBe(0);
    expect((await call('GET', `/node/feed-imports/${id}`)).body.state).toBe('preview');
    // Named otherwise in the preview, it imports.
    await call('PATCH', `/node/feed-imports/${id}`, { items: [{ guid: 'grace-kept', speakerName: 'Kept Here' }] });
    expect((await call('POST', `/node/feed-imports/${id}/start`)).status).toBe(202);
    expect(await sermonsOf(['grace-kept'])).toEqual([expect.objectContaining({ speaker: 'Kept Here' })]);
    expect((await finished(id)).items.at(-1)).toMatchObject({ guid: 'grace-kept', mediaState: 'done' });
  });

  it('goes on after a worker died while fetching: the job runs again, into the same original', async () => {
    await worker.stop();
    church = [{ ...(CHURCH[0] as ChurchItem), guid: 'grace-005', title: 'After the Restart', file: 'three.mp3?again' }];
    const preview = await create({ url: `${base}/church.xml` });
    const id = preview.body.importID;
    const started = await call('POST', `/node/feed-imports/${id}/start`);
    const sermonId = started.body.items[0].sermonID as string;
    // A worker took the job, made the original's slot, began fetching, and died: its lease runs out.
    const claimed = await claim(t.db, ['feeds.import-media'], 'dead-worker', 1);
    expect(claimed?.payload).toEqual({ importId: id, position: 0 });
    const slot = await insertUpload(t.db, {
      sermonId,
      uploadType: 'original-audio',
      languageCode: null,
      filename: 'three.mp3',
      twoStep: false,
    });
    await setMediaState(t.db, id, 0, 'fetching', { uploadGuid: slot.guid });
    expect((await call('GET', `/node/feed-imports/${id}`)).body).toMatchObject({
      state: 'importing',
      items: [{ mediaState: 'fetching' }],
    });

    worker = await startTestWorker();
    const done = await finished(id);
    expect(done.items[0]).toMatchObject({ mediaState: 'done', error: null });
    const uploads = await t.db.query<{ guid: string; state: string }>(
      'SELECT guid, state FROM media_upload WHERE sermon_id = $1',
      [sermonId],
    );
    expect(uploads).toEqual([{ guid: slot.guid, state: 'received' }]);
    expect((await sermonsOf(['grace-005']))[0]).toMatchObject({ has_audio: true });
  }, 120_000);
});
