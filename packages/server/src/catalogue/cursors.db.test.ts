import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureHymnalData } from '../hymnal/hymnal-data.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/**
 * Every keyset list refuses a cursor it could not have written with a 400 in the API's error
 * shape (issue 21 §5: edited cursors answered 500), and pages by number only NUMBERED_ROWS deep.
 * Each list's own second-page cursor is edited: its first key replaced by hostile values, which
 * are a 400 unless they are a value of that key's type (any text is a title's key: then 200).
 */
const LISTS: { path: string; firstKeyIsText: boolean }[] = [
  ...['newest', 'newest-published', 'oldest', 'updated', 'added', 'relevance', 'series'].map((sort) => ({
    path: `/api/v2/node/sermons?sortBy=${sort}`,
    firstKeyIsText: false,
  })),
  { path: '/api/v2/node/sermons?sortBy=title', firstKeyIsText: true },
  { path: '/api/v2/node/sermons?sortBy=newest&hashtag=faith', firstKeyIsText: false },
  { path: '/api/v2/node/broadcasters', firstKeyIsText: true },
  { path: '/api/v2/node/broadcasters?sortBy=newest', firstKeyIsText: false },
  { path: '/api/v2/node/speakers', firstKeyIsText: true },
  { path: '/api/v2/node/speakers?sortBy=newest', firstKeyIsText: false },
  { path: '/api/v2/node/discover/series', firstKeyIsText: false },
  { path: '/api/v2/node/broadcasters/gracechurch/series', firstKeyIsText: false },
  { path: '/api/v2/node/discover/hymns', firstKeyIsText: true },
  { path: '/api/v2/node/discover/hymns?sortBy=popular', firstKeyIsText: false },
  { path: '/api/v2/node/search?query=faith&sortBy=latest', firstKeyIsText: false },
];

/** Replacements of a cursor's first key, and whether a text key takes them. */
const HOSTILE: { name: string; value: unknown; text: boolean }[] = [
  { name: 'a word', value: 'abc', text: true },
  { name: 'a NUL', value: 'a\u0000b', text: false },
  { name: '1e308', value: 1e308, text: false },
  { name: 'a number, not its text', value: 5, text: false },
  { name: 'an out-of-range integer', value: '99999999999999999999', text: true },
  { name: 'a bad date', value: '2024-02-30', text: true },
  { name: 'a bad timestamp', value: '2024-01-01 25:00:00+00', text: true },
  { name: 'a 300-character string', value: 'x'.repeat(300), text: true },
  { name: 'a lone surrogate', value: '\uD800', text: false },
];

const encode = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe.each(BACKENDS)('edited cursors and deep pages on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await ensureHymnalData(t.db);
  }, 60_000);
  afterAll(() => t?.close());

  /** The list's page 2 with this cursor; a 400 must be in the API's error shape. */
  async function second(list: string, cursor: string) {
    const { status, body } = await getJson(t.app, `${list}pageSize=1&page=2&cursor=${cursor}`);
    if (status === 400)
      expect(body).toMatchObject({ status: 400, code: 'invalid_request', errors: { cursor: expect.any(String) } });
    return status;
  }

  it.each(LISTS)('$path: its own cursor opens page 2; an edited one is a 400', async ({ path, firstKeyIsText }) => {
    const sep = path.includes('?') ? '&' : '?';
    const { status, body } = await getJson(t.app, `${path}${sep}pageSize=1`);
    expect(status).toBe(200);
    const next = new URL(body.next as string);
    const cursor = next.searchParams.get('cursor') as string;
    const [page, ...keys] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [number, ...string[]];
    expect(page).toBe(2);
    const list = `${path}${sep}`;
    expect(await second(list, cursor)).toBe(200);
    for (const hostile of HOSTILE) {
      const expected = firstKeyIsText && hostile.text ? 200 : 400;
      expect(await second(list, encode([2, hostile.value, ...keys.slice(1)])), hostile.name).toBe(expected);
    }
    // Other shapes: too few or too many keys, not an array, not JSON, no page number.
    for (const edited of [
      encode([2, 'abc', 'def'].slice(0, keys.length === 2 ? 2 : 3)),
      encode([2, ...keys, 'x']),
      encode({ page: 2 }),
      encode(['2', ...keys]),
      'not-base64-json',
    ]) {
      expect(await second(list, edited), edited).toBe(400);
    }
  });

  it('pages by number reach 10,000 rows deep; deeper ones are a 400 that points to next', async () => {
    expect((await getJson(t.app, '/api/v2/node/sermons?page=400')).status).toBe(200);
    expect((await getJson(t.app, '/api/v2/node/broadcasters?page=100&pageSize=100')).status).toBe(200);
    for (const path of [
      '/api/v2/node/sermons?page=401',
      '/api/v2/node/sermons?languageCode=en&sortBy=series&page=42000',
      '/api/v2/node/broadcasters?page=101&pageSize=100',
      '/api/v2/node/discover/hymns?page=10001&pageSize=1',
      '/api/v2/node/search?query=faith&page=401',
    ]) {
      const { status, body } = await getJson(t.app, path);
      expect(status, path).toBe(400);
      expect(body, path).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(body.errors.page, path).toMatch(/next/);
    }
    // With its cursor a page deeper than that opens by keyset.
    const { body } = await getJson(t.app, '/api/v2/node/sermons?pageSize=1');
    const cursor = new URL(body.next).searchParams.get('cursor') as string;
    const keys = JSON.parse(Buffer.from(cursor, 'base64url').toString()).slice(1);
    const deep = await getJson(t.app, `/api/v2/node/sermons?pageSize=1&page=20000&cursor=${encode([20000, ...keys])}`);
    expect(deep.status).toBe(200);
    expect(deep.body.results).toHaveLength(1);
  });
});
