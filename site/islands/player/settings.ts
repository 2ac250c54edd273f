/**
 * Player settings (spec §9 "Player defaults", stored locally under the player-settings key).
 * Read defensively: whatever is in storage may be old, hand-edited or from another version.
 */

export const PLAYER_SETTINGS_KEY = 'player-settings';

/** Spec §4 "Repeat/autoplay-next": what plays when a sermon ends. */
export const AUTOPLAY_MODES = ['off', 'forward', 'reverse'] as const;
export type AutoplayMode = (typeof AUTOPLAY_MODES)[number];

/** Spec §4 "Resume state includes ask": what happens when a started sermon is opened again. */
export type ResumeMode = 'ask' | 'always' | 'never';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export type PlayerSettings = {
  /** 0 to 100. */
  volume: number;
  muted: boolean;
  autoplayNext: AutoplayMode;
  speed: number;
  /** Video height to prefer, or -1 for automatic (adaptive). */
  quality: number;
  /** Caption language to show, or '' for none. */
  captions: string;
  resume: ResumeMode;
  /** Keyboard shortcuts on (shortcuts.ts); people who speak commands or type by voice may turn them off. */
  shortcuts: boolean;
};

export const DEFAULT_SETTINGS: Readonly<PlayerSettings> = {
  volume: 100,
  muted: false,
  autoplayNext: 'forward',
  speed: 1,
  quality: -1,
  captions: '',
  resume: 'ask',
  shortcuts: true,
};

const oneOf = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Validates a stored value field by field, keeping defaults for anything missing or wrong. */
export function parseSettings(raw: string | null): PlayerSettings {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (value && typeof value === 'object') stored = value as Record<string, unknown>;
  } catch {
    // Unreadable: defaults.
  }
  const d = DEFAULT_SETTINGS;
  const volume = typeof stored.volume === 'number' ? Math.min(100, Math.max(0, Math.round(stored.volume))) : d.volume;
  // Older players stored autoplayNext as a boolean (spec §9 "autoplayNext true (forward)").
  const autoplay =
    stored.autoplayNext === true ? 'forward' : stored.autoplayNext === false ? 'off' : stored.autoplayNext;
  return {
    volume: Number.isNaN(volume) ? d.volume : volume,
    muted: typeof stored.muted === 'boolean' ? stored.muted : d.muted,
    autoplayNext: oneOf(autoplay, AUTOPLAY_MODES, d.autoplayNext),
    speed: oneOf(stored.speed, SPEEDS, d.speed),
    quality: typeof stored.quality === 'number' && Number.isInteger(stored.quality) ? stored.quality : d.quality,
    captions: typeof stored.captions === 'string' ? stored.captions.slice(0, 35) : d.captions,
    resume: oneOf(stored.resume, ['ask', 'always', 'never'] as const, d.resume),
    shortcuts: typeof stored.shortcuts === 'boolean' ? stored.shortcuts : d.shortcuts,
  };
}

export function loadSettings(storage: Pick<Storage, 'getItem'> | undefined): PlayerSettings {
  try {
    return parseSettings(storage?.getItem(PLAYER_SETTINGS_KEY) ?? null);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(storage: Pick<Storage, 'setItem'> | undefined, settings: PlayerSettings): void {
  try {
    storage?.setItem(PLAYER_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or full storage: settings last for this page only.
  }
}
