import { atom, onMount } from 'nanostores';
import { DEFAULT_SETTINGS, loadSettings, type PlayerSettings, saveSettings } from '../islands/player/settings.ts';

/**
 * The listener's player settings (spec §9 "Player defaults"), kept in localStorage under the
 * player-settings key and read from there when the first island or the engine subscribes (so
 * the server renders the defaults). Any island may change them with `updatePlayerSettings`.
 */
export const $playerSettings = atom<PlayerSettings>({ ...DEFAULT_SETTINGS });

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

onMount($playerSettings, () => {
  $playerSettings.set(loadSettings(storage()));
});

export function updatePlayerSettings(change: Partial<PlayerSettings>): void {
  const next = { ...$playerSettings.get(), ...change };
  $playerSettings.set(next);
  saveSettings(storage(), next);
}
