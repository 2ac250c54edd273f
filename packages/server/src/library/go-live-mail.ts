import { getLocale, localizePath } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import type { Db } from '../db/db.ts';
import type { JobHandler } from '../jobs/job-types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type WebcastRow, webcastById } from '../webcasts/webcasts.queries.ts';
import * as q from './library.queries.ts';
import { unsubscribeHeaders } from './unsubscribe-token.ts';

/**
 * The go-live e-mail (issue 27): when a broadcaster's webcast goes live for the first time, each
 * follower who turned `notify_webcast_email` on in their settings gets one e-mail, in their
 * language, linking to the webcast. The ingest queues it in the transaction that takes the
 * webcast live (`webcasts/live-ingest.ts`), so going live never waits for mail, and only when the webcast
 * had never started: a publisher back within the offline time queues nothing. Each e-mail is
 * recorded in the transaction that sends it: a job run twice, or two workers, mail nobody twice.
 */

export type GoLiveMailDeps = {
  db: Db;
  mail: Mailer;
  /** The site's origin for links (PUBLIC_URL). */
  origin: string;
  /** The link secret, for the one-click unsubscribe (unsubscribe-token.ts). */
  secret: string;
};

const USERS_PER_BATCH = 100;

/** Mails the followers who asked and were not mailed yet; answers how many were. */
export async function mailFollowers(deps: GoLiveMailDeps, webcastId: string): Promise<number> {
  const webcast = await webcastById(deps.db, webcastId);
  if (!webcast || webcast.state === 'ended') return 0;
  let after = 0;
  let sent = 0;
  for (;;) {
    const users = await q.goLiveRecipients(deps.db, webcastId, after, USERS_PER_BATCH);
    if (users.length === 0) return sent;
    for (const userId of users) if (await mailFollower(deps, webcast, userId)) sent++;
    after = users[users.length - 1] as number;
  }
}

async function mailFollower(deps: GoLiveMailDeps, webcast: WebcastRow, userId: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const user = await q.claimGoLiveMail(tx, webcast.webcast_id, userId);
    if (!user) return false;
    // Sent inside the transaction: if the mail server refuses, nothing is recorded and the job retries.
    await deps.mail(await goLiveMail(deps, webcast, user));
    return true;
  });
}

async function goLiveMail(deps: GoLiveMailDeps, w: WebcastRow, user: q.GoLiveRecipientRow) {
  const locale = getLocale(user.locale).code;
  const t = await getTranslator(locale);
  const link = (path: string) => `${deps.origin}${localizePath(path, locale)}`;
  const broadcaster = w.broadcaster_name;
  return {
    to: user.email,
    subject: t('library.mail.liveSubject', { broadcaster }),
    text: t('library.mail.liveBody', {
      name: user.name,
      broadcaster,
      title: w.title || t('library.mail.liveUntitled'),
      link: link(`/webcasts/${encodeURIComponent(w.broadcaster_id)}/${encodeURIComponent(w.webcast_id)}`),
      settings: link('/user/settings'),
    }),
    headers: unsubscribeHeaders(deps, user.user_id, 'webcasts'),
  };
}

/** The `webcasts.go-live-mail` job. */
export function goLiveMailJob(deps: GoLiveMailDeps | undefined): JobHandler<'webcasts.go-live-mail'> {
  return async ({ webcastId }, ctx) => {
    if (!deps) throw new Error('webcasts.go-live-mail needs the mailer: it runs in a worker started by main.ts');
    const sent = await mailFollowers(deps, webcastId);
    ctx.log.info({ webcastId, sent }, 'go-live e-mails sent');
  };
}
