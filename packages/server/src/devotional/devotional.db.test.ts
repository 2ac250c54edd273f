import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';

/**
 * GET node/spurgeon_devotional (spec §7). The texts live in the process, not the database, so
 * one backend is enough.
 */
describe('daily devotional API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  }, 60_000);
  afterAll(() => t?.close());

  const url = (query: string) => `/api/v2/node/spurgeon_devotional?${query}`;

  it('gives the morning reading of a day', async () => {
    const { status, body, headers } = await getJson(t.app, url('month=1&day_of_month=1&type=am'));
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=86400');
    expect(body).toMatchObject({ nodeType: 'spurgeon_devotional', totalCount: 1, next: null });
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({
      type: 'am',
      month: 1,
      dayOfMonth: 1,
      work: 'Morning and Evening',
      author: 'Charles H. Spurgeon',
      title: null,
      verse: '“They did eat of the fruit of the land of Canaan that year.”',
      reference: 'Joshua 5:12',
      missingQuotationAfter: [],
    });
    expect(body.results[0].paragraphs[0]).toMatch(/^Israel’s weary wanderings were all over/);
  });

  it('gives the evening reading and Faith’s Checkbook', async () => {
    const pm = await getJson(t.app, url('month=12&day_of_month=31&type=pm'));
    expect(pm.status).toBe(200);
    expect(pm.body.results[0]).toMatchObject({ type: 'pm', month: 12, dayOfMonth: 31, work: 'Morning and Evening' });
    const checkbook = await getJson(t.app, url('month=7&day_of_month=4&type=checkbook'));
    expect(checkbook.status).toBe(200);
    expect(checkbook.body.results[0]).toMatchObject({
      type: 'checkbook',
      month: 7,
      dayOfMonth: 4,
      work: 'Faith’s Checkbook',
      title: expect.any(String),
      reference: expect.any(String),
    });
  });

  it('gives all three readings of a day without a type', async () => {
    const { status, body } = await getJson(t.app, url('month=3&day_of_month=15'));
    expect(status).toBe(200);
    expect(body.totalCount).toBe(3);
    expect(body.results.map((r: { type: string }) => r.type)).toEqual(['am', 'pm', 'checkbook']);
  });

  it('has February 29, with Faith’s Checkbook’s missing verse marked', async () => {
    const { status, body } = await getJson(t.app, url('month=2&day_of_month=29'));
    expect(status).toBe(200);
    expect(body.results.map((r: { dayOfMonth: number }) => r.dayOfMonth)).toEqual([29, 29, 29]);
    expect(body.results[2]).toMatchObject({
      title: 'What Follows Us',
      reference: 'Ps. 23:6',
      paragraphs: ['A devout poet sings-', expect.stringMatching(/^This day comes but once in four years/)],
      missingQuotationAfter: [0],
    });
  });

  it('gives the key verses of November 3, which the main edition lacks', async () => {
    const { body } = await getJson(t.app, url('month=11&day_of_month=3&type=am'));
    expect(body.results[0]).toMatchObject({ verse: '“Behold, he prayeth.”', reference: 'Acts 9:11' });
  });

  it('answers 400 in the error shape for a day that does not exist or bad input', async () => {
    for (const [query, field] of [
      ['month=2&day_of_month=30', 'day_of_month'],
      ['month=4&day_of_month=31&type=am', 'day_of_month'],
      ['month=1&day_of_month=32', 'day_of_month'],
      ['month=1&day_of_month=0', 'day_of_month'],
      ['month=13&day_of_month=1', 'month'],
      ['month=x&day_of_month=1', 'month'],
      ['month=1&day_of_month=1.5', 'day_of_month'],
      ['month=1&day_of_month=1&type=noon', 'type'],
      ['day_of_month=1', 'month'],
      ['month=1', 'day_of_month'],
    ] as const) {
      const { status, body } = await getJson(t.app, url(query));
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(Object.keys(body.errors), query).toContain(field);
      expect(body.errors[field], query).toMatch(/^Invalid value for /);
    }
  });

  it('translates the error into the request’s language', async () => {
    const { body } = await getJson(t.app, url('month=2&day_of_month=30'), { 'accept-language': 'de' });
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
