import { expect, test } from '@playwright/test';
import { parseFeed } from 'podcast-partytime';
import { generateDemoCatalogue } from '../packages/server/src/seed/demo-catalogue.ts';
import { chooseMediaSermons } from '../packages/server/src/seed/demo-media.ts';
import { MEDIA_SERMONS } from '../packages/server/src/seed/demo-media-ready.ts';

// A podcast app subscribed at the old address of a church's podcast follows it to the feed,
// finds the church's sermon with its encoded audio, and plays the file (a range request, as
// podcast apps stream).
test('an old podcast subscription reaches the feed, and its episodes play', async ({ request }) => {
  const [sermon] = chooseMediaSermons(generateDemoCatalogue(), MEDIA_SERMONS);
  if (!sermon) throw new Error('no demo media sermon');
  const detail = await (await request.get(`/api/v2/node/sermons/${sermon.sermonId}`)).json();
  const broadcasterID: string = detail.broadcaster.broadcasterID;

  const old = await request.get(`/podcasts/${broadcasterID}.xml`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/feeds/broadcaster/${broadcasterID}.rss`);
  expect(detail.broadcaster.rssFeedURL).toMatch(new RegExp(`/feeds/broadcaster/${broadcasterID}\\.rss$`));

  const res = await request.get(old.headers().location as string);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const feed = parseFeed(await res.text());
  expect(feed?.title).toBe(detail.broadcaster.displayName);
  const episode = feed?.items.find((i) => i.guid === sermon.sermonId);
  expect(episode?.title).toBe(detail.fullTitle);
  expect(episode?.enclosure.type).toBe('audio/mpeg');

  const file = await request.get(episode?.enclosure.url as string, { headers: { range: 'bytes=0-1023' } });
  expect(file.status()).toBe(206);
  expect(file.headers()['content-type']).toBe('audio/mpeg');
  expect(Number(file.headers()['content-range']?.split('/')[1])).toBe(episode?.enclosure.length);

  // The feed's cover is a square JPEG of at least 1400 pixels, as Apple Podcasts requires.
  const cover = await request.get(feed?.itunesImage as string);
  expect(cover.status()).toBe(200);
  expect(cover.headers()['content-type']).toBe('image/jpeg');
});
