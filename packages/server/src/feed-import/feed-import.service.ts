import { FEED_IMPORT_LIMITS, type FeedImport, type feedImportContracts } from '@kerygma/domain/contracts/feed-import';
import { DEFAULT_EVENT_TYPE } from '@kerygma/domain/event-types';
import { feedPath } from '@kerygma/domain/feeds';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { containsHtml, SERMON_LIMITS } from '@kerygma/domain/sermon-editing';
import type { z } from 'zod';
import { type Actor, requireRole } from '../accounts/guards.ts';
import type { CatalogueChange, CatalogueChanges } from '../catalogue/catalogue-changes.ts';
import type { Db } from '../db/db.ts';
import { ApiError, invalid, type MessageRef, notFound } from '../errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { scriptureIndex } from '../seed/scripture-index.ts';
import * as editing from '../sermon-editing/sermon-editing.queries.ts';
import { sortNameOf } from '../sermon-editing/sermon-editing.service.ts';
import * as q from './feed-import.queries.ts';
import { mapFeed } from './map-feed.ts';
import { FeedRefused, parseFeed } from './parse-feed.ts';
import { FetchError, fetchText } from './safe-fetch.ts';

/**
 * Feed import (issue 25 "Feeds in"): a feed read into a preview the broadcaster corrects, then
 * imported in one transaction (speakers, series, sermons keeping each item's guid), each item's
 * media fetched and encoded by a 'feeds.import-media' job (feed-import.jobs.ts).
 */

export type FeedImportDeps = {
  db: Db;
  changes: CatalogueChanges;
  now: () => number;
  /** FEED_IMPORT_ALLOW_LOOPBACK. */
  allowLoopback: boolean;
};
/** How a reply is written for its reader: message keys in their language, links on this origin. */
export type Reader = { t: (ref: MessageRef) => string; origin: string };

/** The longest a feed's address may take to answer in full. */
const FEED_FETCH_TIMEOUT_MS = 30_000;

const conflict = (key: string) => new ApiError(409, 'conflict', { error: { key } });
const importNotFound = () => notFound('feedImport.error.notFound');

async function existingBroadcaster(db: Db, broadcasterId: string): Promise<string> {
  const id = await editing.broadcasterExists(db, broadcasterId);
  if (!id) throw notFound('error.broadcasterNotFound');
  return id;
}

/** An import its caller may manage (404 when missing, 403 without the role). */
async function importFor(db: Db, actor: Actor, importId: number, lock = false): Promise<q.ImportRow> {
  const row = await q.importById(db, importId, lock);
  if (!row) throw importNotFound();
  requireRole(actor, row.broadcaster_id, 'uploader');
  return row;
}

const lower = (s: string) => s.toLocaleLowerCase('en');

/** The preview or import as the contract has it. */
async function view(db: Db, imp: q.ImportRow, reader: Reader): Promise<FeedImport> {
  // One after another: `db` may be a transaction's one connection.
  const items = await q.importItems(db, imp.import_id);
  const speakers = await editing.broadcasterSpeakers(db, imp.broadcaster_id);
  const series = await editing.broadcasterSeries(db, imp.broadcaster_id);
  const merges = imp.speaker_merges;
  const speakerIds = new Map(speakers.map((s) => [lower(s.display_name), s.speaker_id]));
  // A shared speaker of the catalogue (locked to no broadcaster) is the one an import links to.
  for (const name of new Set(items.map((i) => merges[i.speaker_name] ?? i.speaker_name))) {
    if (speakerIds.has(lower(name))) continue;
    const shared = await editing.speakerByName(db, name);
    if (shared && shared.broadcaster_lock === null) speakerIds.set(lower(name), shared.speaker_id);
  }
  const seriesIds = new Map(series.map((s) => [lower(s.title), s.series_id]));
  const tally = (values: (string | null)[]) => {
    const map = new Map<string, number>();
    for (const v of values) if (v !== null) map.set(v, (map.get(v) ?? 0) + 1);
    return [...map];
  };
  const counted = items.filter((i) => i.sermon_id !== null || (i.include && !i.already_imported));
  const onItsWay = items.some(
    (i) => i.media_state === 'waiting' || i.media_state === 'fetching' || i.media_state === 'encoding',
  );
  return {
    importID: imp.import_id,
    broadcasterID: imp.broadcaster_id,
    sourceURL: imp.source_url,
    state: imp.state === 'importing' && !onItsWay ? 'done' : imp.state,
    channel: imp.channel,
    newFeedURL: `${reader.origin}${feedPath('broadcaster', imp.broadcaster_id)}`,
    publish: imp.publish,
    speakers: tally(items.map((i) => i.speaker_name)).map(([name, sermonCount]) => ({
      name,
      sermonCount,
      speakerID: speakerIds.get(lower(merges[name] ?? name)) ?? null,
      mergeInto: merges[name] ?? null,
    })),
    series: tally(items.map((i) => i.series_title)).map(([title, sermonCount]) => ({
      title,
      sermonCount,
      seriesID: seriesIds.get(lower(title)) ?? null,
    })),
    items: items.map((i) => ({
      guid: i.guid,
      title: i.title,
      preachDate: i.preach_date,
      description: i.description,
      speakerName: merges[i.speaker_name] ?? i.speaker_name,
      seriesTitle: i.series_title,
      bibleText: i.bible_text,
      enclosureURL: i.enclosure_url,
      enclosureType: i.enclosure_type,
      durationSeconds: i.duration_seconds,
      include: i.include,
      alreadyImported: i.already_imported,
      sermonID: i.sermon_id,
      mediaState: i.media_state,
      error: i.media_error ? reader.t(i.media_error) : null,
    })),
    progress: {
      total: counted.length,
      imported: items.filter((i) => i.sermon_id !== null).length,
      mediaDone: items.filter((i) => i.media_state === 'done').length,
      mediaFailed: items.filter((i) => i.media_state === 'failed').length,
    },
    createdAt: Math.floor(imp.created_at.getTime() / 1000),
  };
}

/** Reads a feed (from its address or as sent) into a new preview; 422 (413 when too large) with the reason. */
export async function createImport(
  deps: FeedImportDeps,
  actor: Actor,
  broadcasterId: string,
  body: { url: string } | { xml: string },
  reader: Reader,
): Promise<FeedImport> {
  requireRole(actor, broadcasterId, 'uploader');
  const id = await existingBroadcaster(deps.db, broadcasterId);
  const field = 'url' in body ? 'url' : 'xml';
  const refused = (ref: MessageRef) =>
    new ApiError(ref.key === 'feedImport.error.tooLarge' ? 413 : 422, 'unreadable_feed', { [field]: ref });
  let xml: string;
  let sourceUrl: string | null = null;
  try {
    if ('url' in body) {
      const fetched = await fetchText(body.url, {
        allowLoopback: deps.allowLoopback,
        maxBytes: FEED_IMPORT_LIMITS.feedMaxBytes,
        totalTimeoutMs: FEED_FETCH_TIMEOUT_MS,
      });
      xml = fetched.text;
      sourceUrl = body.url;
    } else xml = body.xml;
    const today = new Date(deps.now()).toISOString().slice(0, 10);
    const mapped = mapFeed(parseFeed(xml), today);
    const importId = await deps.db.transaction(async (tx) => {
      const made = await q.insertImport(tx, { broadcasterId: id, sourceUrl, channel: mapped.channel });
      await q.insertItems(tx, made, mapped.items);
      return made;
    });
    return view(deps.db, (await q.importById(deps.db, importId)) as q.ImportRow, reader);
  } catch (error) {
    if (error instanceof FetchError || error instanceof FeedRefused) throw refused(error.ref);
    throw error;
  }
}

export async function listImports(deps: FeedImportDeps, actor: Actor, broadcasterId: string, reader: Reader) {
  requireRole(actor, broadcasterId, 'uploader');
  const id = await existingBroadcaster(deps.db, broadcasterId);
  const results = [];
  for (const imp of await q.broadcasterImports(deps.db, id)) {
    const { items: _items, ...rest } = await view(deps.db, imp, reader);
    results.push(rest);
  }
  return { results };
}

export async function getImport(deps: FeedImportDeps, actor: Actor, importId: number, reader: Reader) {
  return view(deps.db, await importFor(deps.db, actor, importId), reader);
}

export type Corrections = z.infer<(typeof feedImportContracts)['updateFeedImport']['body']>;

/** Corrects a preview in one transaction (409 once it has started; 400 naming an item it does not have). */
export async function updateImport(
  deps: FeedImportDeps,
  actor: Actor,
  importId: number,
  c: Corrections,
  reader: Reader,
): Promise<FeedImport> {
  // Names and titles as the sermon editor takes them: no HTML.
  const names = [...(c.speakers ?? []).map((s) => s.mergeInto), ...(c.items ?? []).map((i) => i.speakerName)];
  if (names.some((n) => n && containsHtml(n)))
    throw invalid({ speakerName: { key: 'error.sermonEditing.htmlInName' } });
  if ((c.items ?? []).some((i) => i.seriesTitle && containsHtml(i.seriesTitle)))
    throw invalid({ seriesTitle: { key: 'error.sermonEditing.htmlInTitle' } });
  await deps.db.transaction(async (tx) => {
    const imp = await importFor(tx, actor, importId, true);
    if (imp.state !== 'preview') throw conflict('feedImport.error.notPreview');
    if (c.publish) await q.setPublish(tx, importId, c.publish);
    if (c.speakers) {
      const merges = { ...imp.speaker_merges };
      for (const s of c.speakers) {
        if (s.mergeInto === null || s.mergeInto === s.name) delete merges[s.name];
        else merges[s.name] = s.mergeInto.slice(0, SERMON_LIMITS.speakerName);
      }
      await q.setMerges(tx, importId, merges);
    }
    for (const item of c.items ?? []) {
      const correction = { ...item, speakerName: item.speakerName?.slice(0, SERMON_LIMITS.speakerName) };
      if (!(await q.correctItem(tx, importId, item.guid, correction)))
        throw new ApiError(400, 'invalid_request', { items: { key: 'feedImport.error.unknownItem' } });
    }
  });
  return getImport(deps, actor, importId, reader);
}

/** A sermon language for the feed's language ('en-us' → 'en'), English when Kerygma has none. */
function sermonLanguage(code: string | null): string {
  const base = code?.split(/[-_]/)[0]?.toLowerCase();
  return SERMON_LANGUAGES.find((l) => l.languageCode === base)?.languageCode ?? 'en';
}

/**
 * Imports a preview: in one transaction, the speakers and series it needs (the broadcaster's own
 * when the names match), one sermon per included item not imported before, and a media job
 * per item with an enclosure. Announced after the commit when published.
 */
export async function startImport(
  deps: FeedImportDeps,
  actor: Actor,
  importId: number,
  reader: Reader,
): Promise<FeedImport> {
  const change = await deps.db.transaction(async (tx): Promise<CatalogueChange | undefined> => {
    const imp = await importFor(tx, actor, importId, true);
    if (imp.state !== 'preview') throw conflict('feedImport.error.notPreview');
    const bid = imp.broadcaster_id;
    // One import at a time per broadcaster: two of the same feed would make each item twice.
    await q.lockBroadcaster(tx, bid);
    const all = (await q.importItems(tx, importId)).filter((i) => i.include);
    const items = all.filter((i) => !i.already_imported);
    const merges = imp.speaker_merges;

    const speakerIds = new Map<string, number>();
    const known = await editing.broadcasterSpeakers(tx, bid);
    for (const name of new Set(items.map((i) => merges[i.speaker_name] ?? i.speaker_name))) {
      const mine = known.find((s) => lower(s.display_name) === lower(name));
      let speakerId = mine?.speaker_id;
      if (speakerId === undefined) {
        const other = await editing.speakerByName(tx, name);
        if (other && other.broadcaster_lock !== null && other.broadcaster_lock !== bid)
          throw new ApiError(409, 'conflict', {
            error: { key: 'feedImport.error.speakerNameTaken', params: { name } },
          });
        if (other) await editing.linkSpeaker(tx, bid, other.speaker_id);
        speakerId =
          other?.speaker_id ??
          (await editing.insertSpeaker(tx, {
            broadcasterId: bid,
            displayName: name,
            sortName: sortNameOf(name),
            bio: '',
          }));
      }
      speakerIds.set(name, speakerId);
    }
    const seriesIds = new Map<string, number>();
    const series = await editing.broadcasterSeries(tx, bid);
    for (const title of new Set(items.flatMap((i) => (i.series_title ? [i.series_title] : [])))) {
      const mine = series.find((s) => lower(s.title) === lower(title));
      seriesIds.set(
        title,
        mine?.series_id ?? (await editing.insertSeries(tx, { broadcasterId: bid, title, description: '' })),
      );
    }

    const published = imp.publish === 'published';
    const languageCode = sermonLanguage(imp.channel.languageCode);
    const made: { sermonId: string; item: q.ItemRow }[] = [];
    for (const item of items) {
      const { bibleSort, rows } = scriptureIndex(item.bible_text);
      const sermonId = await editing.insertSermon(tx, bid, {
        full_title: item.title,
        display_title: item.title.slice(0, SERMON_LIMITS.displayTitle),
        subtitle: item.subtitle,
        bible_text: item.bible_text,
        bible_sort: bibleSort,
        speaker_id: speakerIds.get(merges[item.speaker_name] ?? item.speaker_name) as number,
        series_id: item.series_title ? (seriesIds.get(item.series_title) ?? null) : null,
        event_type: DEFAULT_EVENT_TYPE,
        language_code: languageCode,
        preach_date: item.preach_date,
        keywords: '',
        more_info_text: item.description || null,
        // Publishing is the broadcaster's acknowledgement that the feed's sermons are theirs to publish.
        accept_copyright: published,
      });
      if (rows.length) await editing.replaceScripture(tx, sermonId, rows);
      made.push({ sermonId, item });
    }
    await q.markImported(tx, importId, made, published);
    const media = made.flatMap(({ item }) =>
      item.enclosure_url ? [{ import_id: importId, position: item.position }] : [],
    );
    // Importing the feed again is how failed media are retried: items imported before whose media failed go again.
    const again = all.filter((i) => i.already_imported).map((i) => i.guid);
    for (const job of [...media, ...(await q.retryFailedMedia(tx, bid, again))])
      await enqueue(
        tx,
        'feeds.import-media',
        { importId: job.import_id, position: job.position },
        { dedupeKey: `feeds.import-media:${job.import_id}:${job.position}` },
      );
    await q.setImporting(tx, importId);
    if (!published || made.length === 0) return undefined;
    const affected = { speakerIds: [...new Set(speakerIds.values())], seriesIds: [...new Set(seriesIds.values())] };
    await editing.recount(tx, { broadcasterId: bid, ...affected, hashtags: [] });
    return { sermonIds: made.map((m) => m.sermonId), broadcasterIds: [bid], ...affected, listed: true };
  });
  if (change) deps.changes.announce(change);
  return getImport(deps, actor, importId, reader);
}

/** Forgets a preview or a finished import (its sermons stay); 409 while its media are on their way. */
export async function deleteImport(deps: FeedImportDeps, actor: Actor, importId: number, reader: Reader) {
  await deps.db.transaction(async (tx) => {
    const imp = await importFor(tx, actor, importId, true);
    if ((await view(tx, imp, reader)).state === 'importing') throw conflict('feedImport.error.stillImporting');
    await q.deleteImport(tx, importId);
  });
  return { ok: true as const };
}
