import type { PlayerKind, PlayerSermon } from './types.ts';

/**
 * Where each sermon was left off, and what was playing last, kept in localStorage so a reload
 * or a later visit can offer to resume (spec §4 "Resume state includes ask").
 */
export const RESUME_KEY = 'player-resume';
/** Sermons remembered; the oldest are forgotten first. */
const MAX_SERMONS = 100;
/** Positions this close to either end are not worth resuming. */
const MARGIN_SECONDS = 5;

export type LastPlayed = { sermon: PlayerSermon; kind: PlayerKind; position: number };
/** `savedAt`: when each position was saved (epoch ms), so a newer one from another device can win (position-sync.ts). */
export type ResumeStore = {
  positions: Record<string, number>;
  savedAt: Record<string, number>;
  last: LastPlayed | null;
};

/** The kept positions (exported for position-sync.ts, which adopts positions from the account). */
export function readResume(storage: Pick<Storage, 'getItem'> | undefined): ResumeStore {
  try {
    const value = JSON.parse(storage?.getItem(RESUME_KEY) ?? 'null') as Partial<ResumeStore> | null;
    return {
      positions: value?.positions && typeof value.positions === 'object' ? value.positions : {},
      savedAt: value?.savedAt && typeof value.savedAt === 'object' ? value.savedAt : {},
      last: value?.last?.sermon?.sermonID ? value.last : null,
    };
  } catch {
    return { positions: {}, savedAt: {}, last: null };
  }
}

export function writeResume(storage: Pick<Storage, 'setItem'> | undefined, store: ResumeStore) {
  try {
    storage?.setItem(RESUME_KEY, JSON.stringify(store));
  } catch {
    // Storage unavailable or full: nothing to resume next time.
  }
}

/** A position worth offering, or 0. */
export function resumablePosition(position: number, duration: number): number {
  if (!(position > MARGIN_SECONDS)) return 0;
  if (duration > 0 && position > duration - MARGIN_SECONDS) return 0;
  return position;
}

export function savedPosition(storage: Storage | undefined, sermonID: string): number {
  return readResume(storage).positions[sermonID] ?? 0;
}

export function lastPlayed(storage: Storage | undefined): LastPlayed | null {
  return readResume(storage).last;
}

/** Remembers the position of the sermon now playing (0 forgets it: it ended). */
export function savePosition(
  storage: Storage | undefined,
  sermon: PlayerSermon,
  kind: PlayerKind,
  position: number,
  now = Date.now(),
) {
  const store = readResume(storage);
  const p = resumablePosition(position, sermon.durationSeconds);
  delete store.positions[sermon.sermonID];
  delete store.savedAt[sermon.sermonID];
  if (p > 0) {
    store.positions[sermon.sermonID] = Math.floor(p);
    store.savedAt[sermon.sermonID] = now;
  }
  const ids = Object.keys(store.positions);
  for (const id of ids.slice(0, Math.max(0, ids.length - MAX_SERMONS))) {
    delete store.positions[id];
    delete store.savedAt[id];
  }
  store.last = p > 0 ? { sermon, kind, position: Math.floor(p) } : null;
  writeResume(storage, store);
}
