import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const SITE = 'http://kerygma.test';
const oembed = (url: string, extra = '') => `/oembed?url=${encodeURIComponent(url)}${extra}`;

/** GET /oembed: sermon and broadcaster links become iframe players (oEmbed 1.0), on each backend. */
describe.each(BACKENDS)('oEmbed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    // Sermon 1005 has video (a 720p rung with its thumbnail) and audio.
    await t.db.exec(`
      INSERT INTO media_item (sermon_id, media_type, quality, storage_key, duration_seconds, video_codec)
      VALUES ('1005', 'mp4', 'high', '1005/video/high.mp4', 900, 'h264');
      INSERT INTO media_item (sermon_id, media_type, quality, storage_key, duration_seconds, audio_codec)
      VALUES ('1005', 'mp3', 'high', '1005/audio-high.mp3', 900, 'mp3');
      UPDATE sermon SET video_thumbnail_storage_key = '1005/video/thumbnail.jpg' WHERE sermon_id = '1005';
    `);
  }, 60_000);
  afterAll(() => t?.close());

  it('an audio sermon is a rich audio player with title, speaker and provider', async () => {
    const { status, body, headers } = await getJson(t.app, oembed(`${SITE}/sermons/1000`, '&format=json'));
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['cache-control']).toBe('public, max-age=3600');
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(body).toEqual({
      type: 'rich',
      version: '1.0',
      title: 'Justified by Faith part 1',
      author_name: 'Charles H. Spurgeon',
      author_url: `${SITE}/speakers/1`,
      provider_name: 'Kerygma',
      provider_url: `${SITE}/`,
      cache_age: 3600,
      width: 640,
      height: 320,
      html:
        `<iframe src="${SITE}/embed/classic/player/a/1000" width="640" height="320" ` +
        'title="Sermon player: Justified by Faith part 1" style="border:0;max-width:100%" loading="lazy" ' +
        'allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>',
    });
  });

  it('a video sermon is a video player with its thumbnail; /a asks for its audio', async () => {
    const video = await getJson(t.app, oembed(`${SITE}/sermons/1005`));
    expect(video.body).toMatchObject({
      type: 'video',
      width: 640,
      height: 580,
      thumbnail_url: `${SITE}/media/1005/video/thumbnail.jpg`,
      thumbnail_width: 1280,
      thumbnail_height: 720,
    });
    expect(video.body.html).toContain(`src="${SITE}/embed/classic/player/v/1005"`);

    const audio = await getJson(t.app, oembed(`${SITE}/sermons/1005/a`));
    expect(audio.body).toMatchObject({ type: 'rich', height: 320 });
    expect(audio.body.html).toContain(`src="${SITE}/embed/classic/player/a/1005"`);
    expect(audio.body).not.toHaveProperty('thumbnail_url');
  });

  it('honours maxwidth and maxheight: narrower frames are taller (the controls wrap), video keeps 16:9', async () => {
    const narrow = await getJson(t.app, oembed(`${SITE}/sermons/1005/v`, '&maxwidth=320'));
    expect(narrow.body).toMatchObject({ width: 320, height: 500 });
    expect(narrow.body.html).toContain('width="320" height="500"');
    const short = await getJson(t.app, oembed(`${SITE}/sermons/1005`, '&maxwidth=1000&maxheight=500'));
    expect(short.body).toMatchObject({ width: 434, height: 500 });
    const audio = await getJson(t.app, oembed(`${SITE}/sermons/1000`, '&maxwidth=300&maxheight=120'));
    expect(audio.body).toMatchObject({ width: 300, height: 120 });
  });

  it('accepts locale prefixes, trailing slashes, medium suffixes and legacy sermoninfo.asp links', async () => {
    for (const url of [
      `${SITE}/de/sermons/1000`,
      `${SITE}/sermons/1000/`,
      `${SITE}/zh/sermons/1000/audio`,
      `${SITE}/en/sermons/1000`,
      `${SITE}/sermoninfo.asp?SID=1000`,
      `${SITE}/sermoninfo.asp?sid=1000&x=1`,
      `${SITE}/sermon/1000`,
      `${SITE}/embed/classic/player/a/1000`,
      `${SITE}/player/sermon/legacy/1000`,
    ]) {
      const { status, body } = await getJson(t.app, oembed(url));
      expect(status, url).toBe(200);
      expect(body.html, url).toContain('/embed/classic/player/a/1000"');
    }
  });

  it("a broadcaster's page is a playlist of its latest sermons", async () => {
    const { status, body } = await getJson(t.app, oembed(`${SITE}/broadcasters/gracechurch`));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'rich',
      title: 'Latest sermons from Grace Reformed Baptist Church',
      author_name: 'Grace Reformed Baptist Church',
      author_url: `${SITE}/broadcasters/gracechurch`,
      width: 640,
      height: 450,
    });
    expect(body.html).toContain(`src="${SITE}/embed/classic/player/l/gracechurch"`);
  });

  it('404s unknown sermons, drafts, other sites and pages that are not players, in the error shape', async () => {
    for (const url of [
      `${SITE}/sermons/999999`,
      `${SITE}/sermons/1900`,
      'https://elsewhere.example/sermons/1000',
      `${SITE}/speakers/1`,
      `${SITE}/sermons/topics/gospel`,
      `${SITE}/sermoninfo.asp`,
      'not a url',
    ]) {
      const { status, body } = await getJson(t.app, oembed(url));
      expect(status, url).toBe(404);
      expect(body, url).toMatchObject({ status: 404, code: 'not_found' });
      expect(Object.values(body.errors)[0], url).toEqual(expect.any(String));
    }
    const unknown = await getJson(t.app, oembed(`${SITE}/speakers/1`));
    expect(unknown.body.errors.error).toBe('No sermon or broadcaster to embed at this URL');
  });

  it('answers 501 for xml, 400 for a missing url or a bad size, translated by Accept-Language', async () => {
    const xml = await getJson(t.app, oembed(`${SITE}/sermons/1000`, '&format=xml'));
    expect(xml.status).toBe(501);
    expect(xml.body).toEqual({
      errors: { format: 'Only the json format is supported' },
      status: 501,
      code: 'not_implemented',
    });
    const german = await getJson(t.app, oembed(`${SITE}/sermons/1000`, '&format=xml'), { 'accept-language': 'de' });
    expect(german.body.errors.format).toBe('Nur das Format json wird unterstützt');

    const missing = await getJson(t.app, '/oembed?format=json');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: 400, code: 'invalid_request', errors: { url: expect.any(String) } });
    const size = await getJson(t.app, oembed(`${SITE}/sermons/1000`, '&maxwidth=wide'));
    expect(size.status).toBe(400);
    expect(size.body.errors).toHaveProperty('maxwidth');
  });
});
