import { isMediaUnlinked } from '@kerygma/domain/media';
import type { Db } from '../../db/db.ts';
import { enqueue } from '../../jobs/queue.ts';
import {
  deleteMediaItems,
  foldersInUse,
  insertMediaItem,
  type NewMediaItem,
  renditionDurationsRow,
} from './media-items.queries.ts';

/** The folder of one pipeline run (`<sermonID>/r/<guid>/<run>`) a storage key lies in, if any. */
export function runFolder(storageKey: string): string | null {
  return /^([^/]+\/r\/[^/]+\/[^/]+)\//.exec(storageKey)?.[1] ?? null;
}

/**
 * Replaces the sermon's items of `types` (restricted to one language when given) with `items`
 * made from upload `guid`, and queues the deletion of run folders no item points into any more.
 * Call inside a transaction.
 */
export async function replaceMediaItems(
  tx: Db,
  sermonId: string,
  types: readonly NewMediaItem['mediaType'][],
  guid: string | null,
  items: readonly NewMediaItem[],
  languageCode?: string,
): Promise<void> {
  const removed = await deleteMediaItems(tx, sermonId, types, languageCode ?? null);
  for (const m of items) await insertMediaItem(tx, sermonId, guid, m);
  await deleteUnusedRunFolders(
    tx,
    sermonId,
    removed.map((r) => r.storage_key),
  );
}

/** Queues the deletion of the run folders of `keys` that no media item of the sermon uses. */
export async function deleteUnusedRunFolders(tx: Db, sermonId: string, keys: readonly (string | null)[]) {
  const folders = [...new Set(keys.map((k) => (k ? runFolder(k) : null)).filter((f): f is string => f !== null))];
  if (!folders.length) return;
  const inUse = await foldersInUse(tx, sermonId, folders);
  const unused = folders.filter((f) => !inUse.has(f));
  if (unused.length) await enqueue(tx, 'media.delete-files', { sermonId, keys: unused });
}

/** Exact durations of the sermon's audio (MP3) and video (MP4) renditions; null for a kind it lacks. */
export async function renditionDurations(db: Db, sermonId: string) {
  const { audio, video } = await renditionDurationsRow(db, sermonId);
  const unlinked = isMediaUnlinked({
    hasAudio: audio !== null,
    hasVideo: video !== null,
    audioDurationSeconds: audio ?? 0,
    videoDurationSeconds: video ?? 0,
  });
  return { audio, video, unlinked };
}
