import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';

/**
 * The followers' webcast feed (`GET site/users/feeds/webcasts`): the webcasts not ended of the
 * broadcasters the signed-in user follows, live first, over keyset pages.
 */
describe.each(BACKENDS)(
  'the webcast feed on %s',
  (backend) => {
    let t: TestApp;
    const FEED = '/api/v2/site/users/feeds/webcasts';

    beforeAll(async () => {
      t = await buildTestApp(backend);
    }, 300_000);
    afterAll(() => t?.close());

    /** A webcast of `broadcasterId` in `state`, started `minutesAgo` (null: announced, not started). */
    async function webcast(id: string, broadcasterId: string, state: string, minutesAgo: number | null) {
      await t.db.query(
        `INSERT INTO webcast (webcast_id, broadcaster_id, title, state, start_time, end_time, offline_since)
         VALUES ($1, $2, $3, $4, now() - make_interval(mins => $5::int), CASE WHEN $4 = 'ended' THEN now() END,
                 CASE WHEN $4 = 'offline' THEN now() END)`,
        [id, broadcasterId, `Webcast ${id}`, state, minutesAgo],
      );
    }
    const follow = (userId: number, broadcasterId: string) =>
      t.db.query('INSERT INTO follow_broadcaster VALUES ($1, $2, now())', [userId, broadcasterId]);

    type Page = { totalCount: number | null; next: string | null; results: { webcastID: string; state: string }[] };
    /** Every page from the first, following `next`. */
    async function allPages(url: string, headers: Record<string, string>) {
      const pages: Page['results'][] = [];
      let next: string | null = url;
      while (next) {
        const res: { status: number; body: Page; headers: Record<string, unknown> } = await getJson<Page>(
          t.app,
          next.replace(/^https?:\/\/[^/]+/, ''),
          headers,
        );
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body.totalCount).toBeNull();
        pages.push(res.body.results);
        next = res.body.next;
      }
      return pages;
    }

    it('lists the open webcasts of followed broadcasters only, live first, a page at a time', async () => {
      const ruth = await testUser(t.db, 'ruth');
      // Followed: gracechurch (live), radiovida (offline a moment), kingsseminary (announced).
      await webcast('9001', 'gracechurch', 'live', 5);
      await webcast('9000', 'gracechurch', 'ended', 600); // its last week's: ended, not listed
      await webcast('9002', 'radiovida', 'offline', 1);
      await t.db.query(`INSERT INTO webcast (webcast_id, broadcaster_id, title) VALUES ('9003', 'kingsseminary', '')`);
      await webcast('9004', 'emptychurch', 'live', 2); // not followed
      for (const b of ['gracechurch', 'radiovida', 'kingsseminary']) await follow(ruth.userId, b);

      const [one] = await allPages(FEED, ruth.headers);
      expect(one?.map((w) => [w.webcastID, w.state])).toEqual([
        ['9001', 'live'],
        ['9002', 'offline'],
        ['9003', 'pending'],
      ]);
      expect(one?.[0]).toMatchObject({
        broadcasterID: 'gracechurch',
        displayName: 'Grace Reformed Baptist Church',
        title: 'Webcast 9001',
        hlsURL: 'http://kerygma.test/live-media/9001/index.m3u8',
      });

      // Two live: the one started last comes first. Pages of one, each once, in the same order.
      await follow(ruth.userId, 'emptychurch');
      const paged = await allPages(`${FEED}?pageSize=1`, ruth.headers);
      expect(paged.map((p) => p.map((w) => w.webcastID))).toEqual([['9004'], ['9001'], ['9002'], ['9003']]);
      // A page after the first needs the cursor of the one before.
      expect((await getJson(t.app, `${FEED}?page=2`, ruth.headers)).status).toBe(400);
    });

    it('is empty for a user who follows nobody live, and asks a signed-out visitor to sign in', async () => {
      const naomi = await testUser(t.db, 'naomi');
      await follow(naomi.userId, 'gracechurch');
      await t.db.query(`UPDATE webcast SET state = 'ended', end_time = now() WHERE broadcaster_id = 'gracechurch'`);
      expect((await getJson(t.app, FEED, naomi.headers)).body).toMatchObject({ results: [], next: null });
      const out = await getJson(t.app, FEED);
      expect(out.status).toBe(401);
    });
  },
  300_000,
);
