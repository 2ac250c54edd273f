import { ARTICLE_RULES } from '@kerygma/domain/articles';
import { articleContracts } from '@kerygma/domain/contracts/articles';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueChange } from '../catalogue/catalogue-changes.ts';
import { createApiKey } from '../media/api-keys.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';

const API = '/api/v2';
/** 2026-12-02 03:00 UTC is still 1 December in US Eastern time, the site's day (spec §9). */
const NOW = Date.parse('2026-12-02T03:00:00Z');

// biome-ignore lint/suspicious/noExplicitAny: tests index into response JSON
type Answer = { status: number; body: any };
type Headers = Record<string, string>;

describe.each(BACKENDS)('articles on %s', (backend) => {
  let t: TestApp;
  let app: FastifyInstance;
  const as: Record<'uploader' | 'biller' | 'otherAdmin' | 'listener', Headers> = {
    uploader: {},
    biller: {},
    otherAdmin: {},
    listener: {},
  };
  let apiKey: Headers;

  async function call(
    method: string,
    url: string,
    options: { body?: object; headers?: Headers } = {},
  ): Promise<Answer> {
    const res = await app.inject({
      method,
      url: `${API}${url}`,
      headers: options.headers ?? {},
      ...(options.body ? { payload: options.body } : {}),
    } as InjectOptions);
    return { status: res.statusCode, body: JSON.parse(res.body || 'null') };
  }
  const create = (body: object, headers = as.uploader) => call('POST', '/node/articles', { body, headers });
  const update = (id: number, body: object, headers = as.uploader) =>
    call('PATCH', `/node/articles/${id}`, { body, headers });

  beforeAll(async () => {
    t = await buildTestApp(backend, { now: () => NOW });
    app = t.app;
    as.uploader = (await testUser(t.db, 'writer', { broadcaster: [['gracechurch', 'uploader']] }, NOW)).headers;
    as.biller = (await testUser(t.db, 'payer', { broadcaster: [['gracechurch', 'biller']] }, NOW)).headers;
    as.otherAdmin = (await testUser(t.db, 'elsewhere', { broadcaster: [['radiovida', 'admin']] }, NOW)).headers;
    as.listener = (await testUser(t.db, 'listener', {}, NOW)).headers;
    apiKey = { 'x-api-key': await createApiKey(t.db, 'gracechurch') };
  }, 120_000);
  afterAll(() => t?.close());

  it('makes a new article with the spec defaults, a draft nobody else sees', async () => {
    const made = await create({ broadcasterID: 'GraceChurch' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    articleContracts.createArticle.responses[201].parse(made.body);
    expect(made.body).toMatchObject({
      broadcasterID: 'gracechurch',
      title: 'Untitled Article',
      content: '',
      contentHTML: '',
      articleDate: '2026-12-01',
      draft: true,
      slug: 'untitled-article',
      url: '/article/gracechurch/untitled-article',
    });
    const id = made.body.articleID;
    expect((await call('GET', `/node/articles/${id}`)).status).toBe(404);
    expect((await call('GET', `/node/articles/${id}`, { headers: as.otherAdmin })).status).toBe(404);
    expect((await call('GET', `/node/articles/${id}`, { headers: as.uploader })).status).toBe(200);
    expect((await call('GET', '/node/articles/gracechurch/untitled-article')).status).toBe(404);
    expect((await call('GET', '/node/articles?broadcasterID=gracechurch')).body.totalCount).toBe(0);
    const own = await call('GET', '/node/broadcasters/gracechurch/articles', { headers: as.uploader });
    expect(own.body.results.map((a: { articleID: number }) => a.articleID)).toContain(id);
    await call('DELETE', `/node/articles/${id}`, { headers: as.uploader });
  });

  it('gives each of a broadcaster’s articles its own URL, following the title until published', async () => {
    const first = await create({ title: 'The Lord’s Prayer', broadcasterID: 'gracechurch' });
    const second = await create({ title: 'The Lord’s prayer!', broadcasterID: 'gracechurch' });
    expect(first.body.slug).toBe('the-lord-s-prayer');
    expect(second.body.slug).toBe('the-lord-s-prayer-2');
    // Another broadcaster may use the same URL.
    const elsewhere = await create({ title: 'The Lord’s Prayer', broadcasterID: 'radiovida' }, as.otherAdmin);
    expect(elsewhere.body.slug).toBe('the-lord-s-prayer');

    const retitled = await update(second.body.articleID, { title: 'Daily Bread' });
    expect(retitled.body.slug).toBe('daily-bread');
    const published = await update(second.body.articleID, { draft: false });
    expect(published.body.draft).toBe(false);
    const renamed = await update(second.body.articleID, { title: 'Our Daily Bread' });
    expect(renamed.body).toMatchObject({ title: 'Our Daily Bread', slug: 'daily-bread' });
    const page = await call('GET', '/node/articles/gracechurch/daily-bread');
    expect(page.status).toBe(200);
    expect(page.body.title).toBe('Our Daily Bread');

    // A slug chosen must be free within the broadcaster.
    const clash = await update(first.body.articleID, { slug: 'daily-bread' });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.slug).toBe('This URL is already used by another of your articles.');
    const chosen = await update(first.body.articleID, { slug: 'our-father' });
    expect(chosen.body.slug).toBe('our-father');
  });

  it('renders markdown into HTML without scripts, event handlers or unsafe links', async () => {
    const content = [
      '# Grace',
      'Some **bold** text and [a link](https://example.org/x) and [bad](javascript:alert(1)).',
      '<script>alert("x")</script>',
      '<img src="https://example.org/a.png" onerror="alert(1)">',
      '<a href="/sermons/1003" onclick="steal()">sermon</a>',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
    ].join('\n\n');
    const made = await create({ broadcasterID: 'gracechurch', title: 'Markup', content, draft: false });
    expect(made.status).toBe(201);
    const html: string = made.body.contentHTML;
    expect(html).toContain('<h1>Grace</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.org/x" rel="nofollow ugc noopener">a link</a>');
    expect(html).toContain('<a href="/sermons/1003" rel="nofollow ugc noopener">sermon</a>');
    for (const bad of ['<script', 'alert', 'onerror', 'onclick', 'javascript:', '<iframe', '<style'])
      expect(html).not.toContain(bad);
    expect(made.body.summary).toBe('Grace Some bold text and a link and bad. sermon');
    const preview = await call('POST', '/node/articles/preview', {
      body: { content: '*hi* <b onmouseover="x()">there</b>' },
      headers: as.listener,
    });
    expect(preview.body).toEqual({ contentHTML: '<p><em>hi</em> <b>there</b></p>' });
  });

  it('refuses bad input: too long, missing, wrong types, unknown speaker', async () => {
    const long = await create({ broadcasterID: 'gracechurch', title: 'x'.repeat(ARTICLE_RULES.titleMaxLength + 1) });
    expect(long.status).toBe(400);
    expect(long.body.errors.title).toBeDefined();
    const missing = await create({ title: 'No broadcaster' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.broadcasterID).toBeDefined();
    expect((await create({ broadcasterID: 'gracechurch', draft: 'yes' })).status).toBe(400);
    expect((await create({ broadcasterID: 'gracechurch', articleDate: '2026-13-40' })).status).toBe(400);
    expect((await create({ broadcasterID: 'gracechurch', title: '   ' })).status).toBe(400);
    expect((await create({ broadcasterID: 'gracechurch', slug: 'Not A Slug!' })).status).toBe(400);
    const noSpeaker = await create({ broadcasterID: 'gracechurch', speakerID: 987654 });
    expect(noSpeaker.status).toBe(404);
    expect(noSpeaker.body.errors.error).toBe('Speaker not found');
    const tooMuch = await create({
      broadcasterID: 'gracechurch',
      content: 'a'.repeat(ARTICLE_RULES.contentMaxLength + 1),
    });
    expect(tooMuch.status).toBe(400);
    // A title with HTML is kept as text (the page escapes it), not markup.
    const htmlTitle = await create({ broadcasterID: 'gracechurch', title: '<b>Bold</b> claims' });
    expect(htmlTitle.body).toMatchObject({ title: '<b>Bold</b> claims', slug: 'b-bold-b-claims' });
  });

  it("lets only the broadcaster's Admins and Uploaders (and its key) write its articles", async () => {
    const mine = await create({ broadcasterID: 'gracechurch', title: 'Kept', draft: false });
    const id = mine.body.articleID;
    for (const who of [as.biller, as.otherAdmin, as.listener]) {
      expect((await create({ broadcasterID: 'gracechurch' }, who)).status).toBe(403);
      expect((await update(id, { title: 'Taken over' }, who)).status).toBe(403);
      expect((await call('DELETE', `/node/articles/${id}`, { headers: who })).status).toBe(403);
      expect((await call('GET', '/node/broadcasters/gracechurch/articles', { headers: who })).status).toBe(403);
    }
    expect((await create({ broadcasterID: 'gracechurch' }, {})).status).toBe(401);
    // The other broadcaster's key acts for that broadcaster only.
    const otherKey = { 'x-api-key': await createApiKey(t.db, 'radiovida') };
    expect((await update(id, { title: 'Taken over' }, otherKey)).status).toBe(403);
    expect((await call('GET', `/node/articles/${id}`)).body.title).toBe('Kept');
    const byKey = await update(id, { categoryID: 'devotional', speakerID: 1 }, apiKey);
    expect(byKey.body).toMatchObject({
      categoryID: 'devotional',
      speakerID: 1,
      speakerDisplayName: 'Charles H. Spurgeon',
    });
  });

  it('lists published articles by broadcaster, speaker, category and search, and forgets deleted ones', async () => {
    const a = await create({
      broadcasterID: 'gracechurch',
      title: 'Alpha and Omega',
      content: 'Beginning and end.',
      articleDate: '2020-01-01',
      draft: false,
      speakerID: 1,
      categoryID: 'teaching',
    });
    const bySpeaker = await call('GET', '/node/articles?speakerID=1&sort=oldest');
    articleContracts.listArticles.responses[200].parse(bySpeaker.body);
    expect(bySpeaker.body.results[0]).toMatchObject({ articleID: a.body.articleID, summary: 'Beginning and end.' });
    expect(bySpeaker.body.results[0].content).toBeUndefined();
    const found = await call('GET', '/node/articles?search=beginning');
    expect(found.body.results.map((r: { title: string }) => r.title)).toEqual(['Alpha and Omega']);
    expect((await call('GET', '/node/articles?search=be')).status).toBe(400);
    const teaching = await call('GET', '/node/articles/categories/teaching');
    expect(teaching.body).toEqual({ categoryID: 'teaching', articleCount: 1 });
    expect((await call('GET', '/node/articles/categories/nonsense')).status).toBe(404);
    const all = await call('GET', '/node/articles/categories');
    expect(all.body.results).toHaveLength(5);
    const bySlug = await call('GET', '/node/articles?slug=alpha-and-omega');
    expect(bySlug.body.results[0].url).toBe('/article/gracechurch/alpha-and-omega');

    expect((await call('DELETE', `/node/articles/${a.body.articleID}`, { headers: as.uploader })).status).toBe(200);
    expect((await call('GET', '/node/articles/gracechurch/alpha-and-omega')).status).toBe(404);
    expect(
      (await call('GET', '/node/articles?speakerID=1')).body.results.map((r: { title: string }) => r.title),
    ).not.toContain('Alpha and Omega');
    const config = await call('GET', '/node/articles/config');
    expect(config.body.defaults).toEqual({ title: 'Untitled Article', content: '', draft: true });
  });

  it("takes a banner through the image store's upload slot, and removes it with the article", async () => {
    // What the page cache is told: the pages of the article's broadcaster and speaker show it.
    const heard: CatalogueChange[] = [];
    const stop = t.changes.subscribe((change) => heard.push(change));
    const made = await create({ broadcasterID: 'gracechurch', title: 'With a banner', draft: false, speakerID: 1 });
    const id = made.body.articleID;
    expect(made.body.bannerImageURL).toBeNull();
    expect((await call('POST', `/media/images/articles/${id}/banner`, { headers: as.biller })).status).toBe(403);
    const slot = await call('POST', `/media/images/articles/${id}/banner`, { headers: as.uploader });
    expect(slot.status).toBe(200);
    const picture = await sharp({ create: { width: 1300, height: 700, channels: 3, background: '#6752a2' } })
      .png()
      .toBuffer();
    const put = await app.inject({
      method: 'PUT',
      url: new URL(slot.body.uploadURL).pathname,
      headers: { 'content-type': 'application/octet-stream' },
      payload: picture,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(heard.at(-1)).toEqual({ broadcasterIds: ['gracechurch'], speakerIds: [1] });
    const withBanner = (await call('GET', '/node/articles/gracechurch/with-a-banner')).body;
    expect(withBanner.bannerImageURL).toMatch(/^\/media\/images\/article_banner\/\d+-[^/]+\/1280\.jpg$/);
    expect(withBanner.bannerImageURLResizable).toMatch(/\{size\}\.jpg$/);
    const served = await app.inject({ method: 'GET', url: withBanner.bannerImageURL });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    heard.length = 0;
    expect((await call('DELETE', `/media/images/articles/${id}/banner`, { headers: as.uploader })).status).toBe(200);
    expect(heard).toEqual([{ broadcasterIds: ['gracechurch'], speakerIds: [1] }]);
    // Given to another speaker, the article leaves the first one's articles tab too.
    const other = (await call('GET', '/node/speakers?broadcasterID=gracechurch')).body.results.find(
      (sp: { speakerID: number }) => sp.speakerID !== 1,
    ).speakerID as number;
    heard.length = 0;
    expect((await update(id, { speakerID: other })).status).toBe(200);
    expect(heard).toEqual([{ speakerIds: [1] }, { broadcasterIds: ['gracechurch'], speakerIds: [other] }]);
    stop();
    expect((await call('GET', '/node/articles/gracechurch/with-a-banner')).body.bannerImageURL).toBeNull();
    expect((await app.inject({ method: 'GET', url: withBanner.bannerImageURL })).statusCode).toBe(404);
  });
});
