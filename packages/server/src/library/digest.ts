import { LIBRARY_RULES } from '@kerygma/domain/account-rules';
import { getLocale, localizePath } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import type { Db } from '../db/db.ts';
import type { JobContext, JobHandler } from '../jobs/job-types.ts';
import { enqueue } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import * as q from './library.queries.ts';
import { unsubscribeHeaders } from './unsubscribe-token.ts';

/**
 * The daily digest: once a day (UTC) each user with `notify_email` on gets one e-mail, in their
 * language, of the sermons published since their last digest by what they follow, with a
 * one-click unsubscribe (RFC 8058). Nothing is sent when nothing is new. Each user's run is one
 * transaction that locks their row and records the day: a job run twice, or two workers, send
 * one digest per user per day.
 */

export type DigestDeps = {
  db: Db;
  mail: Mailer;
  /** The site's origin for links (PUBLIC_URL). */
  origin: string;
  secret: string;
  now: () => number;
};

/** When the digest runs each day (UTC). */
export const DIGEST_HOUR_UTC = 6;
const DAY_MS = 24 * 3600_000;
/** A first digest covers the day before it. */
const FIRST_WINDOW_MS = DAY_MS;
const USERS_PER_BATCH = 100;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The next digest run at or after `now`: its day and time. */
export function nextDigestRun(now: number): { day: string; at: Date } {
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`) + DIGEST_HOUR_UTC * 3600_000;
  const at = now <= today ? today : today + DAY_MS;
  return { day: dayOf(at), at: new Date(at) };
}

/** Queues the next day's run unless it is queued already (start-up and each run call it). */
export async function scheduleDigest(db: Db, now: number): Promise<number | null> {
  const next = nextDigestRun(now);
  return enqueue(db, 'library.digest', { day: next.day }, { runAt: next.at, dedupeKey: `library.digest:${next.day}` });
}

/** The digest of one user for `day`; answers whether an e-mail went out. */
export async function digestUser(deps: DigestDeps, userId: number, day: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const user = await q.lockDigestUser(tx, userId);
    if (!user?.wants || (user.last_day !== null && user.last_day >= day)) return false;
    const until = deps.now();
    const since = user.sent_through ?? until - FIRST_WINDOW_MS;
    const rows = await q.feedPage(tx, userId, { limit: LIBRARY_RULES.digestMaxSermons + 1, since, until });
    // Sent inside the transaction: if the mail server refuses, nothing is recorded and the job retries.
    if (rows.length > 0) await deps.mail(await digestMail(deps, user, rows));
    await q.markDigest(tx, userId, day, until);
    return rows.length > 0;
  });
}

async function digestMail(deps: DigestDeps, user: q.DigestUserRow, rows: q.FeedRow[]) {
  const locale = getLocale(user.locale).code;
  const t = await getTranslator(locale);
  const shown = rows.slice(0, LIBRARY_RULES.digestMaxSermons);
  const link = (path: string) => `${deps.origin}${localizePath(path, locale)}`;
  const sermons = shown
    .map(
      (r) =>
        `- ${r.full_title} (${r.speaker}, ${r.broadcaster}, ${r.preach_date})\n  ${link(`/sermons/${r.sermon_id}`)}`,
    )
    .join('\n\n');
  const more = rows.length > shown.length ? `\n\n${t('library.mail.digestMore', { link: link('/') })}` : '';
  return {
    to: user.email,
    subject: t('library.mail.digestSubject', { count: shown.length }),
    text: `${t('library.mail.digestBody', { name: user.name, list: `${sermons}${more}`, settings: link('/user/settings') })}`,
    headers: unsubscribeHeaders(deps, user.user_id, 'digest'),
  };
}

/** Every user who asked for the digest, in batches, going on from a checkpoint after a restart. */
export async function runDigest(
  deps: DigestDeps,
  day: string,
  from: number,
  save: (afterUserId: number) => Promise<void>,
): Promise<number> {
  let after = from;
  let sent = 0;
  for (;;) {
    const users = await q.digestUsers(deps.db, after, USERS_PER_BATCH);
    if (users.length === 0) return sent;
    for (const userId of users) if (await digestUser(deps, userId, day)) sent++;
    after = users[users.length - 1] as number;
    await save(after);
  }
}

/** The `library.digest` job: one day's digests, then the next day's run queued. */
export function digestJob(deps: DigestDeps | undefined): JobHandler<'library.digest'> {
  return async (payload, ctx: JobContext<'library.digest'>) => {
    if (!deps) throw new Error('library.digest needs the mailer: it runs in a worker started by main.ts');
    const from = (ctx.checkpoint as { after?: number } | null)?.after ?? 0;
    const sent = await runDigest(deps, payload.day, from, (after) =>
      deps.db.transaction((tx) => ctx.saveCheckpoint(tx, { after })),
    );
    ctx.log.info({ day: payload.day, sent }, 'daily digest sent');
    await scheduleDigest(deps.db, Math.max(deps.now(), Date.parse(`${payload.day}T00:00:00Z`) + DAY_MS));
  };
}
