import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HILL_CITY_FEED, PODCAST_FEEDS_DIR } from '../test/podcast-feeds.ts';
import { mapFeed } from './map-feed.ts';
import { durationSeconds, FeedRefused, parseFeed } from './parse-feed.ts';

const fixture = (name: string) =>
  readFileSync(
    name === 'hillcity-church-sermons.xml' ? (HILL_CITY_FEED as string) : path.join(PODCAST_FEEDS_DIR, name),
    'utf8',
  );
const read = (name: string) => mapFeed(parseFeed(fixture(name)), '2026-12-03');

const refusal = (xml: string, limits?: Parameters<typeof parseFeed>[1]) => {
  try {
    parseFeed(xml, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedRefused);
    return (error as FeedRefused).ref;
  }
  throw new Error('not refused');
};

describe('the fixture feeds, read and mapped', () => {
  it.skipIf(!HILL_CITY_FEED)(
    'Hill City Church (Ekklesia 360): 99 sermons, preachers from itunes:author, series from itunes:subtitle',
    () => {
      const feed = read('hillcity-church-sermons.xml');
      expect(feed.channel).toEqual({
        title: 'Hill City Church Sermons',
        description: 'Hill City Church sermons',
        author: 'Hill City Church',
        imageURL:
          'http://f9aeaa69e11a39fa3a3e-b8a7e479478263d30b9d71f64a4df820.r24.cf2.rackcdn.com/uploaded/u/0e7082632_1520451285_untitled-design-15.png',
        languageCode: 'en-us',
        link: 'http://hillcitysgf.org',
      });
      expect(feed.items).toHaveLength(99);
      const enclosure = 'http://f9aeaa69e11a39fa3a3e-b8a7e479478263d30b9d71f64a4df820.r24.cf2.rackcdn.com/uploaded/';
      expect(feed.items[0]).toEqual({
        guid: `${enclosure}l/0e7701217_1534716032_luke-part-20.mp3`,
        title: 'Luke Part 20',
        preachDate: '2018-08-19',
        description: '',
        subtitle: null,
        speakerName: 'Daniel Hood',
        seriesTitle: 'The Gospel According to Luke',
        bibleText: null,
        enclosureURL: `${enclosure}l/0e7701217_1534716032_luke-part-20.mp3`,
        enclosureType: 'audio/mpeg',
        enclosureLength: 93494630,
        durationSeconds: null,
        chaptersURL: null,
      });
      // A WAV enclosure, and another preacher in a one-off series.
      expect(feed.items[3]).toMatchObject({
        title: 'The Power of God',
        preachDate: '2018-07-29',
        speakerName: 'Tim Hayes',
        seriesTitle: 'Stand-Alone',
        enclosureType: 'audio/x-wav',
        enclosureLength: 653562044,
      });
      // The first sermon: a description, and no series named.
      expect(feed.items[98]).toMatchObject({
        title: 'The Point',
        preachDate: '2016-05-22',
        description:
          'At our first gathering as Hill City Church, we learned why we were created and the point of spreading The Gospel.',
        seriesTitle: null,
      });
      const tally = (key: 'speakerName' | 'seriesTitle') =>
        Object.fromEntries(
          [...new Set(feed.items.map((i) => i[key]))].map((v) => [v, feed.items.filter((i) => i[key] === v).length]),
        );
      expect(tally('speakerName')).toEqual({
        'Daniel Hood': 62,
        'Brad Lotz': 22,
        'AJ Exner': 7,
        'Royce Moore': 4,
        'Tim Hayes': 1,
        'Rich Perez': 1,
        'Giacomo Sardone': 1,
        'Dr. John Marshall of Second Baptist': 1,
      });
      expect(tally('seriesTitle')).toMatchObject({
        'The Gospel According to Luke': 20,
        'Redemption Through History': 17,
        Philippians: 15,
        'Stand-Alone': 12,
        null: 1,
      });
    },
  );

  it('the Podcasting 2.0 example, current namespace URI: podcast:person host, named season, chapters', () => {
    const feed = read('podcastindex-namespace-example.xml');
    expect(feed.channel).toMatchObject({ title: 'Podcasting 2.0 Namespace Example', author: 'John Doe' });
    expect(feed.items.map((i) => [i.guid, i.title, i.preachDate, i.speakerName, i.seriesTitle, i.chaptersURL])).toEqual(
      [
        [
          'https://example.com/ep0003',
          'Episode 3 - The Future',
          '2020-10-09',
          'Adam Curry',
          'Podcasting 2.0',
          'https://example.com/ep3_chapters.json',
        ],
        [
          'https://example.com/ep0002',
          'Episode 2 - The Present',
          '2020-10-08',
          'Adam Curry',
          'Podcasting 2.0',
          'https://example.com/ep2_chapters.json',
        ],
        [
          'https://example.com/ep0001',
          'Episode 1 - The Past',
          '2020-10-07',
          'Adam Curry',
          'Podcasting 2.0',
          'https://example.com/ep1_chapters.json',
        ],
      ],
    );
    expect(feed.items[0]).toMatchObject({
      description: 'A look into the future of podcasting and how we get to Podcasting 2.0!',
      enclosureURL: 'https://example.com/file-03.mp3',
      enclosureLength: 43200000,
    });
  });

  it('the older copy with the GitHub namespace URI reads the same', () => {
    const old = read('partytime-example.xml');
    const current = read('podcastindex-namespace-example.xml');
    const shape = (f: typeof old) => f.items.map((i) => [i.guid, i.speakerName, i.seriesTitle, i.chaptersURL]);
    expect(shape(old)).toEqual(shape(current));
    expect(old.items[0]?.enclosureURL).toBe('https://mp3s.nashownotes.com/PC20-17-2020-12-25-Final.mp3');
  });

  it('Podverse test feed: a video enclosure, dc:creator, durations, no liveItem', () => {
    const feed = read('partytime-podverse-test-feed.xml');
    expect(feed.items.map((i) => [i.title, i.speakerName, i.durationSeconds, i.enclosureType])).toEqual([
      ['Podcasting 2.0 Dev Meeting for May 28 2022', 'Brian of London', null, 'video/mp4'],
      ['Test Episode 4', 'Unknown Speaker', 1015, 'audio/mpeg'],
      ['Test Episode 3', 'Unknown Speaker', 836, 'audio/mpeg'],
      ['Test Episode 2', 'Unknown Speaker', 836, 'audio/mpeg'],
      ['Test Episode 1', 'Unknown Speaker', 1032, 'audio/mpeg'],
    ]);
    expect(feed.items[1]?.description).toMatch(/^Vivamus sed rutrum elit/);
    expect(feed.items[1]?.description).not.toMatch(/</);
  });

  it('S.O.M.: persons in other roles are no preacher; itunes:author is', () => {
    const feed = read('partytime-SOM.xml');
    expect(feed.channel).toMatchObject({ title: 'S.O.M.', author: 'Jake Hider', languageCode: 'en' });
    expect(feed.items.map((i) => [i.guid, i.title, i.speakerName, i.durationSeconds, i.preachDate])).toEqual([
      ['tag:soundcloud,2010:tracks/319791095', 'Desperate Pleasure', 'Jake Hider', 166, '2022-06-08'],
      ['tag:soundcloud,2010:tracks/319789777', 'Outlasted Motion', 'Jake Hider', 177, '2022-06-08'],
    ]);
    expect(feed.items[0]?.description).toBe(
      'Sitting under an acoustic bridge witnessing the duality of desperate pleasure.',
    );
  });

  it('Narro: an e-mail address is no author; HTML-escaped description as plain text', () => {
    const feed = read('rss-parser-narro.xml');
    expect(feed.channel).toMatchObject({
      title: 'foobar on Narro',
      author: null,
      imageURL: 'https://www.narro.co/images/narro-icon-lg.png',
    });
    expect(feed.items).toEqual([
      expect.objectContaining({
        guid: 'https://www.narro.co/article/54e703933058540300000069',
        title: 'FAQ for Narro',
        preachDate: '2015-02-20',
        speakerName: 'Unknown Speaker',
        durationSeconds: 74,
        description:
          'Listen to your reading list anywhere. Narro will take your bookmarked articles and read them back to you as a podcast.\nhttp://www.narro.co/faq',
      }),
    ]);
  });

  it('Podigee: the subtitle repeating the show is the item’s subtitle, not a series of one', () => {
    const feed = read('rss-parser-item-itunes-episodeType.xml');
    expect(feed.channel).toMatchObject({ title: 'Baywatch Berlin', languageCode: 'de' });
    expect(feed.items).toEqual([
      expect.objectContaining({
        title: 'Trailer',
        subtitle: 'Baywatch Berlin',
        seriesTitle: null,
        speakerName: 'Klaas Heufer-Umlauf, Thomas Schmitt und Jakob Lundt',
        durationSeconds: 114,
        enclosureURL:
          'https://cdn.podigee.com/media/podcast_16544_baywatch_berlin_episode_1_trailer.mp3?v=1574079359&source=feed',
      }),
    ]);
  });
});

describe('namespaces are known by their URI', () => {
  it('any prefix, either Podcasting 2.0 URI; an undeclared prefix is not the namespace', () => {
    const xml = `<?xml version="1.0"?>
      <rss version="2.0" xmlns:i="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:pc="https://podcastindex.org/namespace/1.0">
        <channel><title>T</title><i:new-feed-url>https://new.example/feed</i:new-feed-url>
          <item><guid>a</guid><title>One</title><i:author>Ann Preacher</i:author><i:duration>1:02:03</i:duration>
            <pc:chapters url="https://x.example/c.json" type="application/json+chapters"/></item>
          <item><guid>b</guid><title>Two</title><itunes:author>Not Resolved</itunes:author></item>
        </channel></rss>`;
    const feed = parseFeed(xml);
    expect(feed.channel.newFeedURL).toBe('https://new.example/feed');
    expect(feed.items[0]).toMatchObject({
      itunesAuthor: 'Ann Preacher',
      durationSeconds: 3723,
      chaptersURL: 'https://x.example/c.json',
    });
    expect(feed.items[1]?.itunesAuthor).toBeNull();
  });

  it('reads Atom', () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">
        <title>Iglesia</title><subtitle>Sermones</subtitle><author><name>Iglesia Gracia</name></author>
        <link rel="alternate" href="https://iglesia.example/"/>
        <entry><id>urn:1</id><title>Romanos 8</title><published>2024-03-10T10:00:00-05:00</published>
          <author><name>Pastor Juan</name></author><summary>Sobre Rom 8:28</summary>
          <link rel="enclosure" href="https://iglesia.example/1.mp3" type="audio/mpeg" length="1234"/></entry>
      </feed>`;
    const feed = mapFeed(parseFeed(xml), '2026-12-03');
    expect(feed.channel).toMatchObject({
      title: 'Iglesia',
      description: 'Sermones',
      author: 'Iglesia Gracia',
      languageCode: 'es',
      link: 'https://iglesia.example/',
    });
    expect(feed.items).toEqual([
      expect.objectContaining({
        guid: 'urn:1',
        title: 'Romanos 8',
        preachDate: '2024-03-10',
        speakerName: 'Pastor Juan',
        description: 'Sobre Rom 8:28',
        bibleText: 'Romans 8:28',
        enclosureURL: 'https://iglesia.example/1.mp3',
        enclosureLength: 1234,
      }),
    ]);
  });

  it('itunes:duration in its forms', () => {
    expect([
      durationSeconds('3600'),
      durationSeconds('62:03'),
      durationSeconds('01:02:03'),
      durationSeconds('95.6'),
    ]).toEqual([3600, 3723, 3723, 96]);
    expect([
      durationSeconds('an hour'),
      durationSeconds('1:2:3:4'),
      durationSeconds(''),
      durationSeconds(null),
    ]).toEqual([null, null, null, null]);
  });
});

describe('hostile or broken feeds are refused with the reason', () => {
  it('entity declarations (billion laughs, external entities)', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
      <rss><channel><title>&lol2;</title></channel></rss>`;
    expect(refusal(laughs)).toEqual({ key: 'feedImport.error.entities' });
    const external = `<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><title>&xxe;</title></channel></rss>`;
    expect(refusal(external)).toEqual({ key: 'feedImport.error.entities' });
  });

  it('malformed XML, with its line', () => {
    expect(refusal('<rss>\n<channel>\n<title>x</channel></rss>')).toEqual({
      key: 'feedImport.error.notXml',
      params: { line: 3 },
    });
  });

  it('XML that is no feed', () => {
    expect(refusal('<html><body>Hello</body></html>')).toEqual({ key: 'feedImport.error.notAFeed' });
  });

  it('too many items, too many bytes', () => {
    const items = '<item><title>x</title></item>'.repeat(4);
    expect(refusal(`<rss><channel>${items}</channel></rss>`, { maxBytes: 10_000, maxItems: 3 })).toEqual({
      key: 'feedImport.error.tooManyItems',
      params: { max: 3 },
    });
    expect(parseFeed(`<rss><channel>${items}</channel></rss>`, { maxBytes: 10_000, maxItems: 4 }).items).toHaveLength(
      4,
    );
    expect(refusal('x'.repeat(1024 * 1024 + 1), { maxBytes: 1024 * 1024, maxItems: 10 })).toEqual({
      key: 'feedImport.error.tooLarge',
      params: { mb: 1 },
    });
  });
});
