import type {
  DashboardSermon,
  DashboardSermonListQuery,
  EditableSermon,
  SermonFields,
} from '@kerygma/domain/contracts/sermon-editing';
import { DEFAULT_EVENT_TYPE, EVENT_TYPES } from '@kerygma/domain/event-types';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { BROADCASTER_ROLE, holdsBroadcasterRole, isSiteAdmin } from '@kerygma/domain/roles';
import {
  containsHtml,
  DASHBOARD_SERMON_SORTS,
  DELETED_SERMON_KEPT_DAYS,
  isValidBibleText,
  keywordHashtags,
  PUBLISH_STATES,
  publishStateOf,
  SERMON_LIMITS,
  UNKNOWN_SPEAKER,
  UNTITLED_SERMON,
} from '@kerygma/domain/sermon-editing';
import type { UserRow } from '../accounts/accounts.queries.ts';
import { roleHolder } from '../accounts/guards.ts';
import type { CatalogueChange, CatalogueChanges } from '../catalogue/catalogue-changes.ts';
import { decodeCursor, encodeCursor, type KeyColumn } from '../catalogue/keyset.ts';
import { listTotal } from '../catalogue/totals.ts';
import type { Db } from '../db/db.ts';
import { ApiError, invalid, notFound } from '../errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { enqueueSermonVectorRefresh } from '../search/sermon-vectors.ts';
import { scriptureIndex } from '../seed/scripture-index.ts';
import * as q from './sermon-editing.queries.ts';

/** What the editing rules need: the database, the hub that hears of public changes, the clock. */
export type EditingDeps = { db: Db; changes: CatalogueChanges; now: () => number };

const DAY_MS = 86_400_000;
const EARLIEST_PREACH_YEAR = 1950;
/** A page by number starts at most this deep; deeper pages go on by the `next` cursor. */
const NUMBERED_ROWS = 10_000;
/** A searched list's matches are counted up to this many (a substring search reads every title it counts). */
const SEARCH_COUNT_CAP = 1_000;

const conflict = (field: string, key: string) => new ApiError(409, 'conflict', { [field]: { key } });
const refuse = () => new ApiError(403, 'forbidden', { error: { key: 'error.permission.uploaderRequired' } });
const sermonNotFound = () => notFound('error.sermonNotFound');

/** The broadcaster's Uploader or Admin, or a site admin (spec §6). */
function requireUploader(user: UserRow, broadcasterId: string): void {
  if (!holdsBroadcasterRole(roleHolder(user), broadcasterId, BROADCASTER_ROLE.uploader)) throw refuse();
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function publishable(row: q.EditableSermonRow): boolean {
  return !row.speaker_placeholder && row.full_title !== UNTITLED_SERMON && row.accept_copyright;
}

function sermonView(row: q.EditableSermonRow, now: number): EditableSermon {
  return {
    sermonID: row.sermon_id,
    broadcasterID: row.broadcaster_id,
    fullTitle: row.full_title,
    displayTitle: row.display_title,
    subtitle: row.subtitle ?? '',
    bibleText: row.bible_text ?? '',
    speaker: { speakerID: row.speaker_id, displayName: row.speaker_name },
    series: row.series_id === null ? null : { seriesID: row.series_id, title: row.series_title ?? '' },
    eventType: row.event_type,
    languageCode: row.language_code,
    preachDate: row.preach_date,
    publishTimestamp: iso(row.publish_timestamp),
    publishState: publishStateOf(row.publish_timestamp, row.unpublished, now),
    keywords: row.keywords,
    hashtags: keywordHashtags(row.keywords),
    moreInfoText: row.more_info_text ?? '',
    acceptCopyright: row.accept_copyright,
    hasAudio: row.has_audio,
    hasVideo: row.has_video,
    publishable: publishable(row),
    updated: row.updated_at.toISOString(),
    deleted: iso(row.deleted_at),
    purgeAfter: row.deleted_at && new Date(row.deleted_at.getTime() + DELETED_SERMON_KEPT_DAYS * DAY_MS).toISOString(),
  };
}

const isPublic = (row: q.EditableSermonRow, now: number) =>
  row.publish_timestamp !== null && row.publish_timestamp.getTime() <= now;

/** The sermon, for someone who may edit it (404 when missing, 403 without the role). */
async function sermonToEdit(
  db: Db,
  user: UserRow,
  sermonId: string,
  options: { lock?: boolean; deleted?: 'allowed' | 'refused' } = {},
): Promise<q.EditableSermonRow> {
  const row = await q.editableSermon(db, sermonId, options.lock);
  if (!row) throw sermonNotFound();
  requireUploader(user, row.broadcaster_id);
  if (row.deleted_at !== null && options.deleted !== 'allowed') throw sermonNotFound();
  return row;
}

async function reload(deps: EditingDeps, db: Db, sermonId: string): Promise<EditableSermon> {
  const row = await q.editableSermon(db, sermonId);
  if (!row) throw sermonNotFound();
  return sermonView(row, deps.now());
}

/**
 * Recounts what a sermon's change touched and, after the commit, tells the hub, when the
 * public could see the sermon before or after (a draft's edits change no public page).
 */
async function settle(
  tx: Db,
  before: q.EditableSermonRow,
  after: q.EditableSermonRow,
  now: number,
  listed: boolean,
): Promise<CatalogueChange | undefined> {
  if (!isPublic(before, now) && !isPublic(after, now)) return undefined;
  const speakerIds = [...new Set([before.speaker_id, after.speaker_id])];
  const seriesIds = [...new Set([before.series_id, after.series_id])].filter((id): id is number => id !== null);
  const hashtags = [...new Set([...keywordHashtags(before.keywords), ...keywordHashtags(after.keywords)])];
  await q.recount(tx, { broadcasterId: after.broadcaster_id, speakerIds, seriesIds, hashtags });
  return {
    sermonIds: [after.sermon_id],
    broadcasterIds: [after.broadcaster_id],
    speakerIds,
    seriesIds,
    listed: listed || isPublic(before, now) !== isPublic(after, now),
  };
}

/** Runs a write in one transaction and announces its public change once it has committed. */
async function write<T>(
  deps: EditingDeps,
  fn: (tx: Db) => Promise<{ value: T; change?: CatalogueChange | undefined }>,
): Promise<T> {
  const { value, change } = await deps.db.transaction(fn);
  if (change) deps.changes.announce(change);
  return value;
}

// ---- sermons ----

/** A new draft (spec §2 create sermon): 'Untitled Sermon' by 'Unknown Speaker', preached today. */
export async function createSermon(
  deps: EditingDeps,
  user: UserRow,
  body: { broadcasterID: string; languageCode?: string | undefined },
  interfaceLanguage: string,
): Promise<EditableSermon> {
  const broadcasterId = await q.broadcasterExists(deps.db, body.broadcasterID);
  if (!broadcasterId) {
    requireUploader(user, body.broadcasterID);
    throw notFound('error.broadcasterNotFound');
  }
  requireUploader(user, broadcasterId);
  const languageCode =
    body.languageCode ??
    (SERMON_LANGUAGES.some((l) => l.languageCode === interfaceLanguage) ? interfaceLanguage : 'en');
  return write(deps, async (tx) => {
    const speakerId = await q.placeholderSpeaker(tx, UNKNOWN_SPEAKER);
    const sermonId = await q.insertSermon(tx, broadcasterId, {
      full_title: UNTITLED_SERMON,
      display_title: UNTITLED_SERMON,
      subtitle: null,
      bible_text: null,
      bible_sort: null,
      speaker_id: speakerId,
      series_id: null,
      event_type: DEFAULT_EVENT_TYPE,
      language_code: languageCode,
      preach_date: new Date(deps.now()).toISOString().slice(0, 10),
      keywords: '',
      more_info_text: null,
      accept_copyright: false,
    });
    return { value: await reload(deps, tx, sermonId) };
  });
}

export async function sermonForEditing(deps: EditingDeps, user: UserRow, sermonId: string): Promise<EditableSermon> {
  return sermonView(await sermonToEdit(deps.db, user, sermonId, { deleted: 'allowed' }), deps.now());
}

function checkPreachDate(day: string): void {
  const date = new Date(`${day}T00:00:00Z`);
  const valid = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  if (!valid || date.getUTCFullYear() < EARLIEST_PREACH_YEAR || date.getUTCFullYear() > 2200)
    throw invalid({ preachDate: { key: 'error.sermonEditing.preachDate', params: { year: EARLIEST_PREACH_YEAR } } });
}

/** Checks the fields against §5 and the broadcaster's speakers and series; the columns to write. */
async function columnsFor(
  db: Db,
  row: q.EditableSermonRow,
  fields: Partial<SermonFields>,
): Promise<Partial<q.SermonColumns>> {
  const c: Partial<q.SermonColumns> = {};
  for (const name of ['fullTitle', 'displayTitle', 'subtitle'] as const) {
    const value = fields[name];
    if (value !== undefined && containsHtml(value))
      throw invalid({ [name]: { key: 'error.sermonEditing.htmlInTitle' } });
  }
  if (fields.fullTitle !== undefined) c.full_title = fields.fullTitle;
  if (fields.displayTitle !== undefined || fields.fullTitle !== undefined) {
    const shown = fields.displayTitle ?? (row.display_title === row.full_title ? '' : row.display_title);
    c.display_title = shown || (fields.fullTitle ?? row.full_title).slice(0, SERMON_LIMITS.displayTitle);
  }
  if (fields.subtitle !== undefined) c.subtitle = fields.subtitle || null;
  if (fields.bibleText !== undefined) {
    if (!isValidBibleText(fields.bibleText))
      throw invalid({ bibleText: { key: 'error.sermonEditing.bibleReference' } });
    c.bible_text = fields.bibleText || null;
    c.bible_sort = scriptureIndex(c.bible_text).bibleSort;
  }
  if (fields.speakerID !== undefined && fields.speakerID !== row.speaker_id) {
    const [speaker] = await q.broadcasterSpeakers(db, row.broadcaster_id, fields.speakerID);
    if (!speaker) throw invalid({ speakerID: { key: 'error.sermonEditing.foreignSpeaker' } });
    c.speaker_id = fields.speakerID;
  }
  if (fields.seriesID !== undefined && fields.seriesID !== row.series_id) {
    if (fields.seriesID !== null) {
      const series = await q.seriesById(db, fields.seriesID);
      if (series?.broadcaster_id !== row.broadcaster_id)
        throw invalid({ seriesID: { key: 'error.sermonEditing.foreignSeries' } });
    }
    c.series_id = fields.seriesID;
  }
  if (fields.eventType !== undefined) c.event_type = fields.eventType;
  if (fields.languageCode !== undefined && fields.languageCode !== row.language_code) {
    // §5: the language cannot change once media are uploaded.
    if (row.has_media) throw conflict('languageCode', 'error.sermonEditing.languageLocked');
    c.language_code = fields.languageCode;
  }
  if (fields.preachDate !== undefined) {
    checkPreachDate(fields.preachDate);
    c.preach_date = fields.preachDate;
  }
  if (fields.keywords !== undefined) c.keywords = fields.keywords.split(/\s+/).filter(Boolean).join(' ');
  if (fields.moreInfoText !== undefined) c.more_info_text = fields.moreInfoText || null;
  if (fields.acceptCopyright !== undefined) c.accept_copyright = fields.acceptCopyright;
  return c;
}

/** PATCH (some fields) and PUT (all): checked, written in one transaction, announced when public. */
export async function updateSermon(
  deps: EditingDeps,
  user: UserRow,
  sermonId: string,
  fields: Partial<SermonFields>,
): Promise<EditableSermon> {
  return write(deps, async (tx) => {
    const before = await sermonToEdit(tx, user, sermonId, { lock: true });
    const columns = await columnsFor(tx, before, fields);
    if (Object.keys(columns).length === 0) return { value: sermonView(before, deps.now()) };
    await q.updateSermon(tx, sermonId, columns);
    if (columns.bible_text !== undefined)
      await q.replaceScripture(tx, sermonId, scriptureIndex(columns.bible_text).rows);
    else if (columns.preach_date !== undefined) await q.syncScriptureDate(tx, sermonId);
    const after = (await q.editableSermon(tx, sermonId)) as q.EditableSermonRow;
    const listed = columns.preach_date !== undefined || columns.keywords !== undefined;
    const change = await settle(tx, before, after, deps.now(), listed);
    return { value: sermonView(after, deps.now()), change };
  });
}

/** Publish now, schedule, draft or take down (spec §4). */
export async function setPublishState(
  deps: EditingDeps,
  user: UserRow,
  sermonId: string,
  request: { state: 'published' | 'draft' | 'unpublished' } | { state: 'scheduled'; publishTimestamp: string },
): Promise<EditableSermon> {
  const now = deps.now();
  return write(deps, async (tx) => {
    const before = await sermonToEdit(tx, user, sermonId, { lock: true });
    let at: Date | null = null;
    if (request.state === 'published' || request.state === 'scheduled') {
      if (!publishable(before)) throw conflict('error', 'error.sermonEditing.notPublishable');
      if (isPublic(before, now)) throw conflict('error', 'error.sermonEditing.alreadyPublished');
      at = new Date(now);
      if (request.state === 'scheduled') {
        at = new Date(Math.floor(Date.parse(request.publishTimestamp) / 60_000) * 60_000);
        if (at.getTime() <= now) throw invalid({ publishTimestamp: { key: 'error.sermonEditing.scheduleInPast' } });
        await enqueue(
          tx,
          'sermons.publish-scheduled',
          { sermonId, at: at.toISOString() },
          { runAt: at, dedupeKey: `sermons.publish-scheduled:${sermonId}:${at.toISOString()}` },
        );
      }
    }
    await q.setPublishTime(tx, sermonId, at, request.state === 'unpublished');
    const after = (await q.editableSermon(tx, sermonId)) as q.EditableSermonRow;
    return { value: sermonView(after, now), change: await settle(tx, before, after, now, true) };
  });
}

/**
 * The 'sermons.publish-scheduled' job: at its minute a scheduled sermon becomes public (its
 * publish time passes); the counters are settled and the hub told, so its pages show it at once.
 * Nothing when it was rescheduled, drafted or deleted meanwhile.
 */
export async function publishScheduled(deps: EditingDeps, sermonId: string, at: string): Promise<void> {
  await write(deps, async (tx) => {
    const row = await q.editableSermon(tx, sermonId, true);
    if (!row || row.deleted_at !== null || row.publish_timestamp?.toISOString() !== at) return { value: undefined };
    if (!isPublic(row, deps.now())) throw new Error(`sermon ${sermonId} is not due until ${at}`);
    const scheduled = { ...row, publish_timestamp: null };
    return { value: undefined, change: await settle(tx, scheduled, row, deps.now(), true) };
  });
}

export async function duplicateSermon(deps: EditingDeps, user: UserRow, sermonId: string): Promise<EditableSermon> {
  return write(deps, async (tx) => {
    await sermonToEdit(tx, user, sermonId);
    const copy = await q.duplicateSermon(tx, sermonId);
    return { value: await reload(deps, tx, copy) };
  });
}

/** Soft delete: gone from every public page at once, purged by a job after 30 days. */
export async function deleteSermon(
  deps: EditingDeps,
  user: UserRow,
  sermonId: string,
): Promise<{ sermonID: string; deleted: string; purgeAfter: string }> {
  return write(deps, async (tx) => {
    const before = await sermonToEdit(tx, user, sermonId, { lock: true });
    const deletedAt = await q.markDeleted(tx, sermonId);
    const purgeAt = new Date(deletedAt.getTime() + DELETED_SERMON_KEPT_DAYS * DAY_MS);
    await enqueue(tx, 'sermons.purge-deleted', { sermonId }, { runAt: purgeAt });
    const after = (await q.editableSermon(tx, sermonId)) as q.EditableSermonRow;
    const change = await settle(tx, before, after, deps.now(), true);
    return {
      value: { sermonID: sermonId, deleted: deletedAt.toISOString(), purgeAfter: purgeAt.toISOString() },
      change: change && { ...change, sermonIds: [sermonId] },
    };
  });
}

/** A site admin brings a deleted sermon back (the guard checks the role). */
export async function restoreSermon(deps: EditingDeps, sermonId: string): Promise<EditableSermon> {
  return write(deps, async (tx) => {
    const before = await q.editableSermon(tx, sermonId, true);
    if (!before || before.deleted_at === null) throw sermonNotFound();
    await q.restoreDeleted(tx, sermonId);
    const after = (await q.editableSermon(tx, sermonId)) as q.EditableSermonRow;
    return { value: sermonView(after, deps.now()), change: await settle(tx, before, after, deps.now(), true) };
  });
}

/** The 'sermons.purge-deleted' job's database half: the sermon, if still deleted and due; true when removed. */
export async function purgeDeletedSermon(deps: Pick<EditingDeps, 'db' | 'now'>, sermonId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await q.editableSermon(tx, sermonId, true);
    if (!row?.deleted_at) return false;
    if (row.deleted_at.getTime() + DELETED_SERMON_KEPT_DAYS * DAY_MS > deps.now()) return false;
    await q.purgeSermon(tx, sermonId);
    return true;
  });
}

// ---- the editor's settings and pickers ----

export function sermonConfig() {
  return {
    eventTypes: EVENT_TYPES.map((description) => ({ description, displayEventType: description })),
    defaultEventType: DEFAULT_EVENT_TYPE,
    languages: SERMON_LANGUAGES.map(({ languageCode, name, localizedName }) => ({ languageCode, name, localizedName })),
    publishStates: [...PUBLISH_STATES],
    limits: { ...SERMON_LIMITS },
    deletedSermonKeptDays: DELETED_SERMON_KEPT_DAYS,
    timeZone: 'America/New_York',
  };
}

const speakerView = (s: q.EditorSpeakerRow, user: UserRow) => ({
  speakerID: s.speaker_id,
  displayName: s.display_name,
  sortName: s.sort_name,
  bio: s.bio,
  broadcasterLock: s.broadcaster_lock,
  sermonCount: s.sermon_count,
  editable:
    s.broadcaster_lock !== null
      ? holdsBroadcasterRole(roleHolder(user), s.broadcaster_lock, BROADCASTER_ROLE.uploader)
      : isSiteAdmin(roleHolder(user)),
});

const seriesView = (s: q.EditorSeriesRow) => ({
  seriesID: s.series_id,
  broadcasterID: s.broadcaster_id,
  title: s.title,
  description: s.description,
  podcastEnabled: s.podcast_enabled,
  feedLinks: s.feed_links,
  sermonCount: s.sermon_count,
});

async function existingBroadcaster(deps: EditingDeps, broadcasterId: string): Promise<string> {
  const id = await q.broadcasterExists(deps.db, broadcasterId);
  if (!id) throw notFound('error.broadcasterNotFound');
  return id;
}

export async function editorDropdownContents(deps: EditingDeps, user: UserRow, sermonId: string) {
  const row = await sermonToEdit(deps.db, user, sermonId, { deleted: 'allowed' });
  const [speakers, series] = await Promise.all([
    q.broadcasterSpeakers(deps.db, row.broadcaster_id),
    q.broadcasterSeries(deps.db, row.broadcaster_id),
  ]);
  return { speakers: speakers.map((s) => speakerView(s, user)), series: series.map(seriesView) };
}

// ---- speakers ----

export async function editableSpeakers(deps: EditingDeps, user: UserRow, broadcasterId: string) {
  const id = await existingBroadcaster(deps, broadcasterId);
  return { results: (await q.broadcasterSpeakers(deps.db, id)).map((s) => speakerView(s, user)) };
}

/** 'John A. Smith' sorts as 'Smith, John A.'. */
export function sortNameOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/);
  return words.length < 2 ? displayName.trim() : `${words.at(-1)}, ${words.slice(0, -1).join(' ')}`;
}

function checkSpeakerName(name: string | undefined): void {
  if (name !== undefined && containsHtml(name))
    throw invalid({ speakerName: { key: 'error.sermonEditing.htmlInName' } });
}

/** A new speaker of the broadcaster; a known name is linked instead (`created` false). */
export async function createSpeaker(
  deps: EditingDeps,
  user: UserRow,
  body: { broadcasterID: string; speakerName: string; sortName?: string | undefined; bio?: string | undefined },
) {
  requireUploader(user, body.broadcasterID);
  const broadcasterId = await existingBroadcaster(deps, body.broadcasterID);
  checkSpeakerName(body.speakerName);
  return write(deps, async (tx) => {
    const known = await q.speakerByName(tx, body.speakerName);
    if (known && known.broadcaster_lock !== null && known.broadcaster_lock !== broadcasterId)
      throw conflict('speakerName', 'error.sermonEditing.speakerNameTaken');
    let speakerId = known?.speaker_id;
    if (speakerId === undefined)
      speakerId = await q.insertSpeaker(tx, {
        broadcasterId,
        displayName: body.speakerName,
        sortName: body.sortName ?? sortNameOf(body.speakerName),
        bio: body.bio ?? '',
      });
    else await q.linkSpeaker(tx, broadcasterId, speakerId);
    const [row] = await q.broadcasterSpeakers(tx, broadcasterId, speakerId);
    return { value: { created: !known, speaker: speakerView(row as q.EditorSpeakerRow, user) } };
  });
}

/** A speaker may be changed by the managers of the broadcaster it is locked to; shared ones by site admins. */
async function speakerToEdit(db: Db, user: UserRow, speakerId: number): Promise<q.EditorSpeakerRow> {
  const speaker = await q.speakerById(db, speakerId);
  if (!speaker) throw notFound('error.speakerNotFound');
  if (
    speaker.broadcaster_lock === null
      ? !isSiteAdmin(roleHolder(user))
      : !holdsBroadcasterRole(roleHolder(user), speaker.broadcaster_lock, BROADCASTER_ROLE.uploader)
  )
    throw refuse();
  return speaker;
}

export async function updateSpeaker(
  deps: EditingDeps,
  user: UserRow,
  speakerId: number,
  fields: { displayName?: string | undefined; sortName?: string | undefined; bio?: string | undefined },
) {
  checkSpeakerName(fields.displayName);
  return write(deps, async (tx) => {
    const before = await speakerToEdit(tx, user, speakerId);
    if (fields.displayName !== undefined && fields.displayName !== before.display_name) {
      const known = await q.speakerByName(tx, fields.displayName);
      if (known && known.speaker_id !== speakerId)
        throw conflict('displayName', 'error.sermonEditing.speakerNameTaken');
      await enqueueSermonVectorRefresh(tx, { of: 'speaker', speakerId });
    }
    await q.updateSpeaker(tx, speakerId, fields);
    const after = (await q.speakerById(tx, speakerId)) as q.EditorSpeakerRow;
    return {
      value: speakerView(after, user),
      change: { speakerIds: [speakerId], broadcasterIds: before.broadcaster_lock ? [before.broadcaster_lock] : [] },
    };
  });
}

export async function deleteSpeaker(deps: EditingDeps, user: UserRow, speakerId: number): Promise<void> {
  await write(deps, async (tx) => {
    await speakerToEdit(tx, user, speakerId);
    if (!(await q.deleteSpeaker(tx, speakerId))) throw conflict('error', 'error.sermonEditing.speakerHasSermons');
    return { value: undefined, change: { speakerIds: [speakerId] } };
  });
}

// ---- series ----

export async function editableSeries(deps: EditingDeps, broadcasterId: string) {
  const id = await existingBroadcaster(deps, broadcasterId);
  return { results: (await q.broadcasterSeries(deps.db, id)).map(seriesView) };
}

export async function createSeries(
  deps: EditingDeps,
  broadcasterId: string,
  body: { series_name: string; description?: string | undefined },
) {
  const id = await existingBroadcaster(deps, broadcasterId);
  if (containsHtml(body.series_name)) throw invalid({ series_name: { key: 'error.sermonEditing.htmlInTitle' } });
  return write(deps, async (tx) => {
    const seriesId = await q.insertSeries(tx, {
      broadcasterId: id,
      title: body.series_name,
      description: body.description ?? '',
    });
    return { value: seriesView((await q.seriesById(tx, seriesId)) as q.EditorSeriesRow) };
  });
}

async function seriesToEdit(db: Db, user: UserRow, seriesId: number): Promise<q.EditorSeriesRow> {
  const series = await q.seriesById(db, seriesId);
  if (!series) throw notFound('error.seriesNotFound');
  requireUploader(user, series.broadcaster_id);
  return series;
}

export async function updateSeries(deps: EditingDeps, user: UserRow, seriesId: number, fields: q.SeriesFields) {
  if (fields.title !== undefined && containsHtml(fields.title))
    throw invalid({ title: { key: 'error.sermonEditing.htmlInTitle' } });
  return write(deps, async (tx) => {
    const before = await seriesToEdit(tx, user, seriesId);
    if (fields.title !== undefined && fields.title !== before.title)
      await enqueueSermonVectorRefresh(tx, { of: 'series', seriesId });
    await q.updateSeries(tx, seriesId, fields);
    return {
      value: seriesView((await q.seriesById(tx, seriesId)) as q.EditorSeriesRow),
      change: { seriesIds: [seriesId], broadcasterIds: [before.broadcaster_id] },
    };
  });
}

export async function deleteSeries(deps: EditingDeps, user: UserRow, seriesId: number): Promise<void> {
  await write(deps, async (tx) => {
    const before = await seriesToEdit(tx, user, seriesId);
    await q.deleteSeries(tx, seriesId);
    return {
      value: undefined,
      change: { seriesIds: [seriesId], broadcasterIds: [before.broadcaster_id], listed: true },
    };
  });
}

// ---- the dashboard's list ----

function dashboardView(r: q.DashboardSermonRow, now: number): DashboardSermon {
  return {
    sermonID: r.sermon_id,
    fullTitle: r.full_title,
    displayTitle: r.display_title,
    speaker: { speakerID: r.speaker_id, displayName: r.speaker_name },
    series: r.series_id === null ? null : { seriesID: r.series_id, title: r.series_title ?? '' },
    eventType: r.event_type,
    languageCode: r.language_code,
    preachDate: r.preach_date,
    publishTimestamp: iso(r.publish_timestamp),
    publishState: publishStateOf(r.publish_timestamp, r.unpublished, now),
    hasAudio: r.has_audio,
    hasVideo: r.has_video,
    updated: r.updated_at.toISOString(),
  };
}

/** The cursor's columns: the list's total, then its two sort keys. */
function cursorColumns(sort: DashboardSermonListQuery['sortBy']): KeyColumn[] {
  const [a, b, dir] = q.DASHBOARD_ORDERS[sort];
  return [
    { expr: 'total', type: 'int', dir },
    { expr: a.expr, type: a.type, dir },
    { expr: b.expr, type: b.type, dir },
  ];
}

/**
 * A broadcaster's sermons in every state but deleted (the guard checked the role). The total is
 * settled on the first page by the catalogue's rule (exact up to 10,000, the planner's estimate
 * above); the following pages go on by keyset from `next`, which carries it along.
 */
export async function dashboardSermons(
  deps: EditingDeps,
  broadcasterId: string,
  query: DashboardSermonListQuery,
  requestUrl: URL,
) {
  const id = await existingBroadcaster(deps, broadcasterId);
  const sort = DASHBOARD_SERMON_SORTS.includes(query.sortBy) ? query.sortBy : 'newest';
  const cols = cursorColumns(sort);
  const fromCursor = decodeCursor(query.cursor, query.page, cols);
  const offset = fromCursor ? 0 : (query.page - 1) * query.pageSize;
  if (offset > NUMBERED_ROWS)
    throw invalid({
      page: { key: 'error.invalidParameter', params: { name: 'page', detail: `≤ ${NUMBERED_ROWS / query.pageSize}` } },
    });
  const filter: q.DashboardFilter = {
    broadcasterId: id,
    search: query.search ? await q.dashboardSearch(deps.db, id, query.search) : undefined,
    state: query.state,
    speakerId: query.speakerID,
    seriesId: query.seriesID,
    eventType: query.eventType,
  };
  const rows = await q.dashboardSermons(deps.db, filter, sort, {
    after: fromCursor ? [fromCursor[1] as string, fromCursor[2] as string] : undefined,
    offset,
    limit: query.pageSize + 1,
  });
  const hasMore = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  const total = fromCursor
    ? Number(fromCursor[0])
    : await listTotal(deps.db, {
        matching: q.dashboardMatching(filter),
        page: query.page,
        pageSize: query.pageSize,
        rows: page.length,
        cap: filter.search ? SEARCH_COUNT_CAP : undefined,
      });
  const last = page.at(-1);
  let next: string | null = null;
  if (hasMore && last) {
    const url = new URL(requestUrl);
    url.searchParams.set('page', String(query.page + 1));
    url.searchParams.set('cursor', encodeCursor({ page: query.page + 1, values: [String(total), last.k0, last.k1] }));
    next = url.toString();
  }
  const now = deps.now();
  return {
    results: page.map((r) => dashboardView(r, now)),
    totalCount: total,
    next,
    nodeType: 'sermons',
    nodeDisplayName: id,
  };
}
