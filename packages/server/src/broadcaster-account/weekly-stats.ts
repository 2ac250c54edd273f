import type { Db } from '../db/db.ts';
import type { JobContext, JobHandler } from '../jobs/job-types.ts';
import { enqueue } from '../jobs/queue.ts';
import { type ManagerMailDeps, mailManagers } from './manager-mail.ts';

/**
 * The weekly statistics e-mail (dashboard e-mail settings, "Weekly statistics", off by
 * default): each Monday at 07:00 UTC the managers of every broadcaster that asked for it get the
 * plays and downloads of the week before (Monday to Sunday, UTC) beside the week before that, and
 * the sermons it published. Each broadcaster's week is marked sent in the transaction that sends
 * it: a job run twice, or two workers, send it once.
 */

const DAY_MS = 24 * 3600_000;
const HOUR_UTC = 7;
const BROADCASTERS_PER_BATCH = 100;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The next run at or after `now`: the Monday it reports up to (exclusive) and its time. */
export function nextWeeklyStatsRun(now: number): { week: string; at: Date } {
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  let at = monday + HOUR_UTC * 3600_000;
  if (at < now) at += 7 * DAY_MS;
  return { week: dayOf(at), at: new Date(at) };
}

/** Queues the next Monday's run unless it is queued already (start-up and each run call it). */
export async function scheduleWeeklyStats(db: Db, now: number): Promise<number | null> {
  const next = nextWeeklyStatsRun(now);
  return enqueue(
    db,
    'broadcasters.weekly-stats',
    { week: next.week },
    { runAt: next.at, dedupeKey: `broadcasters.weekly-stats:${next.week}` },
  );
}

type WeekRow = {
  display_name: string;
  plays: number;
  downloads: number;
  plays_before: number;
  downloads_before: number;
  published: number;
};

/** One broadcaster's week (the 7 days before `monday`) and the week before it. */
async function weekOf(db: Db, broadcasterId: string, monday: string): Promise<WeekRow> {
  const [row] = await db.query<WeekRow>(
    `SELECT b.display_name,
            coalesce(sum(d.plays) FILTER (WHERE d.day >= $2::date - 7), 0)::int AS plays,
            coalesce(sum(d.downloads) FILTER (WHERE d.day >= $2::date - 7), 0)::int AS downloads,
            coalesce(sum(d.plays) FILTER (WHERE d.day < $2::date - 7), 0)::int AS plays_before,
            coalesce(sum(d.downloads) FILTER (WHERE d.day < $2::date - 7), 0)::int AS downloads_before,
            (SELECT count(*)::int FROM sermon s WHERE s.broadcaster_id = b.broadcaster_id AND s.deleted_at IS NULL
                AND s.publish_timestamp >= ($2::date - 7) AND s.publish_timestamp < $2::date) AS published
       FROM broadcaster b
       LEFT JOIN broadcaster_daily_stats d ON d.broadcaster_id = b.broadcaster_id
        AND d.day >= $2::date - 14 AND d.day < $2::date
      WHERE b.broadcaster_id = $1
      GROUP BY b.broadcaster_id, b.display_name`,
    [broadcasterId, monday],
  );
  return row as WeekRow;
}

/** Sends one broadcaster's week unless sent already; answers whether it was its turn. */
export async function sendWeek(deps: ManagerMailDeps, broadcasterId: string, monday: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [due] = await tx.query(
      `SELECT 1 FROM broadcaster_email_settings
        WHERE broadcaster_id = $1 AND weekly_stats AND (weekly_stats_sent IS NULL OR weekly_stats_sent < $2::date)
        FOR UPDATE`,
      [broadcasterId, monday],
    );
    if (!due) return false;
    const w = await weekOf(tx, broadcasterId, monday);
    const from = dayOf(Date.parse(`${monday}T00:00:00Z`) - 7 * DAY_MS);
    const to = dayOf(Date.parse(`${monday}T00:00:00Z`) - DAY_MS);
    await mailManagers({ ...deps, db: tx }, broadcasterId, 'weeklyStats', (t, link) => ({
      subject: t('managerMail.weeklySubject', { broadcaster: w.display_name, from, to }),
      text: t('managerMail.weeklyBody', {
        plays: w.plays,
        playsBefore: w.plays_before,
        downloads: w.downloads,
        downloadsBefore: w.downloads_before,
        published: w.published,
        link: `${link('/dashboard/overview')}?broadcasterID=${encodeURIComponent(broadcasterId)}`,
      }),
    }));
    await tx.query('UPDATE broadcaster_email_settings SET weekly_stats_sent = $2::date WHERE broadcaster_id = $1', [
      broadcasterId,
      monday,
    ]);
    return true;
  });
}

/** The `broadcasters.weekly-stats` job: every asking broadcaster's week, then next Monday's run queued. */
export function weeklyStatsJob(deps: ManagerMailDeps | undefined): JobHandler<'broadcasters.weekly-stats'> {
  return async (payload, ctx: JobContext<'broadcasters.weekly-stats'>) => {
    if (!deps) throw new Error('broadcasters.weekly-stats needs the mailer: it runs in a worker started by main.ts');
    let after = (ctx.checkpoint as { after?: string } | null)?.after ?? '';
    let sent = 0;
    for (;;) {
      const batch = await deps.db.query<{ broadcaster_id: string }>(
        `SELECT broadcaster_id FROM broadcaster_email_settings
          WHERE weekly_stats AND broadcaster_id > $1 ORDER BY broadcaster_id LIMIT ${BROADCASTERS_PER_BATCH}`,
        [after],
      );
      for (const { broadcaster_id } of batch) if (await sendWeek(deps, broadcaster_id, payload.week)) sent++;
      if (batch.length < BROADCASTERS_PER_BATCH) break;
      after = batch.at(-1)?.broadcaster_id as string;
      await deps.db.transaction((tx) => ctx.saveCheckpoint(tx, { after }));
    }
    ctx.log.info({ week: payload.week, sent }, 'weekly statistics sent');
    const ran = Date.parse(`${payload.week}T00:00:00Z`) + (HOUR_UTC + 1) * 3600_000;
    await scheduleWeeklyStats(deps.db, Math.max(Date.now(), ran));
  };
}
