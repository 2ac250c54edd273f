import { atom, computed, map } from 'nanostores';
import type { PlayerState } from '../islands/player/state.ts';
import type { PlayerKind, PlayerSermon } from '../islands/player/types.ts';

/**
 * The docked player's sermon, state and position, for every island that shows it (the player's
 * interface, the play buttons on lists and sermon pages). Only the player's engine writes it
 * (the `report*` actions); anything else asks the engine through `requestPlay`/`requestToggle`,
 * which it answers by changing what it plays, and so this store.
 */
export type NowPlaying = {
  sermon: PlayerSermon | null;
  kind: PlayerKind;
  state: PlayerState;
  /** Seconds into the sermon, updated a few times a second while it plays. */
  position: number;
  /** Seconds, from the media once known, else the sermon's listed duration. */
  duration: number;
  /** Sermons to play next, in order (autoplay-next, spec §4). */
  queue: PlayerSermon[];
};

export const $nowPlaying = map<NowPlaying>({
  sermon: null,
  kind: 'audio',
  state: 'static',
  position: 0,
  duration: 0,
  queue: [],
});

/** Playing or about to (buffering): what a play button shows as 'Pause'. */
export const $isPlaying = computed($nowPlaying, ({ state }) => state === 'playing' || state === 'buffering');

/** Whether `sermonID` in `kind` is the one playing now. */
export const playingNow = (np: NowPlaying, sermonID: string, kind: PlayerKind): boolean =>
  np.sermon?.sermonID === sermonID && np.kind === kind && (np.state === 'playing' || np.state === 'buffering');

// ---- Written by the player's engine only ----

export function reportSermon(sermon: PlayerSermon | null, kind: PlayerKind): void {
  $nowPlaying.set({
    ...$nowPlaying.get(),
    sermon,
    kind,
    position: 0,
    duration: sermon?.durationSeconds ?? 0,
  });
}

/** The same sermon, its page link and caption names in the page's new language. */
export function reportSermonInPlace(sermon: PlayerSermon): void {
  $nowPlaying.setKey('sermon', sermon);
}

export function reportState(state: PlayerState): void {
  $nowPlaying.setKey('state', state);
}

export function reportProgress(position: number, duration: number): void {
  const np = $nowPlaying.get();
  if (np.position !== position) $nowPlaying.setKey('position', position);
  if (duration > 0 && np.duration !== duration) $nowPlaying.setKey('duration', duration);
}

export function reportQueue(queue: PlayerSermon[]): void {
  $nowPlaying.setKey('queue', queue);
}

// ---- Requests any island may make ----

export type PlayRequest = {
  sermon: PlayerSermon;
  kind: PlayerKind;
  /** The element that asked: focus returns there when the player closes; a video frame to play in. */
  from?: HTMLElement;
  /** Seconds to start at, instead of where it was left (requestPlay). */
  startAt?: number;
};

type Engine = { play(request: PlayRequest): void; toggle(request: PlayRequest): void };

/** The engine, once loaded; a request made before it has loaded waits here. */
let engine: Engine | null = null;
const $pending = atom<{ action: keyof Engine; request: PlayRequest } | null>(null);

/** Called once by the player's engine: it takes the requests from now on (and one made before). */
export function answerRequests(answer: Engine): void {
  engine = answer;
  const waiting = $pending.get();
  $pending.set(null);
  if (waiting) answer[waiting.action](waiting.request);
}

/** Play `request.sermon` from where it was left (spec §4 resume), whatever is playing now. */
export function requestPlay(request: PlayRequest): void {
  if (engine) engine.play(request);
  else $pending.set({ action: 'play', request });
}

/** Pause it if it is the one playing, else play it: what a play button does. */
export function requestToggle(request: PlayRequest): void {
  if (engine) engine.toggle(request);
  else $pending.set({ action: 'toggle', request });
}
