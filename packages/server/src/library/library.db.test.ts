import { LIBRARY_RULES } from '@kerygma/domain/account-rules';
import { type Contract, methodsOf } from '@kerygma/domain/contracts/contract';
import { libraryContracts } from '@kerygma/domain/contracts/library';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const ORIGIN = 'http://kerygma.test';
const API = '/api/v2';
const PASSWORD = 'Narrow gate 7';

type Method = 'GET' | 'POST' | 'DELETE';
// biome-ignore lint/suspicious/noExplicitAny: tests index into response JSON
type Answer = { status: number; body: any; headers: Record<string, unknown> };

describe.each(BACKENDS)(
  'the listener’s library on %s',
  (backend) => {
    let t: TestApp;
    let app: FastifyInstance;
    let clock = Date.parse('2026-12-02T10:00:00Z');
    let addresses = 0;

    beforeAll(async () => {
      t = await buildTestApp(backend, { now: () => clock });
      app = t.app;
    }, 300_000);
    afterAll(() => t?.close());

    async function call(
      method: Method,
      url: string,
      options: { body?: object; headers?: Record<string, string> } = {},
    ) {
      const res = await app.inject({
        method,
        url: url.startsWith('http') ? url : `${API}${url}`,
        headers: { origin: ORIGIN, ...options.headers },
        remoteAddress: `10.1.0.${++addresses % 250}`,
        ...(options.body ? { payload: options.body } : {}),
      } as InjectOptions);
      return { status: res.statusCode, body: JSON.parse(res.body || 'null'), headers: res.headers } as Answer;
    }

    /** A new account, signed in: its cookie header and its id. */
    async function newUser(username: string): Promise<{ headers: Record<string, string>; id: number }> {
      const email = `${username.toLowerCase()}@example.org`;
      expect((await call('POST', `/site/users/${username}`, { body: { email, password: PASSWORD } })).status).toBe(201);
      const res = await app.inject({
        method: 'POST',
        url: `${API}/site/users/${username}/login`,
        headers: { origin: ORIGIN },
        remoteAddress: `10.2.0.${++addresses % 250}`,
        payload: { password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body);
      return { headers: { cookie: `kerygma_access=${body.access_token}` }, id: body.user.user_id };
    }

    /** A user's call. */
    const as = (user: { headers: Record<string, string> }) => ({
      get: (url: string) => call('GET', url, { headers: user.headers }),
      post: (url: string, body?: object) => call('POST', url, { headers: user.headers, ...(body ? { body } : {}) }),
      del: (url: string) => call('DELETE', url, { headers: user.headers }),
    });

    /** Every page of a list, following `next`, and the pages' sizes. */
    async function allPages(user: { headers: Record<string, string> }, url: string) {
      const results: unknown[] = [];
      const sizes: number[] = [];
      let next: string | null = url;
      while (next) {
        const page: Answer = await as(user).get(next);
        expect(page.status, next).toBe(200);
        results.push(...page.body.results);
        sizes.push(page.body.results.length);
        next = page.body.next;
      }
      return { results, sizes };
    }

    /** A request for every library call, with existing ids. */
    const EXAMPLE_PATHS: Record<string, string> = {
      '/site/broadcasters/:broadcasterID': '/site/broadcasters/gracechurch',
      '/site/speakers/:speakerName': '/site/speakers/John%20Owen',
      '/site/series/:seriesID': '/site/series/10',
      '/site/sermons/:sermonID': '/site/sermons/1000',
      '/site/history/sermons/:sermonID': '/site/history/sermons/1000',
      '/site/bookmarks/sermons/:sermonID': '/site/bookmarks/sermons/1000',
    };
    const example = (path: string) => {
      const [base, rest] = path.endsWith('/followed') ? [path.slice(0, -9), '/followed'] : [path, ''];
      return `${EXAMPLE_PATHS[base] ?? base}${rest}`;
    };

    it('answers 401 to every call of the library without a session, and to a forged one', async () => {
      const signedIn = Object.values(libraryContracts).filter((c: Contract) => c.auth === 'session');
      expect(signedIn.length).toBe(Object.keys(libraryContracts).length - 1);
      for (const c of signedIn) {
        for (const method of methodsOf(c)) {
          const body = method === 'POST' ? { play_position: 1 } : undefined;
          const forged = { cookie: 'kerygma_access=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
          for (const headers of [{} as Record<string, string>, forged]) {
            const res = await call(method as Method, example(c.path), { headers, ...(body ? { body } : {}) });
            expect(res.status, `${method} ${c.path}`).toBe(401);
            expect(res.body.errors).toEqual({ error: 'Please sign in to continue.' });
          }
        }
      }
    });

    it('follows and unfollows each kind, idempotently; reads the state of one and of all at once', async () => {
      const ruth = as(await newUser('Ruth'));
      const kinds = [
        ['/site/broadcasters/GraceChurch', 'broadcasters', 'gracechurch'],
        ['/site/speakers/john%20owen', 'speakers', { speakerID: 2, displayName: 'John Owen' }],
        ['/site/speakers/A%2FB%20Preacher', 'speakers', { speakerID: 4, displayName: 'A/B Preacher' }],
        ['/site/series/12', 'series', 12],
        ['/site/sermons/1001', 'sermons', '1001'],
      ] as const;
      for (const [path] of kinds) {
        expect((await ruth.get(`${path}/followed`)).body).toEqual({ followed: false });
        expect((await ruth.post(path)).body).toEqual({ followed: true });
        expect((await ruth.post(path)).body).toEqual({ followed: true });
        const state = await ruth.get(`${path}/followed`);
        expect(state.body).toEqual({ followed: true });
        expect(state.headers['cache-control']).toBe('private, no-store');
      }
      const all = await ruth.get('/site/users/follows');
      expect(all.status).toBe(200);
      expect(all.body).toEqual({
        broadcasters: ['gracechurch'],
        speakers: [
          { speakerID: 2, displayName: 'John Owen' },
          { speakerID: 4, displayName: 'A/B Preacher' },
        ],
        series: [12],
        sermons: ['1001'],
      });
      expect(libraryContracts.userFollows.responses[200].parse(all.body)).toEqual(all.body);

      expect((await ruth.del('/site/speakers/John%20Owen')).body).toEqual({ followed: false });
      expect((await ruth.del('/site/speakers/John%20Owen')).body).toEqual({ followed: false });
      expect((await ruth.get('/site/speakers/John%20Owen/followed')).body).toEqual({ followed: false });
      expect((await ruth.get('/site/users/follows')).body.speakers).toEqual([
        { speakerID: 4, displayName: 'A/B Preacher' },
      ]);
    });

    it('answers 404 with a message for what does not exist or is not published, and stores nothing', async () => {
      const naomi = as(await newUser('Naomi'));
      const missing: [string, string][] = [
        ['/site/broadcasters/nochurch', 'There is no such broadcaster.'],
        ['/site/speakers/Nobody%20Here', 'There is no such speaker.'],
        ['/site/series/999', 'There is no such series.'],
        ['/site/sermons/9999', 'There is no such sermon.'],
        ['/site/sermons/1900', 'There is no such sermon.'], // a draft
        ['/site/sermons/1901', 'There is no such sermon.'], // scheduled
      ];
      for (const [path, message] of missing) {
        for (const answer of [await naomi.post(path), await naomi.del(path), await naomi.get(`${path}/followed`)]) {
          expect(answer.status, path).toBe(404);
          expect(answer.body.errors).toEqual({ error: message });
        }
      }
      for (const path of ['/site/history/sermons/1900', '/site/bookmarks/sermons/9999']) {
        expect((await naomi.post(path, { play_position: 5 })).status).toBe(404);
        expect((await naomi.get(path)).status).toBe(404);
      }
      expect((await naomi.get('/site/series/abc/followed')).status).toBe(400);
      expect((await naomi.get('/site/users/follows')).body).toEqual({
        broadcasters: [],
        speakers: [],
        series: [],
        sermons: [],
      });
      const rows = await t.db.query(
        `SELECT 1 FROM play_history h JOIN app_user u USING (user_id) WHERE u.username = 'Naomi'
       UNION ALL SELECT 1 FROM bookmark_sermon b JOIN app_user u USING (user_id) WHERE u.username = 'Naomi'`,
      );
      expect(rows).toEqual([]);
    });

    it(`refuses a follow past ${LIBRARY_RULES.followMaxPerKind} of a kind with a clear 409, and still answers what is followed`, async () => {
      const user = await newUser('Boaz');
      const max = LIBRARY_RULES.followMaxPerKind;
      await t.db.exec(`
      INSERT INTO broadcaster (broadcaster_id, display_name, short_name, sort_name, location, country, country_iso_code,
        categories, denomination, minister, language_code, joined)
      SELECT 'limit' || i, 'Church ' || i, 'Church ' || i, 'Church ' || i, '', 'United States', 'US', 1, '', '', 'en', '2020-01-01'
      FROM generate_series(1, ${max}) AS i;
      INSERT INTO follow_broadcaster (user_id, broadcaster_id, followed_at)
      SELECT ${user.id}, 'limit' || i, now() FROM generate_series(1, ${max}) AS i;`);
      const boaz = as(user);
      const over = await boaz.post('/site/broadcasters/gracechurch');
      expect(over.status).toBe(409);
      expect(over.body).toEqual({
        errors: { error: `You can follow at most ${max} of these. Unfollow one to follow another.` },
        status: 409,
        code: 'follow_limit',
      });
      expect((await boaz.get('/site/broadcasters/gracechurch/followed')).body).toEqual({ followed: false });
      expect((await boaz.post('/site/broadcasters/limit7')).body).toEqual({ followed: true });
      // Another kind has a limit of its own.
      expect((await boaz.post('/site/series/10')).body).toEqual({ followed: true });
      expect((await boaz.del('/site/broadcasters/limit7')).body).toEqual({ followed: false });
      expect((await boaz.post('/site/broadcasters/gracechurch')).body).toEqual({ followed: true });
      expect((await boaz.get('/site/users/follows')).body.broadcasters).toHaveLength(max);
      // Two follows at once at the limit: one wins.
      await boaz.del('/site/broadcasters/limit8');
      const both = await Promise.all([
        boaz.post('/site/broadcasters/kingsseminary'),
        boaz.post('/site/broadcasters/radiovida'),
      ]);
      expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
      const counted = await t.db.query<{ n: number }>(
        'SELECT count(*)::int4 AS n FROM follow_broadcaster WHERE user_id = $1',
        [user.id],
      );
      expect(counted[0]?.n).toBe(max);
      await t.db.exec(`DELETE FROM broadcaster WHERE broadcaster_id LIKE 'limit%'`);
    });

    it('lists what the user follows, most recently followed first, over several keyset pages, in the catalogue shapes', async () => {
      const eliUser = await newUser('Eli');
      const eli = as(eliUser);
      for (const id of ['gracechurch', 'kingsseminary', 'radiovida']) {
        clock += 1000;
        await eli.post(`/site/broadcasters/${id}`);
      }
      const first = await eli.get('/site/users/broadcasters?pageSize=2');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ totalCount: 3, nodeType: 'followed_broadcasters' });
      expect(first.body.results.map((b: { broadcasterID: string }) => b.broadcasterID)).toEqual([
        'radiovida',
        'kingsseminary',
      ]);
      expect(libraryContracts.followedBroadcasters.responses[200].safeParse(first.body).success).toBe(true);
      const second = await eli.get(first.body.next);
      expect(second.body.results.map((b: { broadcasterID: string }) => b.broadcasterID)).toEqual(['gracechurch']);
      expect(second.body.next).toBeNull();
      // By page number too.
      expect((await eli.get('/site/users/broadcasters?pageSize=2&page=2')).body.results).toHaveLength(1);
      expect((await eli.get('/site/users/broadcasters?cursor=notacursor&page=2')).status).toBe(400);

      for (const name of ['Charles%20H.%20Spurgeon', 'John%20Owen']) {
        clock += 1000;
        await eli.post(`/site/speakers/${name}`);
      }
      const speakers = await eli.get('/site/users/speakers');
      expect(speakers.body.results.map((s: { speakerID: number }) => s.speakerID)).toEqual([2, 1]);
      expect(libraryContracts.followedSpeakers.responses[200].safeParse(speakers.body).success).toBe(true);
      await eli.post('/site/series/11');
      const series = await eli.get('/site/users/series');
      expect(series.body.results.map((s: { seriesID: number }) => s.seriesID)).toEqual([11]);
      expect(libraryContracts.followedSeries.responses[200].safeParse(series.body).success).toBe(true);

      // 30 sermons: more than one page of 25.
      const ids = Array.from({ length: 30 }, (_, i) => String(1000 + i));
      for (const id of ids) {
        clock += 1000;
        expect((await eli.post(`/site/sermons/${id}`)).status).toBe(200);
      }
      const sermons = await allPages(eliUser, '/site/users/sermons');
      expect(sermons.sizes).toEqual([25, 5]);
      expect(sermons.results.map((r) => (r as { sermonID: string }).sermonID)).toEqual([...ids].reverse());
      const page = await eli.get('/site/users/sermons?pageSize=3');
      expect(page.body.totalCount).toBe(30);
      expect(libraryContracts.followedSermons.responses[200].safeParse(page.body).success).toBe(true);
    });

    it('never shows one user’s library to another', async () => {
      const ann = as(await newUser('Ann'));
      const ben = as(await newUser('Ben'));
      await ann.post('/site/broadcasters/radiovida');
      await ann.post('/site/sermons/1002');
      await ann.post('/site/history/sermons/1003', { play_position: 42 });
      await ann.post('/site/bookmarks/sermons/1004');
      expect((await ben.get('/site/broadcasters/radiovida/followed')).body).toEqual({ followed: false });
      expect((await ben.get('/site/users/follows')).body).toEqual({
        broadcasters: [],
        speakers: [],
        series: [],
        sermons: [],
      });
      for (const list of [
        '/site/users/broadcasters',
        '/site/users/sermons',
        '/site/history/sermons',
        '/site/bookmarks/sermons',
        '/site/users/feeds',
      ]) {
        const res = await ben.get(list);
        expect(res.status, list).toBe(200);
        expect(res.body.results, list).toEqual([]);
      }
      expect((await ben.get('/site/history/sermons/1003')).body).toEqual({
        sermonID: '1003',
        play_position: 0,
        played_at: null,
      });
      expect((await ben.get('/site/bookmarks/sermons/1004')).body).toEqual({ bookmarked: false });
      // Ben's clearing and unfollowing touch only his own rows.
      await ben.del('/site/history/sermons');
      await ben.del('/site/broadcasters/radiovida');
      await ben.del('/site/bookmarks/sermons/1004');
      expect((await ann.get('/site/history/sermons/1003')).body.play_position).toBe(42);
      expect((await ann.get('/site/broadcasters/radiovida/followed')).body).toEqual({ followed: true });
      expect((await ann.get('/site/bookmarks/sermons/1004')).body).toEqual({ bookmarked: true });
    });

    it('refuses a cookie-authenticated write from another site with 403 and changes nothing', async () => {
      const user = await newUser('Dorcas');
      const dorcas = as(user);
      await dorcas.post('/site/history/sermons/1005', { play_position: 10 });
      await dorcas.post('/site/bookmarks/sermons/1005');
      const writes: [Method, string, object?][] = [
        ['POST', '/site/broadcasters/gracechurch'],
        ['POST', '/site/speakers/John%20Owen'],
        ['POST', '/site/series/10'],
        ['POST', '/site/sermons/1005'],
        ['POST', '/site/history/sermons/1005', { play_position: 99 }],
        ['DELETE', '/site/history/sermons/1005'],
        ['DELETE', '/site/history/sermons'],
        ['POST', '/site/bookmarks/sermons/1006'],
        ['DELETE', '/site/bookmarks/sermons/1005'],
      ];
      for (const [method, path, body] of writes) {
        for (const origin of ['https://evil.example', '']) {
          const res = await call(method, path, { headers: { ...user.headers, origin }, ...(body ? { body } : {}) });
          expect(res.status, `${method} ${path} from ${origin || 'nowhere'}`).toBe(403);
        }
      }
      expect((await dorcas.get('/site/users/follows')).body).toEqual({
        broadcasters: [],
        speakers: [],
        series: [],
        sermons: [],
      });
      expect((await dorcas.get('/site/history/sermons/1005')).body.play_position).toBe(10);
      expect(
        (await dorcas.get('/site/bookmarks/sermons')).body.results.map((s: { sermonID: string }) => s.sermonID),
      ).toEqual(['1005']);
    });

    it('feeds the newest published sermons of followed broadcasters, speakers and series, each once, over keyset pages', async () => {
      const user = await newUser('Lois');
      const lois = as(user);
      expect((await lois.get('/site/users/feeds')).body).toMatchObject({ results: [], next: null, totalCount: null });
      await lois.post('/site/series/10'); // Romans at gracechurch: 1000-1011
      await lois.post('/site/speakers/Mar%C3%ADa%20L%C3%B3pez'); // radiovida's 1050-1059
      await lois.post('/site/broadcasters/radiovida'); // the same ten again
      await lois.post('/site/sermons/1020'); // a followed sermon is not a source of the feed
      const expected = await t.db.query<{ sermon_id: string }>(
        `SELECT sermon_id FROM sermon WHERE (series_id = 10 OR broadcaster_id = 'radiovida')
         AND publish_timestamp <= now() ORDER BY publish_timestamp DESC, sermon_id DESC`,
      );
      expect(expected).toHaveLength(22);
      const { results, sizes } = await allPages(user, '/site/users/feeds?pageSize=7');
      expect(sizes).toEqual([7, 7, 7, 1]);
      const items = results as { type: string; sermon: { sermonID: string } }[];
      expect(items.every((i) => i.type === 'sermon')).toBe(true);
      expect(items.map((i) => i.sermon.sermonID)).toEqual(expected.map((r) => r.sermon_id));
      const first = await lois.get('/site/users/feeds?pageSize=7');
      expect(libraryContracts.userFeed.responses[200].safeParse(first.body).success).toBe(true);
      // A page after the first needs its cursor.
      expect((await lois.get('/site/users/feeds?page=2')).status).toBe(400);
      // Drafts and scheduled sermons stay out: gracechurch has both.
      await lois.post('/site/broadcasters/gracechurch');
      const all = await allPages(user, '/site/users/feeds?pageSize=100');
      const ids = (all.results as { sermon: { sermonID: string } }[]).map((i) => i.sermon.sermonID);
      expect(ids).toHaveLength(40);
      expect(ids).not.toContain('1900');
      expect(ids).not.toContain('1901');
    });

    it('keeps the play history: positions by sermon, the latest device time winning, newest first, removable', async () => {
      const user = await newUser('Mary');
      const mary = as(user);
      const position = (id: string) => mary.get(`/site/history/sermons/${id}`);
      expect((await position('1010')).body).toEqual({ sermonID: '1010', play_position: 0, played_at: null });

      clock += 60_000;
      const stored = await mary.post('/site/history/sermons/1010', { play_position: 125.5 });
      expect(stored.body).toEqual({ sermonID: '1010', play_position: 125.5, played_at: Math.floor(clock / 1000) });
      // Another device wrote later by its own clock; a delayed earlier write then loses.
      const later = await mary.post('/site/history/sermons/1010', { play_position: 300, timestamp: clock - 1000 });
      expect(later.body.play_position).toBe(125.5);
      const newer = await mary.post('/site/history/sermons/1010', { play_position: 310, timestamp: clock + 0 });
      expect(newer.body.play_position).toBe(310);
      // A device clock in the future counts as now: it cannot pin its position forever.
      clock += 1000;
      await mary.post('/site/history/sermons/1011', { play_position: 5, timestamp: clock + 3600_000 });
      expect((await position('1011')).body.played_at).toBe(Math.floor(clock / 1000));
      clock += 1000;
      expect((await mary.post('/site/history/sermons/1011', { play_position: 6 })).body.play_position).toBe(6);

      for (let i = 0; i < 28; i++) {
        clock += 1000;
        await mary.post(`/site/history/sermons/${1020 + i}`, { play_position: i });
      }
      const { results, sizes } = await allPages(user, '/site/history/sermons');
      expect(sizes).toEqual([25, 5]);
      const history = results as { sermonID: string; play_position: number; played_at: number }[];
      expect(history.slice(0, 2).map((h) => h.sermonID)).toEqual(['1047', '1046']);
      expect(history.slice(-2).map((h) => [h.sermonID, h.play_position])).toEqual([
        ['1011', 6],
        ['1010', 310],
      ]);
      const page = await mary.get('/site/history/sermons?pageSize=2');
      expect(page.body.totalCount).toBe(30);
      expect(libraryContracts.historyList.responses[200].safeParse(page.body).success).toBe(true);

      expect((await mary.del('/site/history/sermons/1047')).body).toEqual({ ok: true });
      expect((await position('1047')).body.played_at).toBeNull();
      expect((await mary.get('/site/history/sermons?pageSize=1')).body.results[0].sermonID).toBe('1046');
      expect((await mary.post('/site/history/sermons/1012', { play_position: -1 })).status).toBe(400);
      expect((await mary.del('/site/history/sermons')).body).toEqual({ ok: true });
      expect((await mary.get('/site/history/sermons')).body).toMatchObject({ results: [], totalCount: 0, next: null });
    });

    it(`keeps at most ${LIBRARY_RULES.historyMax} sermons of history, dropping the oldest`, async () => {
      const user = await newUser('Martha');
      await t.db.query(
        `INSERT INTO play_history (user_id, sermon_id, play_position, played_at)
       SELECT $1, sermon_id, 1, $2::timestamptz - (row_number() OVER (ORDER BY sermon_id)) * interval '1 minute'
       FROM sermon WHERE publish_timestamp <= now() AND sermon_id BETWEEN '1001' AND '1059'`,
        [user.id, new Date(clock).toISOString()],
      );
      const kept = LIBRARY_RULES.historyMax;
      // Fill up to the limit with rows straight in the table, then one play more.
      await t.db.query(
        `INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date, publish_timestamp)
       SELECT 'h' || i, 'emptychurch', 1, 'History ' || i, 'History ' || i, '2020-01-01', '2020-01-01' FROM generate_series(1, $1::int) AS i`,
        [kept - 59],
      );
      await t.db.query(
        `INSERT INTO play_history (user_id, sermon_id, play_position, played_at)
       SELECT $1, 'h' || i, 1, $2::timestamptz - interval '1 day' FROM generate_series(1, $3::int) AS i`,
        [user.id, new Date(clock).toISOString(), kept - 59],
      );
      const count = async () =>
        (
          await t.db.query<{ n: number }>('SELECT count(*)::int4 AS n FROM play_history WHERE user_id = $1', [user.id])
        )[0]?.n;
      expect(await count()).toBe(kept);
      clock += 1000;
      await as(user).post('/site/history/sermons/1000', { play_position: 3 });
      expect(await count()).toBe(kept);
      expect((await as(user).get('/site/history/sermons?pageSize=1')).body.results[0].sermonID).toBe('1000');
      await t.db.exec(`DELETE FROM sermon WHERE sermon_id LIKE 'h%'`);
    });

    it('keeps bookmarks apart from follows: add, read, list newest first, remove', async () => {
      const user = await newUser('Hannah');
      const hannah = as(user);
      for (const id of ['1030', '1031', '1032']) {
        clock += 1000;
        expect((await hannah.post(`/site/bookmarks/sermons/${id}`)).body).toEqual({ bookmarked: true });
      }
      expect((await hannah.post('/site/bookmarks/sermons/1031')).body).toEqual({ bookmarked: true });
      expect((await hannah.get('/site/bookmarks/sermons/1031')).body).toEqual({ bookmarked: true });
      expect((await hannah.get('/site/sermons/1031/followed')).body).toEqual({ followed: false });
      const list = await hannah.get('/site/bookmarks/sermons?pageSize=2');
      expect(list.body.results.map((s: { sermonID: string }) => s.sermonID)).toEqual(['1032', '1031']);
      expect(list.body.totalCount).toBe(3);
      expect(libraryContracts.bookmarkList.responses[200].safeParse(list.body).success).toBe(true);
      expect((await hannah.get(list.body.next)).body.results.map((s: { sermonID: string }) => s.sermonID)).toEqual([
        '1030',
      ]);
      expect((await hannah.del('/site/bookmarks/sermons/1031')).body).toEqual({ bookmarked: false });
      expect((await hannah.get('/site/bookmarks/sermons/1031')).body).toEqual({ bookmarked: false });
      expect((await hannah.get('/site/bookmarks/sermons')).body.totalCount).toBe(2);

      await t.db.query(
        `INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date, publish_timestamp)
       SELECT 'b' || i, 'emptychurch', 1, 'Bookmark ' || i, 'Bookmark ' || i, '2020-01-01', '2020-01-01' FROM generate_series(1, $1::int) AS i`,
        [LIBRARY_RULES.bookmarkMax],
      );
      await t.db.query(
        `INSERT INTO bookmark_sermon (user_id, sermon_id, bookmarked_at)
       SELECT $1, 'b' || i, now() FROM generate_series(1, $2::int - 2) AS i`,
        [user.id, LIBRARY_RULES.bookmarkMax],
      );
      const over = await hannah.post('/site/bookmarks/sermons/1040');
      expect(over.status).toBe(409);
      expect(over.body.errors).toEqual({
        error: `You can keep at most ${LIBRARY_RULES.bookmarkMax} bookmarks. Remove one to add another.`,
      });
      await t.db.exec(`DELETE FROM sermon WHERE sermon_id LIKE 'b%'`);
    });

    it('deletes the library with its user, and each row with its sermon, series, speaker or broadcaster', async () => {
      const user = await newUser('Phoebe');
      const phoebe = as(user);
      await t.db.exec(`
      INSERT INTO broadcaster (broadcaster_id, display_name, short_name, sort_name, location, country, country_iso_code,
        categories, denomination, minister, language_code, joined)
      VALUES ('gonechurch', 'Gone Church', 'Gone', 'Gone Church', '', 'United States', 'US', 1, '', '', 'en', '2020-01-01');
      INSERT INTO speaker (speaker_id, display_name, sort_name) VALUES (77, 'Gone Speaker', 'Speaker, Gone');
      INSERT INTO series (series_id, broadcaster_id, title) VALUES (77, 'gonechurch', 'Gone Series');
      INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, series_id, full_title, display_title, preach_date, publish_timestamp)
      VALUES ('gone1', 'gonechurch', 1, 77, 'Gone 1', 'Gone 1', '2020-01-01', '2020-01-01'),
             ('gone2', 'gracechurch', 1, NULL, 'Gone 2', 'Gone 2', '2020-01-01', '2020-01-01');`);
      await phoebe.post('/site/broadcasters/gonechurch');
      await phoebe.post('/site/speakers/Gone%20Speaker');
      await phoebe.post('/site/series/77');
      await phoebe.post('/site/sermons/gone1');
      await phoebe.post('/site/sermons/gone2');
      await phoebe.post('/site/history/sermons/gone2', { play_position: 1 });
      await phoebe.post('/site/bookmarks/sermons/gone2');
      await phoebe.post('/site/sermons/1000');
      const rows = async () =>
        (
          await t.db.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM follow_broadcaster WHERE user_id = $1) + (SELECT count(*) FROM follow_speaker WHERE user_id = $1)
             + (SELECT count(*) FROM follow_series WHERE user_id = $1) + (SELECT count(*) FROM follow_sermon WHERE user_id = $1)
             + (SELECT count(*) FROM play_history WHERE user_id = $1) + (SELECT count(*) FROM bookmark_sermon WHERE user_id = $1) AS n`,
            [user.id],
          )
        )[0]?.n;
      expect(Number(await rows())).toBe(8);
      await t.db.exec(`DELETE FROM sermon WHERE sermon_id = 'gone2'`);
      expect(Number(await rows())).toBe(5);
      await t.db.exec(`DELETE FROM speaker WHERE speaker_id = 77`);
      expect(Number(await rows())).toBe(4);
      // The broadcaster takes its series and sermons with it.
      await t.db.exec(`DELETE FROM broadcaster WHERE broadcaster_id = 'gonechurch'`);
      expect(Number(await rows())).toBe(1);
      await t.db.query('DELETE FROM app_user WHERE user_id = $1', [user.id]);
      expect(Number(await rows())).toBe(0);
    });
  },
  300_000,
);
