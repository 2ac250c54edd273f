import { describe, expect, it } from 'vitest';
import type { PlayerSermon } from '../islands/player/types.ts';
import {
  $follows,
  followKey,
  followState,
  forgetFollows,
  loadFollows,
  parseFollowKey,
  setFollowing,
} from './follows.ts';
import {
  $isPlaying,
  $nowPlaying,
  answerRequests,
  type PlayRequest,
  playingNow,
  reportProgress,
  reportSermon,
  reportState,
  requestPlay,
  requestToggle,
} from './now-playing.ts';

const sermon = (sermonID: string): PlayerSermon => ({
  sermonID,
  title: `Sermon ${sermonID}`,
  speaker: 'A. Speaker',
  broadcaster: 'A Church',
  broadcasterID: 'church',
  seriesID: null,
  pageURL: `/sermons/${sermonID}`,
  artwork: null,
  poster: null,
  durationSeconds: 1800,
  audio: { url: `/media/${sermonID}.mp3`, height: null, adaptive: false },
  video: [],
  captions: [],
  waveformURL: null,
});

describe('now playing', () => {
  it('keeps a request made before the engine loads and hands it over, then answers directly', () => {
    const asked: string[] = [];
    requestToggle({ sermon: sermon('1'), kind: 'audio' });
    requestPlay({ sermon: sermon('2'), kind: 'audio' });
    const record = (action: string) => (r: PlayRequest) => asked.push(`${action} ${r.sermon.sermonID}`);
    answerRequests({ play: record('play'), toggle: record('toggle') });
    // Only the last request before loading counts: the listener's latest press.
    expect(asked).toEqual(['play 2']);
    requestToggle({ sermon: sermon('3'), kind: 'video' });
    expect(asked).toEqual(['play 2', 'toggle 3']);
  });

  it('tells a play button whether its sermon is the one playing', () => {
    reportSermon(sermon('7'), 'audio');
    reportState('buffering');
    expect($isPlaying.get()).toBe(true);
    expect(playingNow($nowPlaying.get(), '7', 'audio')).toBe(true);
    expect(playingNow($nowPlaying.get(), '7', 'video')).toBe(false);
    expect(playingNow($nowPlaying.get(), '8', 'audio')).toBe(false);
    reportState('paused');
    expect(playingNow($nowPlaying.get(), '7', 'audio')).toBe(false);
    reportProgress(42, 1795);
    expect($nowPlaying.get()).toMatchObject({ position: 42, duration: 1795 });
    reportSermon(sermon('8'), 'audio');
    expect($nowPlaying.get()).toMatchObject({ position: 0, duration: 1800 });
  });
});

describe('follows', () => {
  it('keeps one state per followed item, sermons included, cleared on sign-out', () => {
    loadFollows([
      { kind: 'broadcaster', id: 'church', followed: true },
      { kind: 'sermon', id: '123', followed: false },
    ]);
    setFollowing('series', 12, true);
    expect($follows.get()[followKey('series', 12)]).toBe(true);
    expect(followState('sermon', '123')).toBe(false);
    // Not asked about yet: unknown, not 'not followed'.
    expect(followState('speaker', 'A. Speaker')).toBeUndefined();
    setFollowing('broadcaster', 'church', false);
    expect(followState('broadcaster', 'church')).toBe(false);
    // A batch answer adds to what is known; it does not forget the rest.
    loadFollows([{ kind: 'speaker', id: 'A. Speaker', followed: true }]);
    expect(followState('series', 12)).toBe(true);
    expect(followState('speaker', 'A. Speaker')).toBe(true);
    forgetFollows();
    expect($follows.get()).toEqual({});
  });

  it('reads a `kind:id` key back, speaker names with colons too, and refuses unknown kinds', () => {
    expect(parseFollowKey('speaker:Dr. A: B')).toEqual({ kind: 'speaker', id: 'Dr. A: B' });
    expect(parseFollowKey('sermon:42')).toEqual({ kind: 'sermon', id: '42' });
    expect(parseFollowKey('hashtag:grace')).toBeNull();
    expect(parseFollowKey('series:')).toBeNull();
    expect(parseFollowKey('nothing')).toBeNull();
  });
});
