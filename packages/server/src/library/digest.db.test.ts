import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../http/api-base.ts';
import { listJobs } from '../jobs/queue.ts';
import { createMailer } from '../mail/mailer.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type DigestDeps, digestUser, nextDigestRun, runDigest, scheduleDigest } from './digest.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const ORIGIN = 'http://kerygma.test';
const SECRET = 'a test link secret of at least thirty-two characters';
const HOUR = 3600_000;

describe.each(BACKENDS)(
  'the daily digest on %s',
  (backend) => {
    let t: TestApp;
    let app: FastifyInstance;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let digest: DigestDeps;
    let clock = Date.parse('2026-12-02T06:00:00Z');

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await buildTestApp(backend, { env: { SMTP_URL: smtp.url, LINK_SECRET: SECRET }, now: () => clock });
      app = t.app;
      digest = {
        db: t.db,
        mail: createMailer(
          { smtpUrl: smtp.url, from: 'Kerygma <no-reply@kerygma.test>', outboxDir: '' },
          pino({ level: 'silent' }),
        ),
        origin: ORIGIN,
        secret: SECRET,
        now: () => clock,
      };
    }, 300_000);
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    /** A user straight in the table (the digest needs no session), with what they follow. */
    async function newUser(name: string, locale: string, follows: { broadcasters?: string[]; series?: number[] }) {
      const rows = await t.db.query<{ user_id: number }>(
        `INSERT INTO app_user (username, email, password_hash, display_name, locale, notify_email, verified)
       VALUES ($1, $2, 'x', $1, $3, true, true) RETURNING user_id`,
        [name, `${name.toLowerCase()}@example.org`, locale],
      );
      const id = rows[0]?.user_id as number;
      for (const b of follows.broadcasters ?? [])
        await t.db.query('INSERT INTO follow_broadcaster VALUES ($1, $2, now())', [id, b]);
      for (const s of follows.series ?? [])
        await t.db.query('INSERT INTO follow_series VALUES ($1, $2, now())', [id, s]);
      return { id, email: `${name.toLowerCase()}@example.org` };
    }

    const publishAt = (ids: string[], ms: number) =>
      t.db.query('UPDATE sermon SET publish_timestamp = $2 WHERE sermon_id = ANY($1)', [
        ids,
        new Date(ms).toISOString(),
      ]);
    const day = () => new Date(clock).toISOString().slice(0, 10);
    const noMailTo = (email: string) => expect(smtp.inbox.filter((m) => m.to === email)).toEqual([]);

    it('mails what is new since the last digest in the user’s language, once a day, with a one-click unsubscribe', async () => {
      const lydia = await newUser('Lydia', 'de', { broadcasters: ['radiovida'], series: [12] });
      await publishAt(['1052', '1053'], clock - 2 * HOUR);
      await publishAt(['1031'], clock - 3 * HOUR); // Hebrews (series 12) at kingsseminary
      await publishAt(['1001'], clock - 1 * HOUR); // gracechurch: not followed

      expect(await digestUser(digest, lydia.id, day())).toBe(true);
      const mail = await smtp.next(lydia.email);
      expect(mail.subject).toBe('3 neue Predigten von dem, dem du auf Kerygma folgst');
      expect(mail.text).toContain('Hallo Lydia,');
      expect(mail.text).toContain(`${ORIGIN}/de/sermons/1052`);
      expect(mail.text).toContain('La gracia de Dios 3 (María López, Radio Vida Nueva,');
      expect(mail.text).toContain(`${ORIGIN}/de/sermons/1031`);
      expect(mail.text).not.toContain('/sermons/1001');
      expect(mail.text.indexOf('/sermons/1052')).toBeLessThan(mail.text.indexOf('/sermons/1031'));
      expect(mail.text).toContain(`${ORIGIN}/de/user/settings`);
      const unsubscribe = `${ORIGIN}${API_BASE}/site/users/unsubscribe?token=${unsubscribeToken(SECRET, lydia.id, 'digest')}`;
      expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

      // The same day again (a retried job, a second worker): nothing more.
      await publishAt(['1054'], clock + HOUR / 2);
      clock += HOUR;
      expect(await digestUser(digest, lydia.id, day())).toBe(false);
      noMailTo(lydia.email);

      // The next day: only what came since the last digest.
      clock += 23 * HOUR;
      await publishAt(['1055'], clock - 5 * HOUR);
      expect(await runDigest(digest, day(), 0, async () => {})).toBeGreaterThanOrEqual(1);
      const second = await smtp.next(lydia.email);
      expect(second.subject).toBe('2 neue Predigten von dem, dem du auf Kerygma folgst');
      expect(second.text).toContain('/sermons/1054');
      expect(second.text).toContain('/sermons/1055');
      expect(second.text).not.toContain('/sermons/1052');

      // Nothing new the day after: no mail.
      clock += 24 * HOUR;
      expect(await digestUser(digest, lydia.id, day())).toBe(false);
      noMailTo(lydia.email);

      // The mail program's one-click POST turns the digest off without a session.
      const res = await app.inject({
        method: 'POST',
        url: unsubscribe.slice(ORIGIN.length),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      const stored = await t.db.query<{ notify_email: boolean }>(
        'SELECT notify_email FROM app_user WHERE user_id = $1',
        [lydia.id],
      );
      expect(stored[0]?.notify_email).toBe(false);
      clock += 24 * HOUR;
      await publishAt(['1056'], clock - HOUR);
      expect(await digestUser(digest, lydia.id, day())).toBe(false);
      noMailTo(lydia.email);
    });

    it('refuses an unsubscribe token it did not sign, and changes nothing', async () => {
      const silas = await newUser('Silas', 'en', { broadcasters: ['radiovida'] });
      const forged = [
        `${silas.id}.${'A'.repeat(43)}`,
        unsubscribeToken('another secret entirely, thirty-two chars', silas.id, 'digest'),
        unsubscribeToken(SECRET, silas.id + 1000, 'digest'),
        // Signed for the go-live e-mails: it leaves those, not the digest.
        unsubscribeToken(SECRET, silas.id, 'webcasts'),
        'nonsense',
      ];
      for (const token of forged) {
        const res = await app.inject({ method: 'POST', url: `${API_BASE}/site/users/unsubscribe?token=${token}` });
        expect(res.statusCode, token).toBe(400);
        expect(JSON.parse(res.body).errors).toEqual({ token: 'This unsubscribe link is not valid.' });
      }
      const stored = await t.db.query<{ notify_email: boolean }>(
        'SELECT notify_email FROM app_user WHERE user_id = $1',
        [silas.id],
      );
      expect(stored[0]?.notify_email).toBe(true);
    });

    it('lists at most 20 sermons and says more are waiting; users without the digest get nothing', async () => {
      const many = await newUser('Tabitha', 'en', { broadcasters: ['gracechurch'] });
      const quiet = await newUser('Quiet', 'en', { broadcasters: ['gracechurch'] });
      await t.db.query('UPDATE app_user SET notify_email = false WHERE user_id = $1', [quiet.id]);
      const ids = Array.from({ length: 25 }, (_, i) => String(1000 + i));
      for (const [i, id] of ids.entries()) await publishAt([id], clock - HOUR - i * 60_000);
      await runDigest(digest, day(), 0, async () => {});
      const mail = await smtp.next(many.email);
      expect(mail.subject).toBe('20 new sermons from what you follow on Kerygma');
      expect(mail.text.match(/\/sermons\/\d+/g)).toHaveLength(20);
      expect(mail.text).toContain(`More new sermons are waiting for you on Kerygma: ${ORIGIN}/`);
      noMailTo(quiet.email);
    });

    it('goes on from its checkpoint, and queues one run per day at 06:00 UTC', async () => {
      const saved: number[] = [];
      const users = await t.db.query<{ user_id: number }>(
        'SELECT user_id FROM app_user WHERE notify_email ORDER BY user_id',
      );
      clock += 24 * HOUR;
      await runDigest(digest, day(), users[0]?.user_id ?? 0, async (after) => {
        saved.push(after);
      });
      expect(saved.at(-1)).toBe(users.at(-1)?.user_id);

      expect(nextDigestRun(Date.parse('2026-12-02T05:59:00Z'))).toEqual({
        day: '2026-12-02',
        at: new Date('2026-12-02T06:00:00Z'),
      });
      expect(nextDigestRun(Date.parse('2026-12-02T06:00:01Z')).day).toBe('2026-12-03');
      const first = await scheduleDigest(t.db, Date.parse('2026-12-02T07:00:00Z'));
      expect(first).not.toBeNull();
      expect(await scheduleDigest(t.db, Date.parse('2026-12-02T08:00:00Z'))).toBeNull();
      const jobs = await listJobs(t.db, { name: 'library.digest' });
      expect(jobs.map((j) => j.payload)).toEqual([{ day: '2026-12-03' }]);
    });
  },
  300_000,
);
