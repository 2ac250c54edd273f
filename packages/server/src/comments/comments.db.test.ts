import { COMMENT_RULES } from '@kerygma/domain/comments';
import { commentContracts } from '@kerygma/domain/contracts/comments';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS } from '../accounts/attempt-limits.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const ORIGIN = 'http://kerygma.test';
const API = '/api/v2';
const PASSWORD = 'Narrow gate 7';
/** Published fixture sermons: 1000-1029 at gracechurch, 1030-1049 at kingsseminary. */
const GRACE_SERMON = '1003';
const KINGS_SERMON = '1031';

// biome-ignore lint/suspicious/noExplicitAny: tests index into response JSON
type Answer = { status: number; body: any; headers: Record<string, unknown> };
type Headers = Record<string, string>;

describe.each(BACKENDS)('comments on %s', (backend) => {
  let t: TestApp;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let clock = Date.parse('2026-12-02T10:00:00Z');
  let addresses = 0;
  const newAddress = () => `10.1.0.${++addresses}`;
  /** Sessions (cookie headers) of the people below, and their user ids. */
  const as: Record<string, Headers> = {};
  const ids: Record<string, number> = {};

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options: { body?: object; headers?: Headers; address?: string } = {},
  ): Promise<Answer> {
    const res = await app.inject({
      method,
      url: `${API}${url}`,
      headers: { origin: ORIGIN, ...options.headers },
      remoteAddress: options.address ?? '10.9.9.9',
      ...(options.body ? { payload: options.body } : {}),
    } as InjectOptions);
    return { status: res.statusCode, body: JSON.parse(res.body || 'null'), headers: res.headers };
  }

  /** Signs up (verifying through the mailed code unless `verified` is false) and signs in. */
  async function person(name: string, verified = true): Promise<void> {
    const email = `${name.toLowerCase()}@example.org`;
    const address = newAddress();
    const created = await call('POST', `/site/users/${name}`, {
      body: { email, password: PASSWORD, display_name: `${name} D.` },
      address,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const code = /\b([A-Z]{8})\b/.exec((await smtp.next(email)).text)?.[1];
    if (verified) expect((await call('POST', `/site/activations/${code}/activate`)).status).toBe(200);
    await signIn(name);
  }

  /** A new session for someone signed up above (after the clock has moved past the last one's end). */
  async function signIn(name: string): Promise<void> {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/site/users/${name}/login`,
      headers: { origin: ORIGIN },
      remoteAddress: newAddress(),
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { access_token, refresh_token, user } = JSON.parse(res.body);
    as[name] = { cookie: `kerygma_access=${access_token}; kerygma_refresh=${refresh_token}` };
    ids[name] = user.user_id;
  }

  const post = (who: string, sermon: string, comment: string, headers: Headers = {}) =>
    call('POST', `/sermon_comments/sermon/${sermon}`, { body: { comment }, headers: { ...as[who], ...headers } });
  const review = (who: string, id: number, state: 'approved' | 'rejected', headers: Headers = {}) =>
    call('PATCH', `/sermon_comments/comment/${id}`, { body: { state }, headers: { ...as[who], ...headers } });
  const publicIds = async (sermon: string, query = '') =>
    (await call('GET', `/node/sermons/${sermon}/comments${query}`)).body.results.map(
      (c: { commentID: number }) => c.commentID,
    );
  /** Drops the mail to `to` that is waiting (what earlier tests caused). */
  const drain = (to: string) => {
    for (let i = smtp.inbox.length - 1; i >= 0; i--) if (smtp.inbox[i]?.to === to) smtp.inbox.splice(i, 1);
  };
  const commentCount = async (sermon: string) => (await call('GET', `/node/sermons/${sermon}`)).body.commentCount;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(backend, { env: { SMTP_URL: smtp.url }, now: () => clock });
    app = t.app;
    for (const name of ['Lydia', 'Tabitha', 'Manager', 'Rival', 'Admin']) await person(name);
    await person('Unverified', false);
    await t.db.query(
      "INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role) VALUES ($1, 'gracechurch', 3), ($2, 'kingsseminary', 2)",
      [ids.Manager, ids.Rival],
    );
    await t.db.query("UPDATE app_user SET roles = '{2}' WHERE user_id = $1", [ids.Admin]);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses the signed out (401), the unverified (403) and text too short once trimmed or too long (400); creates nothing', async () => {
    expect(
      (await call('POST', `/sermon_comments/sermon/${GRACE_SERMON}`, { body: { comment: 'A fine sermon indeed' } }))
        .status,
    ).toBe(401);
    const unverified = await post('Unverified', GRACE_SERMON, 'A fine sermon indeed');
    expect(unverified.status).toBe(403);
    expect(unverified.body.errors).toEqual({ error: 'Verify your e-mail address first.' });
    const short = await post('Lydia', GRACE_SERMON, `   ${'a'.repeat(COMMENT_RULES.minLength - 1)}   `);
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ comment: `A comment needs at least ${COMMENT_RULES.minLength} characters.` });
    expect((await post('Lydia', GRACE_SERMON, 'x'.repeat(COMMENT_RULES.maxLength + 1))).status).toBe(400);
    // Drafts and scheduled sermons take no comments.
    expect((await post('Lydia', '1900', 'A fine sermon indeed')).status).toBe(404);
    expect((await post('Lydia', '1901', 'A fine sermon indeed')).status).toBe(404);
    expect(await t.db.query('SELECT 1 FROM sermon_comment')).toEqual([]);
    // Exactly the minimum, after trimming, is enough.
    const enough = await post('Tabitha', KINGS_SERMON, `  ${'b'.repeat(COMMENT_RULES.minLength)}\n`);
    expect(enough.status, JSON.stringify(enough.body)).toBe(201);
    expect(enough.body.comment).toBe('b'.repeat(COMMENT_RULES.minLength));
    await call('DELETE', `/sermon_comments/comment/${enough.body.commentID}`, { headers: as.Tabitha });
  });

  it('keeps a new comment pending: not public, not counted, shown with its state to its author only', async () => {
    const text = 'Grace <b>abounds</b> & see https://example.org/a?b=1&c=2';
    const posted = await post('Lydia', GRACE_SERMON, text);
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      comment: text,
      state: 'pending',
      sermonID: GRACE_SERMON,
      broadcasterID: 'gracechurch',
      author: { userID: ids.Lydia, displayName: 'Lydia D.' },
    });
    expect(commentContracts.postComment.responses[201].parse(posted.body)).toBeTruthy();
    expect(await publicIds(GRACE_SERMON)).toEqual([]);
    expect(await commentCount(GRACE_SERMON)).toBe(0);
    const legacy = await call('GET', '/sermon_comments/legacy?broadcasterID=gracechurch');
    expect(legacy.body.results).toEqual([]);

    const mine = await call('GET', '/sermon_comments/user', { headers: as.Lydia });
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.body.results).toEqual([
      expect.objectContaining({ commentID: posted.body.commentID, state: 'pending' }),
    ]);
    expect((await call('GET', '/sermon_comments/user', { headers: as.Tabitha })).body.results).toEqual([]);
    expect((await call('GET', '/sermon_comments/user')).status).toBe(401);
    await t.db.query('DELETE FROM sermon_comment');
  });

  it("tells the broadcaster's managers of a new comment in their language, with the review link, unless their e-mail settings say not to", async () => {
    await t.db.query("UPDATE app_user SET locale = 'de' WHERE user_id = $1", [ids.Manager]);
    drain('manager@example.org'); // the notices of the tests before
    const posted = await post('Tabitha', GRACE_SERMON, 'A word in season, thank you.');
    expect(posted.status).toBe(201);
    const told = await smtp.next('manager@example.org');
    const title = (await call('GET', `/node/sermons/${GRACE_SERMON}`)).body.displayTitle;
    expect(told.subject).toBe(`Neuer Kommentar zu „${title}“`);
    expect(told.text).toContain('Tabitha D.');
    expect(told.text).toContain('A word in season, thank you.');
    expect(told.text).toContain(`${ORIGIN}/de/broadcasters/gracechurch/comments`);
    expect(told.text).toContain(`${ORIGIN}/de/dashboard/account/email-settings?broadcasterID=gracechurch`);
    // Turned off in the dashboard's e-mail settings: the next comment tells nobody.
    await t.db.query(
      'INSERT INTO broadcaster_email_settings (broadcaster_id, comment_notifications) VALUES ($1, false)',
      ['gracechurch'],
    );
    expect((await post('Lydia', GRACE_SERMON, 'Another word in season.')).status).toBe(201);
    // (Sent before the answer, when they are sent at all.)
    expect(smtp.inbox.filter((m) => m.to === 'manager@example.org')).toEqual([]);
    await t.db.query('DELETE FROM broadcaster_email_settings');
    await t.db.query("UPDATE app_user SET locale = 'en' WHERE user_id = $1", [ids.Manager]);
    await t.db.query('DELETE FROM sermon_comment');
  });

  it("lets only the sermon's broadcaster's managers and site admins review; approval makes it public and counted", async () => {
    const first = (await post('Lydia', GRACE_SERMON, 'First comment on grace')).body.commentID;
    const second = (await post('Tabitha', GRACE_SERMON, 'Second comment on grace')).body.commentID;

    // The queue: the broadcaster's managers and admins only.
    const queue = await call('GET', '/sermon_comments/broadcaster/gracechurch/pending', { headers: as.Manager });
    expect(queue.status).toBe(200);
    expect(queue.body.results.map((c: { commentID: number }) => c.commentID)).toEqual([first, second]);
    expect(commentContracts.pendingComments.responses[200].strict().parse(queue.body)).toBeTruthy();
    expect(
      (await call('GET', '/sermon_comments/broadcaster/GraceChurch/pending', { headers: as.Admin })).body.totalCount,
    ).toBe(2);
    for (const who of ['Rival', 'Lydia'])
      expect((await call('GET', '/sermon_comments/broadcaster/gracechurch/pending', { headers: as[who] })).status).toBe(
        403,
      );
    expect(
      (await call('GET', '/sermon_comments/broadcaster/kingsseminary/pending', { headers: as.Rival })).body.results,
    ).toEqual([]);
    expect((await call('GET', '/sermon_comments/broadcaster/nosuch/pending', { headers: as.Admin })).status).toBe(404);

    for (const who of ['Rival', 'Lydia', 'Tabitha']) {
      const refused = await review(who, first, 'approved');
      expect(refused.status, who).toBe(403);
      expect(refused.body.errors).toEqual({ error: 'You do not have permission to do this.' });
    }
    expect(await publicIds(GRACE_SERMON)).toEqual([]);

    const approved = await review('Manager', first, 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body.state).toBe('approved');
    expect(await publicIds(GRACE_SERMON)).toEqual([first]);
    expect(await commentCount(GRACE_SERMON)).toBe(1);
    expect((await review('Admin', second, 'approved')).status).toBe(200);
    expect(await commentCount(GRACE_SERMON)).toBe(2);
    // The commentcount sort reads the same count.
    const sorted = await call('GET', '/node/sermons?broadcasterID=gracechurch&sortBy=commentcount&lite=false');
    expect(sorted.body.results[0], JSON.stringify(sorted.body.results[0]).slice(0, 300)).toMatchObject({
      sermonID: GRACE_SERMON,
      commentCount: 2,
    });

    expect((await review('Admin', second, 'rejected')).status).toBe(200);
    expect(await publicIds(GRACE_SERMON)).toEqual([first]);
    expect(await commentCount(GRACE_SERMON)).toBe(1);
    const states = (await call('GET', '/sermon_comments/user', { headers: as.Tabitha })).body.results;
    expect(states.map((c: { state: string }) => c.state)).toEqual(['rejected']);
    const legacy = await call('GET', '/sermon_comments/legacy?broadcasterID=gracechurch');
    expect(commentContracts.legacyComments.responses[200].parse(legacy.body)).toEqual(legacy.body);
    expect(commentContracts.userComments.responses[200].parse({ ...legacy.body, results: states })).toBeTruthy();
    expect(legacy.body.results.map((c: { commentID: number }) => c.commentID)).toEqual([first]);
    expect((await call('GET', '/sermon_comments/legacy?broadcasterID=kingsseminary')).body.results).toEqual([]);
    expect((await review('Admin', 999_999, 'approved')).status).toBe(404);
    await t.db.query('DELETE FROM sermon_comment');
    expect(await commentCount(GRACE_SERMON)).toBe(0);
  });

  it('lets the author delete their own comment, the broadcaster’s managers any on its sermons, no one else', async () => {
    const mine = (await post('Lydia', GRACE_SERMON, 'Mine to delete, thank you')).body.commentID;
    await review('Manager', mine, 'approved');
    expect(await commentCount(GRACE_SERMON)).toBe(1);
    for (const who of ['Tabitha', 'Rival']) {
      expect((await call('DELETE', `/sermon_comments/comment/${mine}`, { headers: as[who] })).status, who).toBe(403);
    }
    expect(await publicIds(GRACE_SERMON)).toEqual([mine]);
    expect((await call('DELETE', `/sermon_comments/comment/${mine}`, { headers: as.Lydia })).status).toBe(200);
    expect(await publicIds(GRACE_SERMON)).toEqual([]);
    expect(await commentCount(GRACE_SERMON)).toBe(0);
    expect((await call('DELETE', `/sermon_comments/comment/${mine}`, { headers: as.Lydia })).status).toBe(404);

    const theirs = (await post('Tabitha', GRACE_SERMON, 'Removed by the manager')).body.commentID;
    expect((await call('DELETE', `/sermon_comments/comment/${theirs}`, { headers: as.Manager })).status).toBe(200);
    expect(await t.db.query('SELECT 1 FROM sermon_comment')).toEqual([]);
  });

  it("deletes a deleted account's comments, and the count follows", async () => {
    await person('Leaving');
    const id = (await post('Leaving', GRACE_SERMON, 'I was here for a while')).body.commentID;
    await review('Manager', id, 'approved');
    expect(await commentCount(GRACE_SERMON)).toBe(1);
    await t.db.query('DELETE FROM app_user WHERE user_id = $1', [ids.Leaving]);
    expect(await t.db.query('SELECT 1 FROM sermon_comment')).toEqual([]);
    expect(await publicIds(GRACE_SERMON)).toEqual([]);
    expect(await commentCount(GRACE_SERMON)).toBe(0);
  });

  it('lists public comments 10 a page, newest first, oldest first, or in a random order stable per seed', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    await t.db.query(
      `INSERT INTO sermon_comment (sermon_id, broadcaster_id, user_id, body, state, created_at)
       SELECT $1, 'gracechurch', $2, 'Comment number ' || i, CASE WHEN i % 5 = 0 THEN 'pending' ELSE 'approved' END,
              $3::timestamptz + i * interval '1 hour'
       FROM generate_series(1, 29) AS i`,
      [GRACE_SERMON, ids.Tabitha, new Date(base).toISOString()],
    );
    // 29 written, 5 still pending: 24 public.
    expect(await commentCount(GRACE_SERMON)).toBe(24);
    const page = async (query: string) => (await call('GET', `/node/sermons/${GRACE_SERMON}/comments${query}`)).body;
    const first = await page('');
    expect(first).toMatchObject({ totalCount: 24, page: 1, pageSize: 10 });
    expect(first.results).toHaveLength(10);
    expect(first.results[0].comment).toBe('Comment number 29');
    const third = await page('?page=3');
    expect(third.results.map((c: { comment: string }) => c.comment)).toEqual([
      'Comment number 4',
      'Comment number 3',
      'Comment number 2',
      'Comment number 1',
    ]);
    const oldest = await page('?sort=reverse-date');
    expect(oldest.results[0].comment).toBe('Comment number 1');
    expect(oldest.results.map((c: { comment: string }) => c.comment)).not.toContain('Comment number 5');

    const all = async (query: string) => [
      ...(await publicIds(GRACE_SERMON, `?sort=random&seed=abc${query}`)),
      ...(await publicIds(GRACE_SERMON, `?sort=random&seed=abc&page=2${query}`)),
      ...(await publicIds(GRACE_SERMON, `?sort=random&seed=abc&page=3${query}`)),
    ];
    const shuffled = await all('');
    expect(new Set(shuffled).size).toBe(24);
    expect(shuffled).toEqual(await all(''));
    expect(shuffled).not.toEqual(
      (await call('GET', `/node/sermons/${GRACE_SERMON}/comments?pageSize=24`)).body.results.map(
        (c: { commentID: number }) => c.commentID,
      ),
    );
    expect((await call('GET', '/node/sermons/1900/comments')).status).toBe(404);
    await t.db.query('DELETE FROM sermon_comment');
  });

  it('refuses a cookie-authenticated comment or review from another site, and changes nothing', async () => {
    const foreign = { origin: 'https://evil.example' };
    const refused = await post('Lydia', GRACE_SERMON, 'Posted from elsewhere', foreign);
    expect(refused.status).toBe(403);
    expect(await t.db.query('SELECT 1 FROM sermon_comment')).toEqual([]);
    const id = (await post('Lydia', GRACE_SERMON, 'Posted from here, fine')).body.commentID;
    expect((await review('Manager', id, 'approved', foreign)).status).toBe(403);
    expect(
      (await call('DELETE', `/sermon_comments/comment/${id}`, { headers: { ...as.Lydia, ...foreign } })).status,
    ).toBe(403);
    expect((await t.db.query<{ state: string }>('SELECT state FROM sermon_comment'))[0]?.state).toBe('pending');
    await t.db.query('DELETE FROM sermon_comment');
  });

  it("mails a message to the broadcaster's contact address in its language, Reply-To the listener, never showing the address", async () => {
    await t.db.query(
      "UPDATE broadcaster SET contact_email = 'oficina@radiovida.example.org' WHERE broadcaster_id = 'radiovida'",
    );
    const send = (who: string, broadcaster: string, body: object, headers: Headers = {}) =>
      call('POST', `/node/broadcasters/${broadcaster}/message_from_user`, {
        body,
        headers: { ...as[who], ...headers },
      });
    const message = { subject: 'Una pregunta\r\nBcc: x@evil.example', message: 'When is the Sunday service?' };

    expect((await send('Unverified', 'radiovida', message)).status).toBe(403);
    expect((await call('POST', '/node/broadcasters/radiovida/message_from_user', { body: message })).status).toBe(401);
    expect((await send('Lydia', 'radiovida', { ...message, message: 'Too short' })).status).toBe(400);
    expect((await send('Lydia', 'radiovida', message, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await send('Lydia', 'nosuch', message)).status).toBe(404);
    const none = await send('Lydia', 'kingsseminary', message);
    expect(none.status).toBe(409);
    expect(none.body.errors).toEqual({ error: 'This broadcaster does not take messages.' });
    expect(smtp.inbox.filter((m) => m.subject.includes('Una pregunta'))).toEqual([]); // none of them sent

    // A manager of the broadcaster gets a copy, in their own language (e-mail settings: on by default).
    await t.db.query("INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role) VALUES ($1, 'radiovida', 2)", [
      ids.Manager,
    ]);
    drain('manager@example.org');
    const sent = await send('Lydia', 'RadioVida', message);
    expect(sent.status).toBe(202);
    const copy = await smtp.next('manager@example.org');
    expect(copy.subject).toBe('Una pregunta Bcc: x@evil.example (from Lydia D. via Kerygma)');
    expect(copy.replyTo).toBe('lydia@example.org');
    await t.db.query("DELETE FROM user_broadcaster_role WHERE broadcaster_id = 'radiovida'");
    const mail = await smtp.next('oficina@radiovida.example.org');
    expect(mail.replyTo).toBe('lydia@example.org');
    expect(mail.subject).toBe('Una pregunta Bcc: x@evil.example (de Lydia D. a través de Kerygma)');
    expect(mail.text).toContain('When is the Sunday service?');
    expect(mail.text).toContain('lydia@example.org');

    for (const path of [
      '/node/broadcasters/radiovida',
      '/node/broadcasters/radiovida?lite=false',
      '/node/broadcasters?pageSize=50',
    ]) {
      const res = await app.inject({ method: 'GET', url: `${API}${path}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).not.toContain('oficina@');
      expect(res.body, path).not.toContain('contact');
    }

    for (let i = 1; i < ATTEMPT_LIMITS.contactAccount.limit; i++)
      expect((await send('Lydia', 'radiovida', message)).status).toBe(202);
    expect((await send('Lydia', 'radiovida', message)).status).toBe(429);
  });
  it('answers 429 past the per-account comment limit, counted in the database', async () => {
    await person('Chatty');
    const { limit } = ATTEMPT_LIMITS.commentAccount;
    for (let i = 0; i < limit; i++)
      expect((await post('Chatty', KINGS_SERMON, `Comment number ${i} here`)).status).toBe(201);
    const over = await post('Chatty', KINGS_SERMON, 'One comment too many');
    expect(over.status).toBe(429);
    expect(over.body.errors.error).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    expect((await t.db.query('SELECT 1 FROM sermon_comment WHERE user_id = $1', [ids.Chatty])).length).toBe(limit);
    // Another account is not held back.
    expect((await post('Tabitha', KINGS_SERMON, 'Someone else may still comment')).status).toBe(201);
    clock += 61 * 60_000;
    await signIn('Chatty');
    expect((await post('Chatty', KINGS_SERMON, 'An hour later, again')).status).toBe(201);
    await t.db.query('DELETE FROM sermon_comment');
  });
});
