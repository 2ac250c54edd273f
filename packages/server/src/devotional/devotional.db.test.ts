import { parseBibleText } from '@kerygma/domain/bible';
import { allDevotionalEntries } from '@kerygma/domain/devotional-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/**
 * GET node/spurgeon_devotional (spec §7, and the Python client's get_spurgeon_devotional): one
 * reading of a day, with a sermon on its passage from the catalogue.
 */

/** A reading whose key verse is in `book`, in a chapter `chapter` accepts. */
function readingIn(book: string, chapter: (c: number) => boolean) {
  const entry = allDevotionalEntries().find((e) => {
    const ref = e.reference ? parseBibleText(e.reference)[0] : undefined;
    return ref && ref.bookIndex === parseBibleText(`${book} 1`)[0]?.bookIndex && chapter(ref.chapter);
  });
  if (!entry) throw new Error(`no reading in ${book}`);
  return { entry, query: `type=${entry.type}&month=${entry.month}&day_of_month=${entry.dayOfMonth}` };
}

describe.each(BACKENDS)('daily devotional API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  const url = (query: string) => `/api/v2/node/spurgeon_devotional?${query}`;

  it('gives the morning reading of a day as one object, its type in upper case', async () => {
    const { status, body, headers } = await getJson(t.app, url('month=1&day_of_month=1&type=am'));
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=86400');
    expect(body).toMatchObject({ nodeType: 'spurgeon_devotional', totalCount: 1, next: null });
    expect(Array.isArray(body.results)).toBe(false);
    expect(body.results).toMatchObject({
      type: 'AM',
      month: 1,
      day: 1,
      work: 'Morning and Evening',
      author: 'Charles H. Spurgeon',
      title: null,
      quote: '“They did eat of the fruit of the land of Canaan that year.”',
      reference: 'Joshua 5:12',
      missingQuotationAfter: [],
    });
    expect(body.results.content).toMatch(/^Israel’s weary wanderings were all over/);
  });

  it('takes the type in any case: AM, PM, CHECKBOOK as clients send it', async () => {
    for (const [type, expected] of [
      ['AM', 'AM'],
      ['am', 'AM'],
      ['Pm', 'PM'],
      ['CHECKBOOK', 'CHECKBOOK'],
      ['checkbook', 'CHECKBOOK'],
    ]) {
      const { status, body } = await getJson(t.app, url(`month=7&day_of_month=4&type=${type}`));
      expect(status, type).toBe(200);
      expect(body.results.type, type).toBe(expected);
    }
    const checkbook = await getJson(t.app, url('month=7&day_of_month=4&type=CHECKBOOK'));
    expect(checkbook.body.results).toMatchObject({
      month: 7,
      day: 4,
      work: 'Faith’s Checkbook',
      title: expect.any(String),
      reference: expect.any(String),
    });
  });

  it('content is the text, paragraphs apart by a blank line, a stanza’s lines by a line break', async () => {
    const { body } = await getJson(t.app, url('month=1&day_of_month=3&type=am'));
    expect(body.results.content).toContain('My God, I am thine');
    expect(body.results.content).toMatch(/\n\n[^\n]+\n[^\n]+\n[^\n]+\n[^\n]+(\n\n|$)/);
    // Every reading's paragraphs come back from its content (the site splits it so).
    for (const entry of allDevotionalEntries()) {
      const content = entry.paragraphs.join('\n\n');
      expect(content.split('\n\n'), `${entry.type} ${entry.month}-${entry.dayOfMonth}`).toEqual(entry.paragraphs);
    }
  });

  it('has February 29, with Faith’s Checkbook’s missing verse marked', async () => {
    const { status, body } = await getJson(t.app, url('month=2&day_of_month=29&type=checkbook'));
    expect(status).toBe(200);
    expect(body.results).toMatchObject({
      day: 29,
      title: 'What Follows Us',
      reference: 'Ps. 23:6',
      missingQuotationAfter: [0],
    });
    expect(body.results.content).toMatch(/^A devout poet sings-\n\nThis day comes but once in four years/);
  });

  it('gives the key verses of November 3, which the main edition lacks', async () => {
    const { body } = await getJson(t.app, url('month=11&day_of_month=3&type=am'));
    expect(body.results).toMatchObject({ quote: '“Behold, he prayeth.”', reference: 'Acts 9:11' });
  });

  it('goes with a sermon in full on the chapter of its key verse', async () => {
    // The fixture's Romans series: sermon 1000 + c - 1 is on Romans c, for c = 1…12.
    const { entry, query } = readingIn('Romans', (c) => c <= 12);
    const chapter = parseBibleText(entry.reference ?? '')[0]?.chapter as number;
    const { body } = await getJson(t.app, url(query));
    expect(body.results.sermon).toMatchObject({
      sermonID: String(1000 + chapter - 1),
      bibleText: `Romans ${chapter}:1-10`,
      broadcaster: { broadcasterID: 'gracechurch', canWebcast: false },
      speaker: { displayName: 'Charles H. Spurgeon' },
    });
    expect(body.results.sermon).toHaveProperty('media');
  });

  it('else a sermon on the book, else the newest English sermon', async () => {
    // Romans 13-16: none on the chapter; the newest on Romans (preached last) is 1011.
    const romans = readingIn('Romans', (c) => c > 12);
    expect((await getJson(t.app, url(romans.query))).body.results.sermon.sermonID).toBe('1011');
    // Genesis: no sermon on it; the newest English one published is 1049 (the Spanish 1050-1059 are newer).
    const genesis = readingIn('Genesis', () => true);
    expect((await getJson(t.app, url(genesis.query))).body.results.sermon.sermonID).toBe('1049');
    // John: only Spanish sermons are on it; an English one is preferred.
    const john = readingIn('John', () => true);
    expect((await getJson(t.app, url(john.query))).body.results.sermon.sermonID).toBe('1049');
  });

  it('answers 400 in the error shape for a day that does not exist or bad input', async () => {
    for (const [query, field] of [
      ['month=2&day_of_month=30&type=am', 'day_of_month'],
      ['month=4&day_of_month=31&type=am', 'day_of_month'],
      ['month=7&day_of_month=32&type=AM', 'day_of_month'],
      ['month=1&day_of_month=0&type=am', 'day_of_month'],
      ['month=13&day_of_month=1&type=am', 'month'],
      ['month=x&day_of_month=1&type=am', 'month'],
      ['month=1&day_of_month=1.5&type=am', 'day_of_month'],
      ['month=1&day_of_month=1&type=noon', 'type'],
      ['month=1&day_of_month=1', 'type'],
      ['day_of_month=1&type=am', 'month'],
      ['month=1&type=am', 'day_of_month'],
    ] as const) {
      const { status, body } = await getJson(t.app, url(query));
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(Object.keys(body.errors), query).toContain(field);
      expect(body.errors[field], query).toMatch(/^Invalid value for /);
    }
  });

  it('translates the error into the request’s language', async () => {
    const { body } = await getJson(t.app, url('month=2&day_of_month=30&type=am'), { 'accept-language': 'de' });
    expect(body.status).toBe(400);
    expect(body.errors.day_of_month).not.toMatch(/^Invalid value for /);
  });

  it('gives Spurgeon’s preface to Faith’s Checkbook', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/spurgeon_devotional/preface');
    expect(status).toBe(200);
    expect(body).toMatchObject({ work: 'Faith’s Checkbook', author: 'Charles H. Spurgeon', title: 'Preface' });
    expect(body.paragraphs.length).toBeGreaterThan(5);
  });
});
