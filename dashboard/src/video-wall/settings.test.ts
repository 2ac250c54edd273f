import { describe, expect, it } from 'vitest';
import {
  effectGain,
  parseStoredSettings,
  readVideoWallSettings,
  saveVideoWallSettings,
  VIDEO_WALL_DEFAULTS,
  VIDEO_WALL_SETTINGS_KEY,
  videoWallSettingsSchema,
} from './settings.ts';

/** A localStorage of one Map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the video wall settings (§9)', () => {
  it('are the spec’s defaults when nothing is kept', () => {
    expect(readVideoWallSettings(memoryStorage())).toEqual({
      sfxVolume: 100,
      previewVolume: 7,
      resetFrequency: 60,
      markerResetFrequency: 10,
      baseZoom: 3,
      displayDuration: 9,
      webcastPerformanceThreshold: 35,
      persistentMarkersMax: 1000,
      temporaryMarkersMax: 600,
    });
  });

  it('are kept in localStorage and read back', () => {
    const storage = memoryStorage();
    const chosen = { ...VIDEO_WALL_DEFAULTS, displayDuration: 20, baseZoom: 5 };
    expect(saveVideoWallSettings(chosen, storage)).toBe(true);
    expect(JSON.parse(storage.items.get(VIDEO_WALL_SETTINGS_KEY) ?? '')).toEqual(chosen);
    expect(readVideoWallSettings(storage)).toEqual(chosen);
  });

  it('refuse to keep values out of range or not whole', () => {
    const storage = memoryStorage();
    expect(saveVideoWallSettings({ ...VIDEO_WALL_DEFAULTS, previewVolume: 101 }, storage)).toBe(false);
    expect(saveVideoWallSettings({ ...VIDEO_WALL_DEFAULTS, displayDuration: 4.5 }, storage)).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('read a broken or edited entry field by field: what is unusable is its default', () => {
    expect(parseStoredSettings('{not json')).toEqual(VIDEO_WALL_DEFAULTS);
    expect(parseStoredSettings('42')).toEqual(VIDEO_WALL_DEFAULTS);
    expect(parseStoredSettings(JSON.stringify({ baseZoom: 7, sfxVolume: -3, displayDuration: 'soon' }))).toEqual({
      ...VIDEO_WALL_DEFAULTS,
      baseZoom: 7,
    });
  });

  it('tell the form which range a field must be in, as a message key with parameters', () => {
    const result = videoWallSettingsSchema.safeParse({ ...VIDEO_WALL_DEFAULTS, baseZoom: 40 });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['baseZoom']);
    expect(JSON.parse(issue?.message ?? '')).toEqual({
      key: 'videoWall.admin.outOfRange',
      params: { min: 1, max: 18 },
    });
  });

  it('play a sound effect at its own volume, kept to 0.2 to 1, times sfxVolume', () => {
    expect(effectGain({ sfxVolume: 100 }, 0.6)).toBeCloseTo(0.6);
    expect(effectGain({ sfxVolume: 50 }, 0.05)).toBeCloseTo(0.1);
    expect(effectGain({ sfxVolume: 100 }, 3)).toBeCloseTo(1);
    expect(effectGain({ sfxVolume: 0 }, 1)).toBe(0);
  });
});
