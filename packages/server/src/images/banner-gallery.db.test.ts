import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { contracts } from '@kerygma/domain/contracts/index';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../http/api-base.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type TestUser, testUser } from '../test/users.ts';

/**
 * The banner gallery (spec §3, §7 GET node/images/background/broadcaster): stock backgrounds
 * anyone may list, which a broadcaster's Admin takes as its banner instead of uploading one.
 */
describe.each(BACKENDS)('the banner gallery on %s', (backend) => {
  let t: TestApp;
  let admin: TestUser;
  let uploader: TestUser;
  let otherAdmin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    admin = await testUser(t.db, 'galleryadmin', { broadcaster: [['gracechurch', 'admin']] });
    uploader = await testUser(t.db, 'galleryuploader', { broadcaster: [['gracechurch', 'uploader']] });
    otherAdmin = await testUser(t.db, 'galleryother', { broadcaster: [['radiovida', 'admin']] });
  }, 120_000);
  afterAll(() => t?.close());

  const gallery = async (language = 'en') => {
    const res = await getJson(t.app, `${API_BASE}/node/images/background/broadcaster`, {
      'accept-language': language,
    });
    expect(res.status).toBe(200);
    return contracts.bannerGallery.responses[200].parse(res.body);
  };
  const choose = async (who: { headers: Record<string, string> } | null, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/media/images/broadcaster_banner/from_gallery`,
      headers: who?.headers ?? {},
      payload: body,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const bannerOf = async (id: string) =>
    (await getJson(t.app, `${API_BASE}/node/broadcasters/${id}?lite=false`)).body.bannerImageURL as string;
  /** A served picture's type and pixels, and a digest of its bytes. */
  const fetchImage = async (absolute: string) => {
    const res = await t.app.inject({ method: 'GET', url: new URL(absolute).pathname });
    if (res.statusCode !== 200) return { status: res.statusCode };
    const meta = await sharp(res.rawPayload).metadata();
    return {
      status: res.statusCode,
      type: res.headers['content-type'],
      width: meta.width,
      height: meta.height,
      digest: createHash('sha256').update(res.rawPayload).digest('hex'),
    };
  };

  it('lists twelve named backgrounds, in the list envelope, each served as JPEG banners of every width', async () => {
    const res = await getJson(t.app, `${API_BASE}/node/images/background/broadcaster`);
    expect(Object.keys(res.body).sort()).toEqual(['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount']);
    const list = await gallery();
    expect(list.totalCount).toBe(12);
    expect(list.next).toBeNull();
    expect(list.results).toHaveLength(12);
    expect(new Set(list.results.map((b) => b.backgroundID)).size).toBe(12);
    expect(list.results[0]).toEqual({
      backgroundID: 'harbour',
      displayName: 'Harbor',
      imageURL: expect.stringMatching(
        /^http:\/\/kerygma\.test\/media\/images\/broadcaster_banner\/stock\/harbour-[0-9a-f]{12}\/1280\.jpg$/,
      ),
      imageURLResizable: expect.stringMatching(/\/stock\/harbour-[0-9a-f]{12}\/\{size\}\.jpg$/),
      thumbnailImageURL: expect.stringMatching(/\/stock\/harbour-[0-9a-f]{12}\/640\.jpg$/),
    });
    // Names come from the locale messages, in the request's language.
    expect((await gallery('de')).results.map((b) => b.displayName).slice(0, 3)).toEqual([
      'Hafen',
      'Kreuzgang',
      'Weinberg',
    ]);
    expect((await gallery('en-GB')).results[0]?.displayName).toBe('Harbour');

    const thumbnails = new Set<string>();
    for (const b of list.results) {
      expect(b.imageURL).toBe(b.imageURLResizable.replace('{size}', '1280'));
      const thumbnail = await fetchImage(b.thumbnailImageURL);
      expect(thumbnail).toMatchObject({ status: 200, type: 'image/jpeg', width: 640, height: 213 });
      thumbnails.add(String(thumbnail.digest));
    }
    // Twelve different pictures, not one drawn twelve times.
    expect(thumbnails.size).toBe(12);
    const first = list.results[0]?.imageURLResizable ?? '';
    for (const [width, height] of [
      [1280, 427],
      [1920, 640],
    ])
      expect(await fetchImage(first.replace('{size}', String(width)))).toMatchObject({
        status: 200,
        type: 'image/jpeg',
        width,
        height,
      });
    expect((await fetchImage(first.replace('{size}', '800'))).status).toBe(404);
  });

  it("a broadcaster's Admin takes one as its banner at once; an upload later replaces it and leaves the gallery whole", async () => {
    const [harbour, forest] = (await gallery()).results.filter((b) => ['harbour', 'forest'].includes(b.backgroundID));
    if (!harbour || !forest) throw new Error('the gallery lacks harbour or forest');
    const before = await bannerOf('gracechurch');
    expect(before).not.toBe(harbour.imageURL);

    const chosen = await choose(admin, { broadcasterID: 'GraceChurch', backgroundID: 'harbour' });
    expect(chosen).toEqual({
      status: 200,
      body: { url: harbour.imageURL, resizableURL: harbour.imageURLResizable, widths: [640, 1280, 1920] },
    });
    // The public broadcaster shows it (its cached copy was told of the change).
    expect(await bannerOf('gracechurch')).toBe(harbour.imageURL);
    expect(await fetchImage(await bannerOf('gracechurch'))).toMatchObject({ status: 200, width: 1280, height: 427 });

    // Another broadcaster may show the same one; a second choice replaces the first.
    expect((await choose(otherAdmin, { broadcasterID: 'radiovida', backgroundID: 'harbour' })).status).toBe(200);
    expect((await choose(admin, { broadcasterID: 'gracechurch', backgroundID: 'forest' })).status).toBe(200);
    expect(await bannerOf('gracechurch')).toBe(forest.imageURL);
    expect(await bannerOf('radiovida')).toBe(harbour.imageURL);

    // An uploaded banner replaces a gallery one; the gallery's files stay for the others.
    const own = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/media/images/broadcaster_banner`,
      headers: otherAdmin.headers,
      payload: { broadcasterID: 'radiovida' },
    });
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: new URL(JSON.parse(own.body).uploadURL).pathname,
      payload: await sharp({ create: { width: 1500, height: 500, channels: 3, background: '#345' } })
        .png()
        .toBuffer(),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(uploaded.statusCode).toBe(200);
    expect(await bannerOf('radiovida')).toBe(JSON.parse(uploaded.body).url);
    expect(await fetchImage(harbour.imageURLResizable.replace('{size}', '1920'))).toMatchObject({ status: 200 });
    const harbourFolder = path.join(
      t.mediaDir,
      new URL(harbour.imageURL).pathname.replace(/^\/media\/|\/1280\.jpg$/g, ''),
    );
    expect(existsSync(harbourFolder)).toBe(true);

    // A gallery choice after an upload removes the uploaded banner's files.
    const uploadedFolder = path.join(
      t.mediaDir,
      new URL(JSON.parse(uploaded.body).url).pathname.replace(/^\/media\/|\/1280\.jpg$/g, ''),
    );
    expect(existsSync(uploadedFolder)).toBe(true);
    expect((await choose(otherAdmin, { broadcasterID: 'radiovida', backgroundID: 'forest' })).status).toBe(200);
    expect(existsSync(uploadedFolder)).toBe(false);
    expect(await bannerOf('radiovida')).toBe(forest.imageURL);
  });

  it("is refused to an Uploader, another broadcaster's Admin and anyone signed out; an unknown background or broadcaster is not found", async () => {
    await choose(admin, { broadcasterID: 'gracechurch', backgroundID: 'slate' });
    const slate = await bannerOf('gracechurch');

    const uploaderRefused = await choose(uploader, { broadcasterID: 'gracechurch', backgroundID: 'meadow' });
    expect(uploaderRefused).toEqual({
      status: 403,
      body: {
        status: 403,
        code: 'forbidden',
        errors: { error: "Only this broadcaster's administrators may do this." },
      },
    });
    expect((await choose(otherAdmin, { broadcasterID: 'gracechurch', backgroundID: 'meadow' })).status).toBe(403);
    const anonymous = await choose(null, { broadcasterID: 'gracechurch', backgroundID: 'meadow' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: 401, code: expect.any(String) });
    expect(await bannerOf('gracechurch')).toBe(slate);

    expect(await choose(admin, { broadcasterID: 'gracechurch', backgroundID: 'nosuch' })).toEqual({
      status: 404,
      body: {
        status: 404,
        code: 'not_found',
        errors: { error: 'There is no background “nosuch” in the banner gallery.' },
      },
    });
    expect((await choose(admin, { broadcasterID: 'nosuchchurch', backgroundID: 'meadow' })).status).toBe(404);
    const missing = await choose(admin, { broadcasterID: 'gracechurch' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['backgroundID']);
    expect(await bannerOf('gracechurch')).toBe(slate);
  });
});
