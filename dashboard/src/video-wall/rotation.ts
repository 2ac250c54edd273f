import type { WebcastLite } from '@kerygma/domain/contracts/webcasts';

/**
 * What the video wall shows (spec §2 video wall, §9 defaults): which live webcasts, in what
 * order, how many at once and for how long. Pure: the screen hands it the list and the time.
 */
export type WallWebcast = Pick<
  WebcastLite,
  'webcastID' | 'broadcasterID' | 'displayName' | 'title' | 'speakerName' | 'state' | 'startTimestamp' | 'hlsURL'
>;

/** Whose webcasts: one broadcaster's (/video-wall/broadcaster/{id}), a group's, or everyone's. */
export type WallScope =
  | { kind: 'all' }
  | { kind: 'broadcaster'; broadcasterID: string }
  | { kind: 'group'; broadcasterIDs: ReadonlySet<string> };

/**
 * The webcasts the wall may show: live now, with a playlist to play (a password-protected
 * webcast has none for the wall), within the scope; longest live first, so a page keeps its
 * place as others start, and by ID when two started together.
 */
export function wallWebcasts<W extends WallWebcast>(webcasts: readonly W[], scope: WallScope): W[] {
  const inScope = (w: W) => {
    const id = w.broadcasterID.toLowerCase();
    if (scope.kind === 'broadcaster') return id === scope.broadcasterID.toLowerCase();
    if (scope.kind === 'group') return scope.broadcasterIDs.has(id);
    return true;
  };
  return webcasts
    .filter((w) => w.state === 'live' && w.hlsURL !== null && inScope(w))
    .sort(
      (a, b) =>
        (a.startTimestamp ?? Number.MAX_SAFE_INTEGER) - (b.startTimestamp ?? Number.MAX_SAFE_INTEGER) ||
        a.webcastID.localeCompare(b.webcastID),
    );
}

export type RotationSettings = {
  /** The most previews at once (§9 webcastPerformanceThreshold). */
  webcastPerformanceThreshold: number;
  /** Seconds a page shows (§9 displayDuration). */
  displayDuration: number;
};

export type WallPage<W> = {
  /** The previews on screen now. */
  shown: W[];
  /** This page's number from 0, of `pages`. */
  page: number;
  pages: number;
  /** Milliseconds until the next page; null when everything fits on one. */
  nextChangeMs: number | null;
};

/**
 * The page on screen `elapsedMs` after the wall started: pages of at most the threshold's
 * previews, each shown displayDuration seconds in turn. When all fit, one page stays.
 */
export function wallPage<W>(webcasts: readonly W[], settings: RotationSettings, elapsedMs: number): WallPage<W> {
  const perPage = Math.max(1, Math.floor(settings.webcastPerformanceThreshold));
  const pages = Math.max(1, Math.ceil(webcasts.length / perPage));
  if (pages === 1) return { shown: [...webcasts], page: 0, pages, nextChangeMs: null };
  const periodMs = Math.max(1, settings.displayDuration) * 1000;
  const elapsed = Math.max(0, elapsedMs);
  const turn = Math.floor(elapsed / periodMs);
  const page = turn % pages;
  // The last page is filled from the first, so every page plays as many previews as allowed.
  const start = page * perPage;
  const shown = Array.from({ length: perPage }, (_, i) => webcasts[(start + i) % webcasts.length] as W);
  return { shown, page, pages, nextChangeMs: (turn + 1) * periodMs - elapsed };
}

/** Columns for `count` previews: the squarest grid that holds them (1, 2, 2, 2, 3, …). */
export function gridColumns(count: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(count)));
}
