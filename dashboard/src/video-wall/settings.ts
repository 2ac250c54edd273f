import { z } from 'zod';

/**
 * The video wall's settings (spec §9 video wall defaults), kept per browser in localStorage
 * (§9 local storage keys: video wall settings): a wall is one screen in one place, set up once.
 */
export const VIDEO_WALL_SETTINGS_KEY = 'kerygma-video-wall-settings';

export const VIDEO_WALL_DEFAULTS = {
  /** The sound effects' loudness, percent (a chime when a webcast goes live). */
  sfxVolume: 100,
  /** A preview's loudness when it is picked to be heard, percent (previews play muted). */
  previewVolume: 7,
  /** Minutes between reloads of the whole wall (it runs unattended for days); 0 never. */
  resetFrequency: 60,
  /** Minutes between clearings of the map's temporary markers. */
  markerResetFrequency: 10,
  /** The map's zoom (Leaflet's levels: 3 shows about a continent). */
  baseZoom: 3,
  /** Seconds each page of previews shows before the next. */
  displayDuration: 9,
  /** The most previews playing at once; more live webcasts rotate through pages. */
  webcastPerformanceThreshold: 35,
  /** The most markers of live broadcasters on the map. */
  persistentMarkersMax: 1000,
  /** The most markers of broadcasters seen live since the last clearing. */
  temporaryMarkersMax: 600,
} as const;

export type VideoWallSettings = { [K in keyof typeof VIDEO_WALL_DEFAULTS]: number };

/** Spec §9: a sound effect's own volume lies between 0.2 and 1, scaled by sfxVolume. */
const EFFECT_VOLUME = { min: 0.2, max: 1 } as const;

/** The gain a sound effect plays at: its own volume (kept to 0.2 to 1) times sfxVolume. */
export function effectGain(settings: Pick<VideoWallSettings, 'sfxVolume'>, effectVolume: number): number {
  const own = Math.min(EFFECT_VOLUME.max, Math.max(EFFECT_VOLUME.min, effectVolume));
  return (own * settings.sfxVolume) / 100;
}

/** Each setting's allowed whole numbers. */
export const SETTING_RANGES: { [K in keyof VideoWallSettings]: { min: number; max: number } } = {
  sfxVolume: { min: 0, max: 100 },
  previewVolume: { min: 0, max: 100 },
  resetFrequency: { min: 0, max: 10_080 },
  markerResetFrequency: { min: 1, max: 1440 },
  baseZoom: { min: 1, max: 18 },
  displayDuration: { min: 3, max: 3600 },
  webcastPerformanceThreshold: { min: 1, max: 100 },
  persistentMarkersMax: { min: 0, max: 10_000 },
  temporaryMarkersMax: { min: 0, max: 10_000 },
};

/** A form error as the dashboard's fields read it: a message key with its parameters. */
const outOfRange = (min: number, max: number) =>
  JSON.stringify({ key: 'videoWall.admin.outOfRange', params: { min, max } });

const setting = ({ min, max }: { min: number; max: number }) => {
  const error = outOfRange(min, max);
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const fields = Object.fromEntries(Object.entries(SETTING_RANGES).map(([name, range]) => [name, setting(range)])) as {
  [K in keyof VideoWallSettings]: z.ZodNumber;
};

/** The settings form's schema (the admin screen). */
export const videoWallSettingsSchema = z.object(fields);

/** What is read back: a value missing or out of range (an older or edited entry) is its default. */
const storedSchema = z.object(
  Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      field.catch(VIDEO_WALL_DEFAULTS[name as keyof VideoWallSettings]),
    ]),
  ) as { [K in keyof VideoWallSettings]: z.ZodCatch<z.ZodNumber> },
);

/** The settings kept as `text` (localStorage's entry, null when none): defaults where it says nothing usable. */
export function parseStoredSettings(text: string | null): VideoWallSettings {
  let stored: unknown = {};
  try {
    stored = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: nothing usable was kept.
  }
  const parsed = storedSchema.safeParse(stored);
  return parsed.success ? parsed.data : { ...VIDEO_WALL_DEFAULTS };
}

export function readVideoWallSettings(storage: Pick<Storage, 'getItem'> = localStorage): VideoWallSettings {
  try {
    return parseStoredSettings(storage.getItem(VIDEO_WALL_SETTINGS_KEY));
  } catch {
    // Storage refused (private mode, a sandbox): the defaults.
    return { ...VIDEO_WALL_DEFAULTS };
  }
}

/** Keeps valid settings; false when they are not valid or the browser refused to store them. */
export function saveVideoWallSettings(
  settings: VideoWallSettings,
  storage: Pick<Storage, 'setItem'> = localStorage,
): boolean {
  const parsed = videoWallSettingsSchema.safeParse(settings);
  if (!parsed.success) return false;
  try {
    storage.setItem(VIDEO_WALL_SETTINGS_KEY, JSON.stringify(parsed.data));
    return true;
  } catch {
    return false;
  }
}
