import { BROADCASTER_ACCOUNT_RULES } from '@kerygma/domain/broadcaster-account-values';
import { type AccountDeps, refuse, requireBroadcaster } from './account-deps.ts';
import * as q from './overview.queries.ts';

/**
 * What the dashboard's overview shows (issue 24 item 6): notices, lifetime figures, plays and
 * downloads by day and by sermon, and the next bill from the payments interface.
 */

type Db = AccountDeps['db'];
type Page = { page: number; pageSize: number };

const noticeView = (n: q.NoticeRow) => ({
  noticeID: n.notice_id,
  broadcasterID: n.broadcaster_id,
  title: n.title,
  text: n.body,
  created: n.created,
  expires: n.expires,
});

export async function notices(db: Db, id: string, page: Page) {
  const { rows, total } = await q.noticesOf(db, await requireBroadcaster(db, id), page);
  return { results: rows.map(noticeView), totalCount: total, ...page };
}

export async function postNotice(
  deps: AccountDeps,
  id: string,
  input: { title: string; text: string; expires: number | null },
) {
  const key = await requireBroadcaster(deps.db, id);
  if (input.expires !== null && input.expires * 1000 <= deps.now()) throw refuse(400, 'invalid_request', 'expiresPast');
  const row = await deps.db.transaction((tx) =>
    q.insertNotice(tx, { broadcasterId: key, title: input.title, body: input.text, expires: input.expires }),
  );
  return noticeView(row);
}

export async function deleteNotice(db: Db, id: string, noticeId: number) {
  const key = await requireBroadcaster(db, id);
  const deleted = await db.transaction((tx) => q.deleteNotice(tx, key, noticeId));
  if (!deleted) throw refuse(404, 'not_found', 'noticeNotFound');
  return { ok: true as const };
}

export async function lifetimeStats(db: Db, id: string) {
  const r = await q.lifetimeOf(db, await requireBroadcaster(db, id));
  return {
    sermons: r.sermons,
    plays: r.plays,
    audioPlays: r.audio_plays,
    videoPlays: r.video_plays,
    downloads: r.downloads,
    videoDownloads: r.video_downloads,
  };
}

export async function recentStats(db: Db, id: string) {
  return {
    days: await q.recentDays(db, await requireBroadcaster(db, id), BROADCASTER_ACCOUNT_RULES.recentStatsDays),
  };
}

export async function sermonStats(db: Db, id: string, page: Page) {
  const { rows, total } = await q.sermonStatsOf(db, await requireBroadcaster(db, id), page);
  return {
    results: rows.map((r) => ({
      sermonID: r.sermon_id,
      fullTitle: r.full_title,
      preachDate: r.preach_date,
      plays: r.plays,
      downloads: r.downloads,
    })),
    totalCount: total,
    ...page,
  };
}

export async function nextBill(deps: AccountDeps, id: string) {
  const key = await requireBroadcaster(deps.db, id);
  return { payments: { configured: deps.payments.configured }, bill: await deps.payments.nextBill(key) };
}
