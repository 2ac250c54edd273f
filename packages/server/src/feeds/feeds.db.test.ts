import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseFeed } from 'podcast-partytime';
import RssParser from 'rss-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PODCAST_FEEDS_DIR } from '../test/podcast-feeds.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { FEED_PAGE_ITEMS } from './feed-content.ts';
import { podcastGuid } from './podcast-guid.ts';

const ORIGIN = 'http://kerygma.test';
const XSD = path.join(PODCAST_FEEDS_DIR, 'podcast-namespace.xsd');

/**
 * The elements podcast-namespace.xsd declares: it has no target namespace and declares them
 * inside a `root` element, so a feed's podcast:* elements of these names are copied into one
 * such document (without their prefix) and validated by xmllint against it.
 */
const XSD_ELEMENTS = [
  'transcript',
  'locked',
  'funding',
  'chapters',
  'soundbite',
  'person',
  'location',
  'season',
  'episode',
  'value',
  'images',
];

function validateAgainstXsd(xml: string): void {
  const pattern = new RegExp(`<podcast:(${XSD_ELEMENTS.join('|')})\\b[^>]*?(?:/>|>[\\s\\S]*?</podcast:\\1>)`, 'g');
  const found = [...xml.matchAll(pattern)].map((m) => m[0].replace(/<(\/?)podcast:/g, '<$1'));
  expect(found.length).toBeGreaterThan(0);
  const dir = mkdtempSync(path.join(tmpdir(), 'kerygma-xsd-'));
  try {
    const file = path.join(dir, 'podcast.xml');
    writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?>\n<root>${found.join('\n')}</root>\n`);
    // Throws (with xmllint's message) when an element does not follow the schema.
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Well-formed XML, by libxml2. */
function wellFormed(xml: string) {
  execFileSync('xmllint', ['--noout', '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
}

const RFC822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** RSS 2.0's rules (rssboard.org/rss-specification) that a podcast app depends on. */
function rss2Problems(xml: string): string[] {
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(xml);
  const problems: string[] = [];
  const rss = doc.rss;
  if (rss?.['@_version'] !== '2.0') problems.push('rss version is not 2.0');
  const channel = rss?.channel;
  for (const required of ['title', 'link', 'description'])
    if (channel?.[required] === undefined) problems.push(`channel has no ${required}`);
  if (channel?.lastBuildDate && !RFC822.test(channel.lastBuildDate)) problems.push('lastBuildDate is not RFC 822');
  const guids = new Set<string>();
  for (const [i, item] of (channel?.item ?? []).entries()) {
    if (item.title === undefined && item.description === undefined)
      problems.push(`item ${i} has neither title nor description`);
    if (!RFC822.test(item.pubDate ?? '')) problems.push(`item ${i} pubDate is not RFC 822`);
    const enclosure = item.enclosure;
    if (!enclosure?.['@_url'] || !/^\d+$/.test(enclosure['@_length'] ?? '') || !enclosure['@_type'])
      problems.push(`item ${i} enclosure lacks url, length or type`);
    const guid = typeof item.guid === 'object' ? item.guid['#text'] : item.guid;
    if (!guid) problems.push(`item ${i} has no guid`);
    if (guids.has(String(guid))) problems.push(`item ${i} repeats guid ${guid}`);
    guids.add(String(guid));
  }
  return problems;
}

describe.each(BACKENDS)('podcast feeds (%s)', (backend) => {
  let t: TestApp;
  let hub: http.Server;
  const pings: URLSearchParams[] = [];

  beforeAll(async () => {
    hub = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        pings.push(new URLSearchParams(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    const hubUrl = `http://127.0.0.1:${(hub.address() as AddressInfo).port}/`;
    t = await buildTestApp(backend, { env: { WEBSUB_HUB_URL: hubUrl } });
    await t.db.exec(`
      UPDATE broadcaster SET contact_email = 'office@grace.example', donatable = true,
        donation_options = '[{"label": "Give to Grace", "url": "https://grace.example/give"}]',
        podroll = '[{"url": "https://feeds.example.org/friends.rss", "title": "Friends & Co"}]',
        podcast_txt = '[{"purpose": "applepodcastsverify", "value": "a1b2c3"}]'
        WHERE broadcaster_id = 'gracechurch';
      -- Every gracechurch sermon gets the files the encoder makes; 1001 also a video, captions
      -- and chapters, 1002 was imported (its guid kept), 1003 is a clip.
      INSERT INTO media_item (sermon_id, media_type, quality, storage_key, file_size_bytes, bitrate, duration_seconds, audio_codec, adaptive)
      SELECT s.sermon_id, x.media_type, x.quality, s.sermon_id || x.key, x.size, x.bitrate, 600, x.codec, x.adaptive
        FROM sermon s CROSS JOIN (VALUES
          ('mp3', 'high', '/r/a/audio-high.mp3', 2000000, 96000, 'mp3', false),
          ('mp3', 'low', '/r/a/audio-low.mp3', 500000, 32000, 'mp3', false),
          ('aac', NULL, '/r/a/hls/audio.m3u8', NULL, 64000, 'aac', true)) AS x(media_type, quality, key, size, bitrate, codec, adaptive)
       WHERE s.broadcaster_id = 'gracechurch' AND s.sermon_id <> '1000' AND s.publish_timestamp IS NOT NULL;
      INSERT INTO media_item (sermon_id, media_type, quality, language_code, storage_key, file_size_bytes)
      VALUES ('1001', 'mp4', '720p', NULL, '1001/r/v/video-720p.mp4', 90000000),
             ('1001', 'caption', NULL, 'en', '1001/r/c/vtt/captions.en.vtt', 2000),
             ('1001', 'orig-audio', NULL, NULL, '1001/original.wav', 99999999);
      UPDATE sermon SET chapters_url = 'https://grace.example/chapters/1001.json' WHERE sermon_id = '1001';
      UPDATE sermon SET feed_guid = 'https://oldhost.example/episodes/42' WHERE sermon_id = '1002';
      UPDATE sermon SET event_type = 'Sermon Clip', audio_duration_seconds = 95,
        full_title = 'Clip: Faith & <Works>' WHERE sermon_id = '1003';
    `);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => hub?.close(resolve));
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('gives each broadcaster, speaker and podcast series its feed addresses in the API', async () => {
    const b = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch');
    expect(b.body.rssFeedURL).toBe(`${ORIGIN}/feeds/broadcaster/gracechurch.rss`);
    expect(b.body.rssFeedAtomURL).toBe(`${ORIGIN}/feeds/broadcaster/gracechurch.atom`);
    const sp = await getJson(t.app, '/api/v2/node/speakers/1');
    expect(sp.body.rssFeedURL).toBe(`${ORIGIN}/feeds/speaker/1.rss`);
    const podcast = await getJson(t.app, '/api/v2/node/series/10');
    expect(podcast.body.rssURL).toBe(`${ORIGIN}/feeds/series/10.rss`);
    expect(podcast.body.rssAtomURL).toBe(`${ORIGIN}/feeds/series/10.atom`);
    const notPodcast = await getJson(t.app, '/api/v2/node/series/11');
    expect(notPodcast.body.rssURL).toBeNull();
  });

  it('writes a broadcaster feed that RSS 2.0, the podcast namespace schema and two parsers accept, with the values a podcast app shows', async () => {
    const res = await get('/feeds/broadcaster/gracechurch.rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    wellFormed(xml);
    expect(rss2Problems(xml)).toEqual([]);
    validateAgainstXsd(xml);

    const feed = parseFeed(xml);
    if (!feed) throw new Error('podcast-partytime could not read the feed');
    expect(feed.title).toBe('Grace Reformed Baptist Church');
    expect(feed.language).toBe('en');
    expect(feed.author).toBe('Grace Reformed Baptist Church');
    expect(feed.owner).toEqual({ name: 'Grace Reformed Baptist Church', email: 'office@grace.example' });
    expect(feed.explicit).toBe(false);
    // podcast-partytime lists the category's words.
    expect(feed.categories).toEqual(['religion', 'spirituality', 'christianity']);
    expect(feed.guid).toBe(podcastGuid(`${ORIGIN}/feeds/broadcaster/gracechurch.rss`));
    expect(feed.locked).toBe(true);
    expect(feed.podcastOwner).toBe('office@grace.example');
    expect(feed.podcastFunding).toEqual([{ url: 'https://grace.example/give', message: 'Give to Grace' }]);
    expect(feed.podcastLocation).toMatchObject({ name: 'Lancaster, Pennsylvania', geo: 'geo:40,-76.3' });
    expect(feed.medium).toBe('podcast');
    expect(feed.podroll).toEqual([
      {
        feedGuid: podcastGuid('https://feeds.example.org/friends.rss'),
        feedUrl: 'https://feeds.example.org/friends.rss',
        title: 'Friends & Co',
      },
    ]);
    expect(feed.podcastTxt).toEqual([{ purpose: 'applepodcastsverify', value: 'a1b2c3' }]);
    expect(feed.itunesImage).toMatch(/\/feeds\/cover\/broadcaster\/gracechurch-3000\.jpg$/);
    expect(feed.pubsub?.hub).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(feed.pubsub?.self).toBe(`${ORIGIN}/feeds/broadcaster/gracechurch.rss`);

    // 29 published sermons with files (1000 has only its fixture files, without the HLS).
    expect(feed.items).toHaveLength(30);
    const newest = feed.items[0];
    expect(newest?.title).toBe('Songs of Ascent 18');
    const byGuid = new Map(feed.items.map((i) => [i.guid, i]));
    const withVideo = byGuid.get('1001');
    expect(withVideo?.enclosure).toEqual({
      url: `${ORIGIN}/media/1001/r/a/audio-high.mp3`,
      length: 2000000,
      type: 'audio/mpeg',
    });
    expect(withVideo?.duration).toBe(660);
    expect(withVideo?.link).toBe(`${ORIGIN}/sermons/1001`);
    expect(withVideo?.podcastPeople?.[0]).toMatchObject({
      name: 'Charles H. Spurgeon',
      role: 'Host',
      href: `${ORIGIN}/speakers/1`,
    });
    expect(withVideo?.podcastTranscripts).toEqual([
      { url: `${ORIGIN}/media/1001/r/c/vtt/captions.en.vtt`, type: 'text/vtt', language: 'en', rel: 'captions' },
    ]);
    expect(withVideo?.podcastSeason).toEqual({ number: 10, name: 'Romans' });
    expect(withVideo?.podcastChapters).toEqual({
      url: 'https://grace.example/chapters/1001.json',
      type: 'application/json+chapters',
    });
    const alternates = withVideo?.alternativeEnclosures ?? [];
    expect(alternates.map((a) => [a.type, a.default, a.source[0]?.uri])).toEqual([
      ['audio/mpeg', true, `${ORIGIN}/media/1001/r/a/audio-high.mp3`],
      ['audio/mpeg', false, `${ORIGIN}/media/1001/r/a/audio-low.mp3`],
      ['video/mp4', false, `${ORIGIN}/media/1001/r/v/video-720p.mp4`],
      ['application/x-mpegURL', false, `${ORIGIN}/media/1001/r/a/hls/audio.m3u8`],
    ]);
    // The original (its owner's only) is never offered.
    expect(xml).not.toContain('original.wav');
    // Passage and event type written out for people; the passage linked to its scripture page.
    expect(withVideo?.description).toContain('Romans 2:1-10');
    expect(withVideo?.description).toContain('Sunday - PM, preached by Charles H. Spurgeon on');
    expect(withVideo?.content).toContain(`<a href="${ORIGIN}/sermons/scripture/romans/2">Romans 2:1-10</a>`);
    // An imported sermon keeps its old host's guid; a clip is its own soundbite; titles escaped.
    expect(byGuid.get('https://oldhost.example/episodes/42')?.title).toBe('Justified by Faith part 3');
    const clip = byGuid.get('1003');
    expect(clip?.title).toBe('Clip: Faith & <Works>');
    expect(clip?.podcastSoundbites).toEqual([{ startTime: 1, duration: 94, title: 'Clip: Faith & <Works>' }]);

    const other = await new RssParser({ customFields: { item: ['itunes:episodeType'] } }).parseString(xml);
    expect(other.title).toBe('Grace Reformed Baptist Church');
    expect(other.itunes?.owner).toEqual({ name: 'Grace Reformed Baptist Church', email: 'office@grace.example' });
    expect(other.itunes?.image).toBe(feed.itunesImage);
    expect(other.items).toHaveLength(30);
    const item = other.items.find((i) => i.guid === '1001');
    expect(item?.enclosure).toEqual({
      url: `${ORIGIN}/media/1001/r/a/audio-high.mp3`,
      length: '2000000',
      type: 'audio/mpeg',
    });
    const itunes = (item as { itunes?: { duration?: string; author?: string } } | undefined)?.itunes;
    expect(itunes?.duration).toBe('0:11:00');
    expect(itunes?.author).toBe('Charles H. Spurgeon');
    expect(item?.['itunes:episodeType']).toBe('full');
    expect(new Date(item?.isoDate ?? '').toISOString()).toBe('1966-01-03T00:00:00.000Z');
  });

  it('writes the same feed as Atom', async () => {
    const res = await get('/feeds/broadcaster/gracechurch.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    wellFormed(res.body);
    validateAgainstXsd(res.body);
    const atom = await new RssParser().parseString(res.body);
    expect(atom.title).toBe('Grace Reformed Baptist Church');
    expect(atom.items).toHaveLength(30);
    const entry = atom.items.find((i) => i.title === 'Justified by Faith part 2');
    expect(entry?.link).toBe(`${ORIGIN}/sermons/1001`);
    expect(entry?.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(res.body).toContain(`rel="enclosure" type="audio/mpeg" length="2000000"`);
    expect(res.body).toContain(
      `<link rel="alternate" type="application/rss+xml" href="${ORIGIN}/feeds/broadcaster/gracechurch.rss"/>`,
    );
  });

  it('numbers a podcast series episodes and has no feed for a series that is no podcast, a placeholder speaker or an unknown owner', async () => {
    const res = await get('/feeds/series/10.rss');
    expect(res.statusCode).toBe(200);
    validateAgainstXsd(res.body);
    const feed = parseFeed(res.body);
    expect(feed?.title).toBe('Romans');
    expect(feed?.items).toHaveLength(12);
    // Oldest first is episode 1: 'part 1' is the oldest of the series.
    const first = feed?.items.find((i) => i.title === 'Justified by Faith part 1');
    expect(first?.podcastEpisode?.number).toBe(1);
    expect(first?.itunesEpisode).toBe(1);
    expect(feed?.items[0]?.podcastEpisode?.number).toBe(12);
    expect(first?.podcastSeason).toBeUndefined();

    for (const url of [
      '/feeds/series/11.rss',
      '/feeds/speaker/90.rss',
      '/feeds/speaker/999.rss',
      '/feeds/broadcaster/nosuchchurch.rss',
      '/feeds/sermon/1000.rss',
      '/feeds/broadcaster/gracechurch.json',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it("writes a speaker's feed with the speaker as its person", async () => {
    const res = await get('/feeds/speaker/1.rss');
    expect(res.statusCode).toBe(200);
    const feed = parseFeed(res.body);
    expect(feed?.title).toBe('Sermons by Charles H. Spurgeon');
    expect(feed?.podcastPeople?.[0]).toMatchObject({ name: 'Charles H. Spurgeon', role: 'Host' });
    expect(feed?.items.length).toBe(29);
  });

  it('describes a Spanish broadcaster in Spanish', async () => {
    await t.db.exec(`INSERT INTO media_item (sermon_id, media_type, quality, storage_key, file_size_bytes)
      SELECT sermon_id, 'mp3', 'high', sermon_id || '/a.mp3', 1000 FROM sermon WHERE broadcaster_id = 'radiovida'`);
    t.changes.announce({ broadcasterIds: ['radiovida'] });
    const feed = parseFeed((await get('/feeds/broadcaster/radiovida.rss')).body);
    expect(feed?.language).toBe('es');
    expect(feed?.items[0]?.description).toMatch(
      /^Texto bíblico: Juan \d+:1-5\s+Domingo por la (mañana|noche), predicado por María López el \d+ de \S+ de \d{4}$/,
    );
    expect(feed?.items[0]?.link).toMatch(new RegExp(`^${ORIGIN}/es/sermons/`));
  });

  it('answers 304 to a client that has the feed, and a new feed with the same guids after an edit', async () => {
    const url = '/feeds/broadcaster/gracechurch.rss';
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(url, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');

    await t.db.exec(
      `UPDATE sermon SET full_title = 'Justified by Faith, revised', updated_at = now() WHERE sermon_id = '1001'`,
    );
    pings.length = 0;
    t.changes.announce({ sermonIds: ['1001'], broadcasterIds: ['gracechurch'], speakerIds: [1], seriesIds: [10] });
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    const item = parseFeed(after.body)?.items.find((i) => i.guid === '1001');
    expect(item?.title).toBe('Justified by Faith, revised');

    // The hub was told which feeds changed (an earlier test's ping may arrive meanwhile: found by its feeds).
    const told = () => pings.find((p) => p.getAll('hub.url').includes(`${ORIGIN}/feeds/broadcaster/gracechurch.rss`));
    await expect.poll(told).toBeDefined();
    expect(told()?.get('hub.mode')).toBe('publish');
    expect(told()?.getAll('hub.url')).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/feeds/broadcaster/gracechurch.rss`,
        `${ORIGIN}/feeds/speaker/1.atom`,
        `${ORIGIN}/feeds/series/10.rss`,
      ]),
    );
  });

  it(`pages a feed of more than ${FEED_PAGE_ITEMS} items (RFC 5005) by their links`, async () => {
    await t.db.exec(`
      INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date, publish_timestamp, has_audio, audio_duration_seconds)
      SELECT (5000 + k)::text, 'kingsseminary', 2, 'Lecture ' || k, 'Lecture ' || k, date '1990-01-01' + k, '2025-01-01', true, 1200
        FROM generate_series(1, 320) AS k;
      INSERT INTO media_item (sermon_id, media_type, quality, storage_key, file_size_bytes)
      SELECT sermon_id, 'mp3', 'high', sermon_id || '/a.mp3', 1000 FROM sermon WHERE broadcaster_id = 'kingsseminary';
    `);
    t.changes.announce({ broadcasterIds: ['kingsseminary'] });
    const first = parseFeed((await get('/feeds/broadcaster/kingsseminary.rss')).body);
    expect(first?.items).toHaveLength(FEED_PAGE_ITEMS);
    const next = first?.pubsub?.next;
    expect(next).toMatch(/^http:\/\/kerygma\.test\/feeds\/broadcaster\/kingsseminary\.rss\?page=2&cursor=/);
    const second = await get(new URL(next as string).pathname + new URL(next as string).search);
    expect(second.statusCode).toBe(200);
    const older = parseFeed(second.body);
    expect(older?.items).toHaveLength(340 - FEED_PAGE_ITEMS);
    expect(older?.pubsub?.next).toBeUndefined();
    const all = [...(first?.items ?? []), ...(older?.items ?? [])].map((i) => i.guid);
    expect(new Set(all).size).toBe(340);
    expect((await get('/feeds/broadcaster/kingsseminary.rss?page=2')).statusCode).toBe(404);
    expect((await get('/feeds/broadcaster/kingsseminary.rss?page=2&cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });

  it('draws a square JPEG cover of 1400 and 3000 pixels for an owner without a picture', async () => {
    const res = await t.app.inject('/feeds/cover/broadcaster/gracechurch-1400.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1400, 1400]);
    expect((await t.app.inject('/feeds/cover/broadcaster/gracechurch-500.jpg')).statusCode).toBe(404);
    expect((await t.app.inject('/feeds/cover/series/11-1400.jpg')).statusCode).toBe(404);
  });
});

describe('podcast:guid', () => {
  it('is the namespace’s UUIDv5 of the address without its scheme', () => {
    // The example of the podcast namespace's own documentation.
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('http://mp3s.nashownotes.com/pc20rss.xml/')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
  });
});
