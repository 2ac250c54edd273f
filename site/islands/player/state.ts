/**
 * Player states (spec §4): static (nothing loaded), loading, loaded, buffering, paused,
 * playing, ended, fetching next. The element reports media events; this decides the state.
 */
export type PlayerState =
  | 'static'
  | 'loading'
  | 'loaded'
  | 'buffering'
  | 'paused'
  | 'playing'
  | 'ended'
  | 'fetching next';

export type PlayerEvent =
  | 'load' // a source was set, to play now
  | 'ready' // a source was set, fetched only once played (preload none)
  | 'loadedmetadata'
  | 'canplay'
  | 'play' // play() was asked for
  | 'playing'
  | 'waiting'
  | 'pause'
  | 'ended'
  | 'fetchNext'
  | 'unload';

export function nextState(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event) {
    case 'load':
      return 'loading';
    case 'ready':
      // Nothing loads until Play: the sermon stands ready (its title and duration known), or
      // paused where it was (another quality of the same sermon).
      return state === 'paused' ? state : 'loaded';
    case 'unload':
      return 'static';
    case 'loadedmetadata':
      return state === 'loading' ? 'loaded' : state;
    case 'canplay':
      // Ready again after a stall; a sermon still loading becomes loaded.
      return state === 'buffering' ? 'playing' : state === 'loading' ? 'loaded' : state;
    case 'play':
      return state === 'playing' ? state : 'buffering';
    case 'playing':
      return 'playing';
    case 'waiting':
      return state === 'paused' || state === 'ended' ? state : 'buffering';
    case 'pause':
      // The media element fires pause before ended; ended wins.
      return state === 'ended' || state === 'fetching next' ? state : 'paused';
    case 'ended':
      return 'ended';
    case 'fetchNext':
      return 'fetching next';
  }
}
