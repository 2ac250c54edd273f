import {
  type newScheduledWebcastBody,
  type ScheduledWebcast,
  type updateScheduledWebcastBody,
  WEBCAST_SCHEDULE_RULES,
} from '@kerygma/domain/contracts/webcasts';
import type { z } from 'zod';
import { type Actor, requireManager } from '../accounts/guards.ts';
import { requireBroadcaster } from '../broadcaster-account/account-deps.ts';
import { decodeCursor, encodeCursor } from '../catalogue/keyset.ts';
import { listResponse, nextUrl } from '../catalogue/paging.ts';
import type { Db } from '../db/db.ts';
import { ApiError, invalid, notFound } from '../errors.ts';
import * as q from './webcast-schedule.queries.ts';

/**
 * Scheduled webcasts (issue 27, contracts/webcasts.ts): a broadcaster's managers announce
 * webcasts ahead; everyone sees the upcoming ones, soonest first. A schedule stays upcoming until
 * its start is WEBCAST_SCHEDULE_RULES.graceMinutes past; no job removes it, the lists filter by time.
 */

export type ScheduleDeps = { db: Db; now: () => number };

const GRACE_MS = WEBCAST_SCHEDULE_RULES.graceMinutes * 60_000;

function view(r: q.ScheduleRow): ScheduledWebcast {
  const start = Number(r.starts_at);
  return {
    scheduledWebcastID: Number(r.schedule_id),
    broadcasterID: r.broadcaster_id,
    displayName: r.broadcaster_name,
    title: r.title,
    description: r.description,
    startDate: new Date(start * 1000).toISOString(),
    startTimestamp: start,
    expectedDurationMinutes: r.expected_minutes,
  };
}

type PageQuery = { page: number; pageSize: number; cursor?: string | undefined };

/** Upcoming schedules, of one broadcaster (404 when there is none) or across the site; keyset only. */
export async function upcoming(deps: ScheduleDeps, broadcasterId: string | undefined, query: PageQuery, url: URL) {
  const id = broadcasterId === undefined ? undefined : await requireBroadcaster(deps.db, broadcasterId);
  const after = decodeCursor(query.cursor, query.page, q.SCHEDULE_ORDER);
  if (query.page > 1 && !after) {
    throw invalid({
      page: {
        key: 'error.invalidParameter',
        params: { name: 'page', detail: "pages after the first are reached by following each page's next" },
      },
    });
  }
  const rows = await q.upcomingPage(deps.db, {
    broadcasterId: id,
    sinceMs: deps.now() - GRACE_MS,
    limit: query.pageSize + 1,
    after,
  });
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  const next =
    rows.length > query.pageSize && last
      ? nextUrl(url, query.page, encodeCursor({ page: query.page + 1, values: [last.k0, last.k1] }))
      : null;
  return listResponse('scheduledWebcast', 'Scheduled webcasts', page.map(view), null, next);
}

/** The broadcaster, when the actor manages it and it may webcast. */
async function managed(deps: ScheduleDeps, actor: Actor, broadcasterId: string): Promise<string> {
  const id = await requireBroadcaster(deps.db, broadcasterId);
  requireManager(actor, id);
  if (!(await q.canWebcast(deps.db, id))) {
    throw new ApiError(403, 'forbidden', { error: { key: 'error.webcast.cannotWebcast' } });
  }
  return id;
}

async function managedSchedule(deps: ScheduleDeps, actor: Actor, broadcasterId: string, scheduleId: number) {
  const id = await managed(deps, actor, broadcasterId);
  const row = await q.scheduleById(deps.db, scheduleId);
  if (!row || row.broadcaster_id !== id) throw notFound('error.webcastSchedule.notFound');
  return row;
}

/** The fields as stored: a title not blank, a start in the future (spec §8 error shape, one key each). */
function checked(deps: ScheduleDeps, f: q.ScheduleFields, startChanged: boolean): q.ScheduleFields {
  const title = f.title.trim();
  const problems: Record<string, { key: string }> = {};
  if (!title) problems.title = { key: 'error.webcastSchedule.titleRequired' };
  if (startChanged && f.startsAt <= deps.now()) problems.startDate = { key: 'error.webcastSchedule.startInPast' };
  if (Object.keys(problems).length) throw invalid(problems);
  return { ...f, title, description: f.description.trim() };
}

export async function createSchedule(
  deps: ScheduleDeps,
  actor: Actor,
  broadcasterId: string,
  body: z.output<typeof newScheduledWebcastBody>,
): Promise<ScheduledWebcast> {
  const id = await managed(deps, actor, broadcasterId);
  const fields = checked(
    deps,
    {
      title: body.title,
      description: body.description ?? '',
      startsAt: Date.parse(body.startDate),
      expectedMinutes: body.expectedDurationMinutes ?? null,
    },
    true,
  );
  const scheduleId = await deps.db.transaction((tx) => q.insertSchedule(tx, id, fields));
  return view((await q.scheduleById(deps.db, scheduleId)) as q.ScheduleRow);
}

/** Changes the fields given; an unchanged start may already be past (the webcast is on now). */
export async function updateSchedule(
  deps: ScheduleDeps,
  actor: Actor,
  broadcasterId: string,
  scheduleId: number,
  body: z.output<typeof updateScheduledWebcastBody>,
): Promise<ScheduledWebcast> {
  const row = await managedSchedule(deps, actor, broadcasterId, scheduleId);
  const startsAt = body.startDate === undefined ? Number(row.starts_at) * 1000 : Date.parse(body.startDate);
  const fields = checked(
    deps,
    {
      title: body.title ?? row.title,
      description: body.description ?? row.description,
      startsAt,
      expectedMinutes: body.expectedDurationMinutes === undefined ? row.expected_minutes : body.expectedDurationMinutes,
    },
    Math.floor(startsAt / 1000) !== Number(row.starts_at),
  );
  await deps.db.transaction((tx) => q.updateSchedule(tx, scheduleId, fields));
  return view((await q.scheduleById(deps.db, scheduleId)) as q.ScheduleRow);
}

export async function deleteSchedule(deps: ScheduleDeps, actor: Actor, broadcasterId: string, scheduleId: number) {
  await managedSchedule(deps, actor, broadcasterId, scheduleId);
  return { deleted: await deps.db.transaction((tx) => q.deleteSchedule(tx, scheduleId)) };
}
