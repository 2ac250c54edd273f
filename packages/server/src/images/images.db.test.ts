import { existsSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_RULES } from '@kerygma/domain/images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../http/api-base.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type TestUser, testUser } from '../test/users.ts';

/** A picture of the given size and format, with a gradient so it is not one flat colour. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#7a3"/><stop offset="1" stop-color="#237"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

describe.each(BACKENDS)('picture uploads on %s', (backend) => {
  let t: TestApp;
  let admin: TestUser;
  let uploader: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    admin = await testUser(t.db, 'graceadmin', { broadcaster: [['gracechurch', 'admin']] });
    uploader = await testUser(t.db, 'graceuploader', { broadcaster: [['gracechurch', 'uploader']] });
    await t.db.query("UPDATE speaker SET broadcaster_lock = 'gracechurch' WHERE speaker_id = 1");
    await t.db.query("UPDATE speaker SET broadcaster_lock = 'radiovida' WHERE speaker_id = 3");
  }, 120_000);
  afterAll(() => t?.close());

  const start = async (who: TestUser, call: string, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/media/images/${call}`,
      headers: who.headers,
      payload: body,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const slot = async (who: TestUser, call: string, body: object) => {
    const answer = await start(who, call, body);
    expect(answer.status).toBe(200);
    expect(answer.body.uploadURL).toMatch(/^http:\/\/kerygma\.test\/api\/v2\/media\/images\/uploads\/[0-9a-f-]{36}$/);
    return new URL(answer.body.uploadURL).pathname;
  };
  const put = async (url: string, bytes: Buffer) => {
    const res = await t.app.inject({
      method: 'PUT',
      url,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  /** A served size: its pixels, type and caching. */
  const fetchImage = async (absolute: string) => {
    const res = await t.app.inject({ method: 'GET', url: new URL(absolute).pathname });
    if (res.statusCode !== 200) return { status: res.statusCode };
    const meta = await sharp(res.rawPayload).metadata();
    return {
      status: res.statusCode,
      type: res.headers['content-type'],
      cache: res.headers['cache-control'],
      width: meta.width,
      height: meta.height,
      format: meta.format,
    };
  };

  it("a broadcaster's Admin sets its profile picture: square JPEG sizes, podcast album art at 1400 and 3000, cached for good", async () => {
    const url = await slot(admin, 'broadcaster_profile', { broadcasterID: 'GraceChurch' });
    const stored = await put(url, await picture(900, 600, 'webp'));
    expect(stored.status).toBe(200);
    expect(stored.body.resizableURL).toMatch(
      /^http:\/\/kerygma\.test\/media\/images\/broadcaster_profile\/gracechurch-[0-9a-f]{12}\/\{size\}\.jpg$/,
    );
    expect(stored.body.widths).toEqual([96, 192, 360, 720, 1400, 3000]);

    const { body } = await getJson(t.app, `${API_BASE}/node/broadcasters/gracechurch?lite=false`);
    expect(body.imageURLResizable).toBe(stored.body.resizableURL);
    expect(body.albumArtURL).toBe(stored.body.resizableURL);
    expect(body.imageURL).toBe(stored.body.resizableURL.replace('{size}', '360'));
    expect(await fetchImage(body.imageURL)).toEqual({
      status: 200,
      type: 'image/jpeg',
      cache: 'public, max-age=31536000, immutable',
      width: 360,
      height: 360,
      format: 'jpeg',
    });
    for (const size of [1400, 3000])
      expect(await fetchImage(body.albumArtURL.replace('{size}', String(size)))).toMatchObject({
        width: size,
        height: size,
      });
    // A width that is not one of the sizes is no file.
    expect((await fetchImage(body.albumArtURL.replace('{size}', '500'))).status).toBe(404);

    // A new picture has new URLs; the old one's files are gone.
    const oldFolder = path.join(
      t.mediaDir,
      stored.body.resizableURL.replace('http://kerygma.test/media/', '').replace('/{size}.jpg', ''),
    );
    expect(existsSync(oldFolder)).toBe(true);
    const again = await put(
      await slot(admin, 'broadcaster_profile', { broadcasterID: 'gracechurch' }),
      await picture(500, 500, 'gif'),
    );
    expect(again.status).toBe(200);
    expect(again.body.resizableURL).not.toBe(stored.body.resizableURL);
    expect(existsSync(oldFolder)).toBe(false);
  });

  it('a banner is cut wide; a series artwork and a speaker portrait show on their own answers', async () => {
    const banner = await put(
      await slot(admin, 'broadcaster_banner', { broadcasterID: 'gracechurch' }),
      await picture(2400, 1600, 'jpeg'),
    );
    expect(banner.status).toBe(200);
    expect(banner.body.widths).toEqual([640, 1280, 1920]);
    expect(await fetchImage(banner.body.resizableURL.replace('{size}', '1280'))).toMatchObject({
      width: 1280,
      height: 427,
    });
    expect((await getJson(t.app, `${API_BASE}/node/broadcasters/gracechurch?lite=false`)).body.bannerImageURL).toBe(
      banner.body.url,
    );

    const artwork = await put(await slot(uploader, 'series_artwork', { seriesID: 11 }), await picture(1400, 1400));
    expect(artwork.status).toBe(200);
    const series = (await getJson(t.app, `${API_BASE}/node/series/11`)).body;
    expect(series.image).toBe(artwork.body.url);
    expect(series.imageResizable).toBe(artwork.body.resizableURL);

    const portrait = await put(await slot(uploader, 'speaker_portrait', { speakerID: 1 }), await picture(600, 800));
    expect(portrait.status).toBe(200);
    const speaker = (await getJson(t.app, `${API_BASE}/node/speakers/1`)).body;
    expect(speaker.portraitURL).toBe(portrait.body.url);
    expect(speaker.roundedThumbnailImageURLResizable).toBe(portrait.body.resizableURL);
    expect(speaker.albumArtURL).toBe(portrait.body.resizableURL);
    expect(await fetchImage(speaker.portraitURL)).toMatchObject({ width: 360, height: 360 });
  });

  it('refuses a picture too small, bytes that are no picture whatever their name, and too many bytes; the slot stays for another try', async () => {
    const url = await slot(uploader, 'series_artwork', { seriesID: 10 });
    const small = await put(url, await picture(300, 500));
    expect(small).toEqual({
      status: 400,
      body: {
        status: 400,
        code: 'invalid_image',
        errors: { file: 'This picture is 300×500 pixels; it must be at least 400×400.' },
      },
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900"/></svg>',
    );
    const text = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, 1)]);
    const truncated = (await picture(900, 900, 'jpeg')).subarray(0, 600);
    for (const bytes of [svg, text, truncated]) {
      const refused = await put(url, bytes);
      expect(refused.status).toBe(400);
      expect(refused.body.errors.file).toBe(
        'This file is not a picture that can be used: send a JPEG, PNG, GIF, WebP image.',
      );
    }
    const huge = await put(url, Buffer.alloc(IMAGE_RULES.maxBytes + 1, 7));
    expect(huge.status).toBe(413);
    expect(huge.body.errors.file).toBe('The picture is larger than 15 MB.');
    expect((await getJson(t.app, `${API_BASE}/node/series/10`)).body.image).toBeNull();

    const ok = await put(url, await picture(800, 800));
    expect(ok.status).toBe(200);
    // One use.
    expect((await put(url, await picture(800, 800))).status).toBe(404);
  });

  it("refuses another broadcaster's speaker or series, a shared speaker, and a broadcaster's pictures to its Uploader", async () => {
    const refused = await start(uploader, 'speaker_portrait', { speakerID: 3 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await start(admin, 'series_artwork', { seriesID: 13 })).status).toBe(403);
    expect((await start(admin, 'speaker_portrait', { speakerID: 2 })).status).toBe(403);
    expect((await start(uploader, 'broadcaster_profile', { broadcasterID: 'gracechurch' })).status).toBe(403);
    expect((await start(admin, 'speaker_portrait', { speakerID: 999 })).status).toBe(404);
    expect((await start(admin, 'broadcaster_banner', { broadcasterID: 'nosuchchurch' })).status).toBe(404);
  });
});
