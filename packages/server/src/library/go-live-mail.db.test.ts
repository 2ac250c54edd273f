import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobHandlers } from '../jobs/handlers.ts';
import { listJobs } from '../jobs/queue.ts';
import { startWorker, type Worker } from '../jobs/worker.ts';
import { createMailer } from '../mail/mailer.ts';
import { localMediaStore } from '../storage/local-store.ts';
import { publish } from '../test/rtmp-publisher.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type TestUser, testUser } from '../test/users.ts';
import { type WebcastTestApp, webcastTestApp } from '../test/webcast-ingest.ts';
import { type GoLiveMailDeps, mailFollowers } from './go-live-mail.ts';

/**
 * The go-live e-mail end to end: a real ffmpeg publisher takes a followed broadcaster live
 * through the RTMP ingest, the job it queues runs in a real worker and mails, over real SMTP,
 * the followers who turned the setting on; a publisher back within the offline time queues
 * nothing more. One ingest per process (node-media-server), so the backends run one after another.
 */

const ORIGIN = 'http://kerygma.test';
const SECRET = 'a test link secret of at least thirty-two characters';
const poll = { timeout: 20_000, interval: 100 };

describe.each(BACKENDS)('the go-live e-mail on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let w: WebcastTestApp;
  let worker: Worker;
  let mail: GoLiveMailDeps;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    w = await webcastTestApp(backend, { SMTP_URL: smtp.url, WEBCAST_OFFLINE_MINUTES: '10', LINK_SECRET: SECRET });
    t = w.t;
    mail = { db: t.db, mail: createMailer(t.config.mail, pino({ level: 'silent' })), origin: ORIGIN, secret: SECRET };
    worker = await startWorker({
      db: t.db,
      handlers: jobHandlers({
        db: t.db,
        media: localMediaStore(t.mediaDir),
        listenerMail: { ...mail, now: Date.now },
      }),
      pollMs: 50,
    });
  }, 300_000);
  afterAll(async () => {
    await worker?.stop();
    await w?.close();
    await smtp?.close();
  });

  /** A verified follower of `broadcasterId` who set the go-live e-mail as `wants` in their settings. */
  async function follower(name: string, broadcasterId: string, wants: boolean, locale = 'en'): Promise<TestUser> {
    const user = await testUser(t.db, name, { verified: true });
    await t.db.query('UPDATE app_user SET locale = $2 WHERE user_id = $1', [user.userId, locale]);
    const followed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/site/broadcasters/${broadcasterId}`,
      headers: user.headers,
    });
    expect(followed.statusCode).toBe(200);
    if (wants) {
      const saved = await t.app.inject({
        method: 'PATCH',
        url: '/api/v2/site/users',
        headers: user.headers,
        payload: { notify_webcast_email: true },
      });
      expect(saved.statusCode).toBe(200);
      expect(JSON.parse(saved.body).notify_webcast_email).toBe(true);
    }
    return user;
  }
  const goLiveJobs = () => listJobs(t.db, { name: 'webcasts.go-live-mail' });
  const webcastState = async (id: string) =>
    (await getJson(t.app, `/api/v2/node/broadcasters/gracechurch/webcasts/${id}`)).body.state;

  it('mails each follower who asked, once per webcast, and nobody again when the publisher comes back', async () => {
    await follower('priscilla', 'gracechurch', true);
    const [before] = await t.db.query<{ notify_email: boolean }>(
      "SELECT notify_email FROM app_user WHERE email = 'priscilla@example.org'",
    );
    await follower('lydia', 'gracechurch', true, 'de');
    const aquila = await follower('aquila', 'gracechurch', false); // the setting is off by default
    await follower('apollos', 'radiovida', true);
    const me = await getJson(t.app, '/api/v2/site/users', aquila.headers);
    expect(me.body.notify_webcast_email).toBe(false);

    const rtmp = w.rtmp();
    const first = publish(rtmp, { audioOnly: true });
    const toPriscilla = await smtp.next('priscilla@example.org');
    const [live] = (await getJson(t.app, '/api/v2/node/webcasts?broadcasterID=gracechurch')).body.results;
    expect(live).toMatchObject({ state: 'live' });
    const link = `${ORIGIN}/webcasts/gracechurch/${live.webcastID}`;
    expect(toPriscilla.subject).toBe('Grace Reformed Baptist Church is live now on Kerygma');
    expect(toPriscilla.text).toContain('Hello priscilla,');
    expect(toPriscilla.text).toContain(`Watch: ${link}`);
    expect(toPriscilla.text).toContain(`${ORIGIN}/user/settings`);
    const unsubscribe = /^<(.+)>$/.exec(toPriscilla.headers['list-unsubscribe'] as string)?.[1] as string;
    expect(unsubscribe).toMatch(`${ORIGIN}/api/v2/site/users/unsubscribe?token=`);
    expect(toPriscilla.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const toLydia = await smtp.next('lydia@example.org');
    expect(toLydia.subject).toBe('Grace Reformed Baptist Church ist jetzt live auf Kerygma');
    expect(toLydia.text).toContain(`${ORIGIN}/de/webcasts/gracechurch/${live.webcastID}`);

    // One job for the webcast, done; it mailed the two who asked and no one else (not aquila, who
    // did not ask, nor apollos, who follows another broadcaster).
    await vi.waitFor(async () => expect((await goLiveJobs()).map((j) => j.state)).toEqual(['done']), poll);
    const [job] = await goLiveJobs();
    expect(job?.payload).toEqual({ webcastId: live.webcastID });
    expect(smtp.inbox.map((m) => m.to)).toEqual([]);

    // The job run again (a worker that died before recording it) mails nobody twice.
    expect(await mailFollowers(mail, live.webcastID)).toBe(0);

    // The publisher drops and comes back within the offline time: the same webcast, no new job.
    await first.stop();
    await vi.waitFor(async () => expect(await webcastState(live.webcastID)).toBe('offline'), poll);
    const again = publish(rtmp, { audioOnly: true });
    await vi.waitFor(async () => expect(await webcastState(live.webcastID)).toBe('live'), poll);
    expect((await goLiveJobs()).length).toBe(1);
    await again.stop();
    await vi.waitFor(async () => expect(await webcastState(live.webcastID)).toBe('offline'), poll);
    expect(smtp.inbox).toEqual([]);

    // Priscilla's mail program's one-click POST turns the go-live e-mails off, and only them.
    const res = await t.app.inject({
      method: 'POST',
      url: unsubscribe.slice(ORIGIN.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [settings] = await t.db.query<{ notify_webcast_email: boolean; notify_email: boolean }>(
      "SELECT notify_webcast_email, notify_email FROM app_user WHERE email = 'priscilla@example.org'",
    );
    expect(settings).toEqual({ notify_webcast_email: false, notify_email: before?.notify_email });
  }, 60_000);
});
