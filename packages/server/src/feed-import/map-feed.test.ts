import { describe, expect, it } from 'vitest';
import { dayOf, findBibleReferences, mapFeed, personName, plainText } from './map-feed.ts';
import { parseFeed } from './parse-feed.ts';

const rss = (items: string, channel = '') =>
  `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
     <channel><title>Grace</title>${channel}${items}</channel></rss>`;
const map = (items: string, channel = '') => mapFeed(parseFeed(rss(items, channel)), '2026-12-03').items;

describe('Bible references in titles and descriptions', () => {
  it.each([
    ['For God So Loved (John 3:16-21)', 'John 3:16-21'],
    ['Rom 8 and the hope of glory', 'Romans 8'],
    ['Love is patient: 1 Cor 13:4-7', '1 Corinthians 13:4-7'],
    ['From Genesis 1:1-2:3 to Psalm 23', 'Genesis 1:1-2:3; Psalm 23'],
    ['Phil. 4:13 twice, Phil. 4:13', 'Philippians 4:13'],
    ['Luke Part 20', null],
    ['Is 5 enough? Am 3 years late?', null],
    ['Part 2 of 3', null],
  ])('%s → %s', (text, expected) => {
    expect(findBibleReferences(text)).toBe(expected);
  });

  it('title first, then the description, each reference once', () => {
    expect(findBibleReferences('Romans 8:28', 'We read Rom 8:28 and John 15:1-8.')).toBe('Romans 8:28; John 15:1-8');
  });
});

describe('descriptions as plain text', () => {
  it('drops tags, scripts and comments; keeps the text; decodes entities once', () => {
    expect(
      plainText(
        '<p>Grace &amp; peace</p><script>alert(1)</script><!-- x --><ul><li>One</li><li>Two</li></ul>&lt;b&gt;kept&lt;/b&gt;<img src=x onerror=alert(1)>',
      ),
    ).toBe('Grace & peace\n• One\n• Two\n<b>kept</b>');
  });
});

describe('preachers, series and dates', () => {
  it('podcast:person speaking or hosting, else itunes:author, else dc:creator, else the channel’s author', () => {
    const items = map(
      `<item><guid>1</guid><title>a</title><podcast:person role="guest">Guest</podcast:person><podcast:person>Host Person</podcast:person><itunes:author>Church</itunes:author></item>
       <item><guid>2</guid><title>b</title><podcast:person role="speaker">Sam Speaker</podcast:person><podcast:person role="host">Host</podcast:person></item>
       <item><guid>3</guid><title>c</title><dc:creator>Dee Creator</dc:creator></item>
       <item><guid>4</guid><title>d</title></item>`,
      '<itunes:author>Grace Church</itunes:author>',
    );
    expect(items.map((i) => i.speakerName)).toEqual(['Host Person', 'Sam Speaker', 'Dee Creator', 'Grace Church']);
  });

  it('a title pattern shared by several items is a series; alone it is only a title', () => {
    const items = map(
      `<item><guid>1</guid><title>Romans: Justified by Faith</title></item>
       <item><guid>2</guid><title>Romans: No Condemnation</title></item>
       <item><guid>3</guid><title>Hope Deferred (Proverbs)</title></item>
       <item><guid>4</guid><title>The Tongue (Proverbs)</title></item>
       <item><guid>5</guid><title>Easter: He Is Risen</title></item>
       <item><guid>6</guid><title>John 3: New Birth</title></item>`,
    );
    expect(items.map((i) => [i.title, i.seriesTitle])).toEqual([
      ['Justified by Faith', 'Romans'],
      ['No Condemnation', 'Romans'],
      ['Hope Deferred', 'Proverbs'],
      ['The Tongue', 'Proverbs'],
      ['Easter: He Is Risen', null],
      ['John 3: New Birth', null],
    ]);
    expect(items[5]?.bibleText).toBe('John 3');
  });

  it('a named podcast:season is the series', () => {
    const items = map('<item><guid>1</guid><title>a</title><podcast:season name="Acts">2</podcast:season></item>');
    expect(items[0]?.seriesTitle).toBe('Acts');
  });

  it('the day as written in the feed’s own time zone; none: today', () => {
    expect(dayOf('Sun, 19 Aug 2018 23:20:42 -0500')).toBe('2018-08-19');
    expect(dayOf('Sun, 2 Sep 2018 01:00:00 +1200')).toBe('2018-09-02');
    expect(dayOf('2024-03-10T10:00:00-05:00')).toBe('2024-03-10');
    expect(dayOf('31 Feb 2020')).toBeNull();
    expect(dayOf('soon')).toBeNull();
    expect(map('<item><guid>1</guid><title>a</title></item>')[0]?.preachDate).toBe('2026-12-03');
  });

  it('items are keyed by guid, else their enclosure; a repeated guid is read once', () => {
    const items = map(
      `<item><title>a</title><enclosure url="https://x.example/a.mp3" type="audio/mpeg"/></item>
       <item><guid>g</guid><title>b</title></item><item><guid>g</guid><title>b again</title></item>`,
    );
    expect(items.map((i) => [i.guid, i.title])).toEqual([
      ['https://x.example/a.mp3', 'a'],
      ['g', 'b'],
    ]);
  });

  it('names: an e-mail address with a name in brackets gives the name', () => {
    expect(personName('john@example.com (John Doe)')).toBe('John Doe');
    expect(personName('john@example.com')).toBeNull();
    expect(personName('<b>Ann</b>')).toBe('Ann');
  });
});
