import { describe, expect, it } from 'vitest';
import { clock, playableKind, playerMeta } from './meta.ts';
import { MIN_PEAK, peaksFromWaveform } from './peaks.ts';
import { lastPlayed, RESUME_KEY, resumablePosition, savedPosition, savePosition } from './resume.ts';
import { DEFAULT_SETTINGS, loadSettings, PLAYER_SETTINGS_KEY, parseSettings, saveSettings } from './settings.ts';
import { shortcutFor } from './shortcuts.ts';
import { nextState, type PlayerState } from './state.ts';
import type { PlayerSermon } from './types.ts';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}
const asStorage = (s: MemoryStorage) => s as unknown as Storage;

describe('player settings (spec §9)', () => {
  it('defaults: volume 100, not muted, autoplay next forward, speed 1, quality auto (-1)', () => {
    expect(parseSettings(null)).toEqual({ ...DEFAULT_SETTINGS });
    expect(DEFAULT_SETTINGS).toMatchObject({
      volume: 100,
      muted: false,
      autoplayNext: 'forward',
      speed: 1,
      quality: -1,
    });
  });

  it('keeps valid stored values and replaces wrong ones field by field', () => {
    const s = parseSettings(
      JSON.stringify({ volume: 140, muted: true, autoplayNext: 'reverse', speed: 3, quality: 720 }),
    );
    expect(s).toMatchObject({ volume: 100, muted: true, autoplayNext: 'reverse', speed: 1, quality: 720 });
    expect(parseSettings('{not json')).toEqual({ ...DEFAULT_SETTINGS });
    expect(parseSettings(JSON.stringify({ autoplayNext: false })).autoplayNext).toBe('off');
    expect(parseSettings(JSON.stringify({ autoplayNext: true })).autoplayNext).toBe('forward');
  });

  it('keyboard shortcuts are on unless turned off', () => {
    expect(DEFAULT_SETTINGS.shortcuts).toBe(true);
    expect(parseSettings(JSON.stringify({ shortcuts: false })).shortcuts).toBe(false);
    expect(parseSettings(JSON.stringify({ shortcuts: 'no' })).shortcuts).toBe(true);
  });

  it('round-trips through storage under the player-settings key', () => {
    const storage = new MemoryStorage();
    saveSettings(asStorage(storage), { ...DEFAULT_SETTINGS, speed: 1.5 });
    expect(JSON.parse(storage.getItem(PLAYER_SETTINGS_KEY) ?? '{}').speed).toBe(1.5);
    expect(loadSettings(asStorage(storage)).speed).toBe(1.5);
  });
});

describe('player states (spec §4)', () => {
  const run = (events: Parameters<typeof nextState>[1][], from: PlayerState = 'static') =>
    events.reduce<PlayerState>((state, e) => nextState(state, e), from);

  it('goes static → loading → loaded → buffering → playing → paused → playing → ended', () => {
    expect(run(['load'])).toBe('loading');
    expect(run(['load', 'loadedmetadata'])).toBe('loaded');
    expect(run(['load', 'loadedmetadata', 'play'])).toBe('buffering');
    expect(run(['load', 'loadedmetadata', 'play', 'playing'])).toBe('playing');
    expect(run(['load', 'play', 'playing', 'pause'])).toBe('paused');
    expect(run(['load', 'play', 'playing', 'waiting'])).toBe('buffering');
    expect(run(['load', 'play', 'playing', 'waiting', 'canplay'])).toBe('playing');
    expect(run(['load', 'play', 'playing', 'pause', 'ended'])).toBe('ended');
  });

  it('a sermon not yet played stands ready, not loading, until it plays (its media is fetched then)', () => {
    expect(run(['ready'])).toBe('loaded');
    expect(run(['ready', 'loadedmetadata', 'canplay'])).toBe('loaded');
    expect(run(['ready', 'play'])).toBe('buffering');
    expect(run(['ready', 'play', 'playing'])).toBe('playing');
    // Another quality of the sermon paused: paused where it was.
    expect(run(['ready'], 'paused')).toBe('paused');
  });

  it('a sermon restored after a reload is paused, not loading, until it plays (its media is fetched then)', () => {
    expect(run(['ready', 'pause'])).toBe('paused');
    expect(run(['ready', 'pause', 'loadedmetadata', 'canplay'])).toBe('paused');
    expect(run(['ready', 'pause', 'play', 'playing'])).toBe('playing');
  });

  it('fetching next survives the pause that comes with the end, and unload returns to static', () => {
    expect(run(['ended', 'fetchNext', 'pause'], 'playing')).toBe('fetching next');
    expect(run(['ended', 'pause'], 'playing')).toBe('ended');
    expect(run(['unload'], 'playing')).toBe('static');
  });
});

describe('keyboard shortcuts', () => {
  const key = (
    k: string,
    tagName = 'BODY',
    extra: Partial<Parameters<typeof shortcutFor>[0]> = {},
    focusInPlayer = true,
  ) =>
    shortcutFor(
      { key: k, ctrlKey: false, metaKey: false, altKey: false, target: { tagName }, ...extra },
      focusInPlayer,
    );

  it('maps space/k, j/l, arrows, m, f and ?', () => {
    expect(
      [' ', 'k', 'j', 'l', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'm', 'f', '?'].map((k) => key(k)),
    ).toEqual([
      'toggle',
      'toggle',
      'back30',
      'forward30',
      'back15',
      'forward15',
      'volumeUp',
      'volumeDown',
      'mute',
      'fullscreen',
      'help',
    ]);
  });

  it('leaves typing, buttons, sliders and browser shortcuts alone', () => {
    expect(key('k', 'INPUT')).toBeUndefined();
    expect(key('k', 'TEXTAREA')).toBeUndefined();
    expect(key('k', 'DIV', { target: { tagName: 'DIV', isContentEditable: true } })).toBeUndefined();
    expect(key(' ', 'BUTTON')).toBeUndefined();
    expect(key('k', 'BUTTON')).toBe('toggle');
    expect(key('ArrowLeft', 'DIV', { target: { tagName: 'DIV', getAttribute: () => 'slider' } })).toBeUndefined();
    expect(key('f', 'BODY', { ctrlKey: true })).toBeUndefined();
  });

  it('leaves Space and the arrows to the page (scrolling) unless focus is in the player (WCAG 2.1.1)', () => {
    const outside = (k: string, tagName = 'BODY') => key(k, tagName, {}, false);
    expect([' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].map((k) => outside(k))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(outside('ArrowDown', 'A')).toBeUndefined();
    // Letters work page-wide (they can be turned off in the settings: DEFAULT_SETTINGS.shortcuts).
    expect(['k', 'j', 'm', '>'].map((k) => outside(k))).toEqual(['toggle', 'back30', 'mute', 'faster']);
    expect(key('ArrowDown', 'BUTTON')).toBe('volumeDown');
    expect(key(' ', 'DIV', { target: { tagName: 'DIV', getAttribute: () => 'slider' } })).toBe('toggle');
  });
});

describe('waveform peaks', () => {
  it('turns audiowaveform min/max pairs into 0..1 peaks with a floor', () => {
    expect(peaksFromWaveform({ bits: 8, channels: 1, data: [-64, 32, 0, 0, -128, 127] })).toEqual([0.5, MIN_PEAK, 1]);
    expect(peaksFromWaveform({ bits: 16, data: [-16384, 16384] })).toEqual([0.5]);
    expect(peaksFromWaveform({ bits: 8, channels: 2, data: [-64, 64, -128, 127, 0, 0, 0, 0] })).toEqual([
      0.5,
      MIN_PEAK,
    ]);
    expect(peaksFromWaveform(null)).toEqual([]);
  });
});

describe('resume', () => {
  const sermon = { sermonID: '42', durationSeconds: 600 } as PlayerSermon;

  it('offers positions away from both ends only', () => {
    expect(resumablePosition(3, 600)).toBe(0);
    expect(resumablePosition(120, 600)).toBe(120);
    expect(resumablePosition(598, 600)).toBe(0);
  });

  it('remembers the position and the last sermon, and forgets them when it ends', () => {
    const storage = asStorage(new MemoryStorage());
    savePosition(storage, sermon, 'audio', 123.7);
    expect(savedPosition(storage, '42')).toBe(123);
    expect(lastPlayed(storage)).toMatchObject({ kind: 'audio', position: 123, sermon: { sermonID: '42' } });
    savePosition(storage, sermon, 'audio', 0);
    expect(savedPosition(storage, '42')).toBe(0);
    expect(lastPlayed(storage)).toBeNull();
    (storage as unknown as MemoryStorage).setItem(RESUME_KEY, 'garbage');
    expect(lastPlayed(storage)).toBeNull();
  });
});

describe('what the player shows of a sermon (server and script alike)', () => {
  const source = { url: 'x', height: null, adaptive: false };
  const sermon = {
    title: 'Grace',
    language: 'de',
    speaker: 'A. Speaker',
    broadcaster: 'A Church',
    pageURL: '/sermons/42',
    artwork: 'art.jpg',
    poster: 'still.webp',
    audio: source,
    video: [source],
  } as PlayerSermon;

  it('plays video only when there is one, and video when there is no audio', () => {
    expect(playableKind(sermon, 'video')).toBe('video');
    expect(playableKind({ ...sermon, video: [] }, 'video')).toBe('audio');
    expect(playableKind({ ...sermon, audio: null }, 'audio')).toBe('video');
    expect(playableKind({ ...sermon, audio: null, video: [] }, 'audio')).toBeUndefined();
  });

  it('title, link, byline and art; the screen and poster for video only', () => {
    expect(playerMeta(sermon, 'video')).toEqual({
      title: 'Grace',
      href: '/sermons/42',
      lang: 'de',
      byline: 'A. Speaker · A Church',
      artwork: 'art.jpg',
      video: true,
      poster: 'still.webp',
    });
    expect(playerMeta({ ...sermon, language: '', artwork: null }, 'audio')).toMatchObject({
      lang: undefined,
      artwork: null,
      video: false,
      poster: '',
    });
    // The 48 px square takes the 96 px art; a position saved before there was one, the large art.
    expect(playerMeta({ ...sermon, thumbnail: 'art-96.jpg' }, 'audio').artwork).toBe('art-96.jpg');
    expect([clock(75), clock(3723), clock(Number.NaN)]).toEqual(['1:15', '1:02:03', '0:00']);
  });
});
