import { describe, expect, it } from 'vitest';
import { gridColumns, type WallWebcast, wallPage, wallWebcasts } from './rotation.ts';

const webcast = (
  webcastID: string,
  broadcasterID: string,
  startTimestamp: number | null,
  more: Partial<WallWebcast> = {},
) =>
  ({
    webcastID,
    broadcasterID,
    displayName: broadcasterID,
    title: `Service ${webcastID}`,
    speakerName: '',
    state: 'live',
    startTimestamp,
    hlsURL: `/live-media/${webcastID}/index.m3u8`,
    ...more,
  }) satisfies WallWebcast;

const ids = (list: readonly WallWebcast[]) => list.map((w) => w.webcastID);

describe('which live webcasts the wall shows, and in what order', () => {
  const live = [
    webcast('c', 'gracechurch', 300),
    webcast('a', 'hopechapel', 100),
    webcast('b', 'GraceChurch', 100),
    webcast('locked', 'hopechapel', 50, { hlsURL: null }),
    webcast('quiet', 'hopechapel', 60, { state: 'offline' }),
  ];

  it('everyone’s live webcasts with a playlist, longest live first, by ID on a tie', () => {
    expect(ids(wallWebcasts(live, { kind: 'all' }))).toEqual(['a', 'b', 'c']);
  });

  it('one broadcaster’s, whatever the case of its ID', () => {
    expect(ids(wallWebcasts(live, { kind: 'broadcaster', broadcasterID: 'GRACECHURCH' }))).toEqual(['b', 'c']);
  });

  it('a group’s broadcasters’', () => {
    expect(ids(wallWebcasts(live, { kind: 'group', broadcasterIDs: new Set(['hopechapel']) }))).toEqual(['a']);
    expect(wallWebcasts(live, { kind: 'group', broadcasterIDs: new Set() })).toEqual([]);
  });
});

describe('how many previews at once, and for how long', () => {
  const seven = ['1', '2', '3', '4', '5', '6', '7'];
  const settings = { webcastPerformanceThreshold: 3, displayDuration: 9 };

  it('all on one page that stays when they fit', () => {
    expect(wallPage(seven, { ...settings, webcastPerformanceThreshold: 35 }, 1e9)).toEqual({
      shown: seven,
      page: 0,
      pages: 1,
      nextChangeMs: null,
    });
    expect(wallPage([], settings, 0)).toEqual({ shown: [], page: 0, pages: 1, nextChangeMs: null });
  });

  it('more than the threshold: pages of the threshold, each displayDuration seconds, then round again', () => {
    expect(wallPage(seven, settings, 0)).toMatchObject({
      shown: ['1', '2', '3'],
      page: 0,
      pages: 3,
      nextChangeMs: 9000,
    });
    expect(wallPage(seven, settings, 8999)).toMatchObject({ shown: ['1', '2', '3'], nextChangeMs: 1 });
    expect(wallPage(seven, settings, 9000)).toMatchObject({ shown: ['4', '5', '6'], page: 1 });
    // The last page is filled from the first: every page plays as many as allowed.
    expect(wallPage(seven, settings, 20_000)).toMatchObject({ shown: ['7', '1', '2'], page: 2, nextChangeMs: 7000 });
    expect(wallPage(seven, settings, 27_000)).toMatchObject({ shown: ['1', '2', '3'], page: 0 });
  });

  it('lays previews out in the squarest grid', () => {
    expect([1, 2, 4, 5, 9, 10, 35].map(gridColumns)).toEqual([1, 2, 2, 3, 3, 4, 6]);
    expect(gridColumns(0)).toBe(1);
  });
});
