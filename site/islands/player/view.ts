import { atom } from 'nanostores';
import type { PlayerEngine } from './engine.ts';
import type { PlayerState } from './state.ts';

/**
 * What the player's engine tells its interface beyond the now-playing store: written by the
 * engine only (and `$expanded` by the interface and the `?` shortcut), read by Controls.tsx.
 */

/** The engine, once started on the page's player: the interface's buttons call it. */
export const $engine = atom<PlayerEngine | null>(null);

/**
 * The last thing the status line says to screen readers: a new state, an error, or what a
 * shortcut changed that has no words on screen. The interface words it in the page's language.
 */
export type Spoken =
  | { state: PlayerState }
  | { error: true }
  | { muted: true }
  | { volume: number }
  | { speed: number };
export const $spoken = atom<Spoken | null>(null);

/** Where the sermon was left, while the player asks whether to resume there (0: not asking). */
export const $resumeAt = atom(0);

/** The caption line under the controls (audio, or a docked video's small picture): its cues, or hidden. */
export const $cue = atom<{ text: string; shown: boolean }>({ text: '', shown: false });

/** All the controls shown, not only the compact set (phones: Player.astro's style). */
export const $expanded = atom(false);
