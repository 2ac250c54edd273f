import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCatalogueCounts } from '../catalogue/counts.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/**
 * Sermons by topic (topicID) and by hashtag (hashtag): spec §3 Topic and Hashtag, the pages
 * /sermons/topics/{topic} and /hashtag/{hashtag}. Fixture: topic 1 'Justification' holds the 12
 * Romans sermons 1000..1011 (keywords 'justification faith'), topic 2 'Prayer' only the draft
 * 1900; sermons 1050..1059 carry the keyword 'gracia'.
 */

type Page = { results: { sermonID: string; preachDate: string }[]; totalCount: number; next: string | null };
const romans = Array.from({ length: 12 }, (_, i) => String(1011 - i));

describe.each(BACKENDS)('sermons by topic and hashtag on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  const list = async (query: string) => {
    const { status, body } = await getJson<Page>(t.app, `/api/v2/node/sermons?${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };

  /** Every sermon id of a list, following next. */
  async function walk(query: string): Promise<string[]> {
    const ids: string[] = [];
    let url: string | null = `/api/v2/node/sermons?${query}`;
    while (url) {
      const { body }: { body: Page } = await getJson<Page>(t.app, url.replace('http://kerygma.test', ''));
      ids.push(...body.results.map((s) => s.sermonID));
      url = body.next;
    }
    return ids;
  }

  it('topicID lists the topic’s published sermons newest first, paged by keyset without gaps', async () => {
    const first = await list('topicID=1');
    expect(first.totalCount).toBe(12);
    expect(first.results.map((s) => s.sermonID)).toEqual(romans);
    expect(await walk('topicID=1&pageSize=5')).toEqual(romans);
    expect(await walk('topicID=1&pageSize=5&sortBy=oldest')).toEqual([...romans].reverse());
    // The draft is the only sermon of 'Prayer'; an unknown topic matches nothing.
    expect((await list('topicID=2')).totalCount).toBe(0);
    expect((await list('topicID=999')).results).toEqual([]);
  });

  it('topicID combines with other filters (a book, a year, a language)', async () => {
    expect((await list('topicID=1&book=Rom&chapter=3')).results.map((s) => s.sermonID)).toEqual(['1002']);
    expect((await list('topicID=1&book=Heb')).totalCount).toBe(0);
    expect((await list('topicID=1&languageCode=es')).totalCount).toBe(0);
    const inYear = await list('topicID=1&year=1965');
    expect(inYear.results.map((s) => s.sermonID)).toEqual(['1000']);
  });

  it('hashtag lists sermons whose keywords hold it, with or without #, in any case', async () => {
    expect(await walk('hashtag=faith&pageSize=5')).toEqual(romans);
    expect((await list('hashtag=%23Faith')).totalCount).toBe(12);
    expect((await list('hashtag=GRACIA')).results.map((s) => s.sermonID)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(1059 - i)),
    );
    expect((await list('hashtag=gracia&topicID=1')).totalCount).toBe(0);
    expect((await list('hashtag=nothing')).totalCount).toBe(0);
    const bad = await getJson(t.app, '/api/v2/node/sermons?hashtag=two%20words');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['hashtag']);
  });

  it('keeps the links in step with sermon writes (keywords, preach date, new topic links)', async () => {
    await t.db.exec(`
      UPDATE sermon SET keywords = 'Faith #Hope', preach_date = '2030-01-01' WHERE sermon_id = '1020';
      INSERT INTO sermon_topic (sermon_id, topic_id) VALUES ('1020', 1);
    `);
    // Totals come from the kept counts, which the writer refreshes.
    await refreshCatalogueCounts(t.db);
    try {
      const hope = await list('hashtag=hope');
      expect(hope.results.map((s) => [s.sermonID, s.preachDate])).toEqual([['1020', '2030-01-01']]);
      const topic = await list('topicID=1');
      expect([topic.totalCount, topic.results[0]?.sermonID]).toEqual([13, '1020']);
      await t.db.exec(`UPDATE sermon SET preach_date = '1960-01-01' WHERE sermon_id = '1020'`);
      expect((await walk('topicID=1&pageSize=4')).at(-1)).toBe('1020');
      expect((await walk('hashtag=faith&pageSize=4')).at(-1)).toBe('1020');
    } finally {
      await t.db.exec(`
        DELETE FROM sermon_topic WHERE sermon_id = '1020';
        UPDATE sermon SET keywords = '', preach_date = date '1965-01-03' + (20 * 7 * 52 + 20) * interval '1 day'
         WHERE sermon_id = '1020';
      `);
      await refreshCatalogueCounts(t.db);
    }
    expect((await list('hashtag=hope')).totalCount).toBe(0);
  });

  it('refreshCatalogueCounts rebuilds the hashtag links after a bulk load without the trigger', async () => {
    await t.db.exec('DELETE FROM sermon_hashtag');
    expect((await list('hashtag=faith')).totalCount).toBe(0);
    await refreshCatalogueCounts(t.db);
    expect((await list('hashtag=faith')).totalCount).toBe(12);
    const tags = await getJson(t.app, '/api/v2/node/discover/hashtags');
    expect(tags.body.results.map((h: { hashtag: string }) => h.hashtag)).toEqual(['faith', 'justification', 'gracia']);
  });
});
