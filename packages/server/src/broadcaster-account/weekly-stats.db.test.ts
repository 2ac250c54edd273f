import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext } from '../jobs/job-types.ts';
import { listJobs } from '../jobs/queue.ts';
import { createMailer } from '../mail/mailer.ts';
import { loadFixture } from '../test/fixture.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import type { ManagerMailDeps } from './manager-mail.ts';
import { nextWeeklyStatsRun, weeklyStatsJob } from './weekly-stats.ts';

describe('nextWeeklyStatsRun', () => {
  it('is the coming Monday at 07:00 UTC, today when it is Monday before then', () => {
    expect(nextWeeklyStatsRun(Date.parse('2026-12-02T10:00:00Z'))).toEqual({
      week: '2026-12-07',
      at: new Date('2026-12-07T07:00:00Z'),
    });
    expect(nextWeeklyStatsRun(Date.parse('2026-12-07T06:59:00Z')).week).toBe('2026-12-07');
    expect(nextWeeklyStatsRun(Date.parse('2026-12-07T07:01:00Z')).week).toBe('2026-12-14');
    expect(nextWeeklyStatsRun(Date.parse('2026-12-06T23:00:00Z')).week).toBe('2026-12-07'); // a Sunday
  });
});

describe.each(BACKENDS)('the weekly statistics e-mail on %s', (backend) => {
  let t: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let deps: ManagerMailDeps;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await openTestDb(backend);
    await loadFixture(t.db);
    deps = {
      db: t.db,
      mail: createMailer({ smtpUrl: smtp.url, from: 'Kerygma <no-reply@kerygma.test>', outboxDir: '' }, pino()),
      origin: 'https://kerygma.test',
    };
    await testUser(t.db, 'pastor', { broadcaster: [['gracechurch', 'admin']], verified: true });
    await testUser(t.db, 'dean', { broadcaster: [['kingsseminary', 'admin']], verified: true });
    // Grace Church asked for it; King's Seminary did not (the default is off).
    await t.db.query(
      "INSERT INTO broadcaster_email_settings (broadcaster_id, weekly_stats) VALUES ('gracechurch', true)",
    );
    await t.db.query(
      `INSERT INTO broadcaster_daily_stats (broadcaster_id, day, plays, downloads)
       SELECT b, d::date, CASE WHEN d >= '2026-11-30' THEN 10 ELSE 5 END, CASE WHEN d >= '2026-11-30' THEN 2 ELSE 1 END
         FROM unnest(ARRAY['gracechurch', 'kingsseminary']) b,
              generate_series('2026-11-23'::date, '2026-12-06'::date, interval '1 day') d`,
    );
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
    await smtp?.close();
  });

  const run = (week: string) =>
    weeklyStatsJob(deps)({ week }, {
      checkpoint: null,
      saveCheckpoint: async () => {},
      log: { info() {}, warn() {} },
    } as unknown as JobContext<'broadcasters.weekly-stats'>);

  it("sends the week's plays and downloads beside the week before, once, to those who asked; then queues next Monday", async () => {
    await run('2026-12-07');
    const mail = await smtp.next('pastor@example.org');
    expect(mail.subject).toMatch(/: your week from 2026-11-30 to 2026-12-06$/);
    expect(mail.text).toContain('Plays: 70 (the week before: 35)');
    expect(mail.text).toContain('Downloads: 14 (the week before: 7)');
    expect(mail.text).toContain('https://kerygma.test/dashboard/overview?broadcasterID=gracechurch');
    expect(smtp.inbox.filter((m) => m.to === 'dean@example.org')).toEqual([]);

    await run('2026-12-07'); // the same week again: nothing more
    expect(smtp.inbox.filter((m) => m.to === 'pastor@example.org')).toEqual([]);
    const queued = await listJobs(t.db, { name: 'broadcasters.weekly-stats', state: 'queued' });
    expect(queued.map((j) => j.payload)).toContainEqual({ week: '2026-12-14' });
  });
});
