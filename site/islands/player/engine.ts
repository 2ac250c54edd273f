import {
  $nowPlaying,
  type PlayRequest,
  reportProgress,
  reportQueue,
  reportSermon,
  reportSermonInPlace,
  reportState,
} from '../../stores/now-playing.ts';
import { $playerSettings, updatePlayerSettings } from '../../stores/player-settings.ts';
import { playableKind, playerMeta } from './meta.ts';
import { lastPlayed, resumablePosition, savedPosition, savePosition } from './resume.ts';
import { placeScreen } from './screen.ts';
import { inLanguage } from './sermon-media.ts';
import { type AutoplayMode, type PlayerSettings, SPEEDS } from './settings.ts';
import { MediaSource, pickSource } from './source.ts';
import { nextState, type PlayerEvent, type PlayerState } from './state.ts';
import type { PlayerKind, PlayerSermon } from './types.ts';
import { $resumeAt, $spoken } from './view.ts';

/** How long a video started in its page's frame is kept clear of the dock as the dock settles. */
const KEEP_CLEAR_MS = 15_000;

/**
 * The player's engine: one per page, on the page's player (Player.astro: docked, or an embed's).
 * It owns the <video> (server-rendered outside the React interface, so the first sound never
 * waits for React), plays what is asked, runs the state machine (state.ts) and is the only
 * writer of the now-playing store; the interface (Controls.tsx) shows that store and calls the
 * methods below.
 */

/** `from`: the element that asked, where focus goes back to when the player is closed. */
export type LoadOptions = { autoplay?: boolean; startAt?: number; from?: HTMLElement | undefined };

const SAVE_EVERY_SECONDS = 5;

export const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

export class PlayerEngine {
  readonly root: HTMLElement;
  readonly mode: 'page' | 'embed';
  readonly media: HTMLVideoElement;
  /** The video's screen: in the dock, or in its sermon page's frame (screen.ts). */
  readonly screen: HTMLElement;
  #sermon: PlayerSermon | null = null;
  #kind: PlayerKind = 'audio';
  #state: PlayerState = 'static';
  #settings: PlayerSettings;
  readonly #source: MediaSource;
  #lastSaved = 0;
  /** The listener moved the position (seek, skip, an answer to the resume question) since the load. */
  #moved = false;
  #startedBy: HTMLElement | null = null;
  /** captions.ts, loaded with the first sermon that has captions (most have none). */
  #captions: Promise<typeof import('./captions.ts')> | undefined;
  /** media-session.ts, loaded at the first play: the lock screen shows nothing before one. */
  #session: typeof import('./media-session.ts') | undefined;
  #sessionLoading = false;
  /** An embed's playlist (EmbedPlaylist.astro's entries), in its order, and the kind they play. */
  #playlist: PlayerSermon[] = [];
  #playlistKind: PlayerKind = 'audio';

  constructor(root: HTMLElement) {
    this.root = root;
    this.mode = root.dataset.mode === 'embed' ? 'embed' : 'page';
    const media = root.querySelector('video');
    const screen = root.querySelector<HTMLElement>('[data-player-screen]');
    if (!media || !screen) throw new Error('player: no video screen');
    this.media = media;
    this.screen = screen;
    this.#source = new MediaSource(media, () => this.#failed());
    this.#settings = $playerSettings.get();
    this.#applySettings();
    $playerSettings.listen((settings) => this.#settingsChanged(settings));
    this.#wireMedia();
  }

  get sermon(): PlayerSermon | null {
    return this.#sermon;
  }
  get kind(): PlayerKind {
    return this.#kind;
  }
  get playing(): boolean {
    return this.#state === 'playing' || this.#state === 'buffering';
  }
  get settings(): PlayerSettings {
    return this.#settings;
  }

  /**
   * The page's own sermon (an embed's), else the one played last (docked), ready to play. An
   * embed's playlist entries (`data-player-entry`) become the now-playing queue.
   */
  start(pressed: boolean) {
    if (this.mode === 'embed') {
      const entries = [...document.querySelectorAll<HTMLElement>('[data-player-entry]')];
      this.#playlist = entries.map((entry) => JSON.parse(entry.dataset.playerSermon ?? '') as PlayerSermon);
      this.#playlistKind = entries[0]?.dataset.playerPlay === 'video' ? 'video' : 'audio';
    }
    const own = this.root.querySelector('script[data-player-sermon]');
    if (own?.textContent) {
      const kind = this.root.dataset.kind === 'video' ? 'video' : 'audio';
      this.load(JSON.parse(own.textContent) as PlayerSermon, kind, { autoplay: pressed });
    } else if (this.mode === 'page') {
      const last = lastPlayed(storage());
      if (last) this.load(this.inPageLanguage(last.sermon), last.kind);
    }
  }

  /** The sermon with its page link and caption names in the page's language (a sermon kept from another). */
  inPageLanguage(sermon: PlayerSermon): PlayerSermon {
    const sermons = this.root.dataset.sermons;
    return sermons === undefined ? sermon : inLanguage(sermon, document.documentElement.lang || 'en', sermons);
  }

  /** The page's language changed under the player (dock.ts): its sermon's links and caption names follow. */
  relabel() {
    if (!this.#sermon) return;
    this.#sermon = this.inPageLanguage(this.#sermon);
    const { captions } = this.#sermon;
    this.#withCaptions((c) => c.relabelTracks(this.media, captions));
    reportSermonInPlace(this.#sermon);
  }

  /** A play button's press (now-playing requestToggle): pause its sermon if it plays, else play it. */
  toggleRequest({ sermon, kind, from }: PlayRequest) {
    if (this.#isLoaded(sermon, kind)) this.toggle();
    else this.load(sermon, kind, { autoplay: true, from });
  }

  /** now-playing requestPlay: play it, from `startAt` when given. */
  playRequest({ sermon, kind, from, startAt }: PlayRequest) {
    if (!this.#isLoaded(sermon, kind)) return this.load(sermon, kind, { autoplay: true, from, startAt });
    if (startAt !== undefined) this.seek(startAt);
    void this.play();
  }

  /**
   * The dock can show (a sermon played earlier, restored) before its interface hydrates
   * (client:quiet), and its server-rendered title link and byline are empty: fill them, so the
   * dock is never a link without a name. Once hydrated, the interface renders them itself.
   */
  #showBeforeInterface(sermon: PlayerSermon, kind: PlayerKind) {
    if (!this.root.querySelector('astro-island[ssr]')) return;
    const meta = playerMeta(sermon, kind);
    const title = this.root.querySelector<HTMLAnchorElement>('[data-player-title]');
    if (title) {
      title.textContent = meta.title;
      title.href = meta.href;
      if (meta.lang) title.lang = meta.lang;
    }
    const byline = this.root.querySelector('[data-player-byline]');
    if (byline) byline.textContent = meta.byline;
  }

  #isLoaded(sermon: PlayerSermon, kind: PlayerKind): boolean {
    return this.#sermon?.sermonID === sermon.sermonID && this.#kind === playableKind(sermon, kind);
  }

  /** Loads a sermon; asks about resuming when it was left part-way (spec §4 resume 'ask'). */
  load(sermon: PlayerSermon, kind: PlayerKind, options: LoadOptions = {}) {
    const playable = playableKind(sermon, kind);
    if (!playable) return;
    this.#source.reset();
    this.#sermon = sermon;
    // Started at a chosen second (a page's `?t=`, a transcript's line): no saved position moves it.
    this.#moved = (options.startAt ?? 0) > 0;
    this.#startedBy = options.from ?? null;
    this.#kind = playable;
    this.root.hidden = false;
    this.root.dataset.kind = playable;
    reportSermon(sermon, playable);
    // What plays next: the playlist's entries after this one.
    const at = this.#playlist.findIndex((s) => s.sermonID === sermon.sermonID);
    reportQueue(at < 0 ? [] : this.#playlist.slice(at + 1));
    this.screen.hidden = !playerMeta(sermon, playable).video;
    this.#showBeforeInterface(sermon, playable);
    this.placeScreen();
    this.#withCaptions((c) => c.setTracks(this.media, sermon.captions));
    this.showCaptions();

    // Positions are not remembered in embeds.
    const saved =
      options.startAt ??
      (this.mode === 'embed'
        ? 0
        : resumablePosition(savedPosition(storage(), sermon.sermonID), sermon.durationSeconds));
    const ask = options.startAt === undefined && saved > 0 && this.#settings.resume === 'ask';
    const autoplay = options.autoplay === true && !ask;
    // Asking too, the player stands where the sermon was left: Play (or Resume) goes on from there.
    this.#setSource(this.#settings.resume === 'never' && options.startAt === undefined ? 0 : saved, autoplay);
    $resumeAt.set(ask ? saved : 0);
    this.#showInSession();
    if (autoplay) void this.play();
    // Asking, it is paused there: its media is only fetched once it plays (preload none).
    else if (ask) this.#event('pause');
    // Started from its page's frame: the page scrolls the video out from under the dock (which may
    // just have appeared), as far as its top stays in sight. Again when the dock grows in the first
    // moments: its interface may hydrate only now (client:quiet) and show a video's controls.
    const from = options.from;
    if (from?.contains(this.screen)) {
      const keepClear = () => {
        const frame = from.getBoundingClientRect();
        // Whole pixels up: a fraction scrolled is rounded down, leaving the video's last line under the dock.
        const by = Math.ceil(Math.min(frame.bottom - this.root.getBoundingClientRect().top, frame.top));
        if (by > 0) scrollBy({ top: by });
      };
      const growing = new ResizeObserver(keepClear);
      growing.observe(this.root);
      setTimeout(() => growing.disconnect(), KEEP_CLEAR_MS);
    }
  }

  async play() {
    this.#event('play');
    try {
      await this.#source.ready();
      await this.media.play();
    } catch (error) {
      // Autoplay refused or the source failed: show the play button again.
      if ((error as DOMException).name !== 'AbortError') this.#event('pause');
    }
  }

  toggle() {
    if (!this.#sermon) return;
    if (this.media.paused || this.media.ended) void this.play();
    else this.media.pause();
  }

  seek(seconds: number) {
    this.#moved = true;
    const duration = this.duration();
    this.media.currentTime = Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds);
    $resumeAt.set(0);
    this.#reportProgress();
  }

  skip(delta: number) {
    this.seek(this.media.currentTime + delta);
  }

  /** Answers the resume question: from where it was left, or from the start. */
  resume(fromStart: boolean) {
    this.seek(fromStart ? 0 : $resumeAt.get());
    void this.play();
  }

  /**
   * A newer position for the sermon loaded, from the listener's other device (position-sync.ts,
   * the server's play history): taken unless the listener has moved meanwhile or never resumes.
   * Standing or asking, the player stands (and asks) there; already playing from where this
   * device left it, it goes on from there.
   */
  offerPosition(sermonID: string, position: number) {
    if (this.#sermon?.sermonID !== sermonID || this.mode === 'embed' || this.#moved) return;
    if (this.#settings.resume === 'never') return;
    const at = resumablePosition(position, this.duration());
    if (at <= 0 || Math.abs(at - this.media.currentTime) < 1) return;
    this.media.currentTime = at;
    if (this.media.paused && this.#settings.resume === 'ask') $resumeAt.set(at);
    this.#reportProgress();
  }

  /**
   * Closes the player: stops, forgets the sermon and hides (page mode). Focus in the player goes
   * back to the play button that started the sermon, else to the page's main content.
   */
  close() {
    const hadFocus = this.root.contains(document.activeElement);
    this.media.pause();
    this.#savePosition(true);
    this.#source.reset();
    this.#sermon = null;
    this.media.removeAttribute('src');
    this.media.load();
    this.#event('unload');
    reportSermon(null, this.#kind);
    $resumeAt.set(0);
    if (this.mode === 'page') this.root.hidden = true;
    this.placeScreen();
    this.#showInSession();
    if (hadFocus) (this.#startedBy?.isConnected ? this.#startedBy : document.querySelector('main'))?.focus();
  }

  duration(): number {
    const d = this.media.duration;
    return Number.isFinite(d) && d > 0 ? d : (this.#sermon?.durationSeconds ?? 0);
  }

  // ---- settings the interface and the shortcuts change -----------------------------------

  setVolume(volume: number) {
    const v = Math.min(100, Math.max(0, Math.round(volume)));
    updatePlayerSettings({ volume: v, muted: v === 0 ? this.media.muted : false });
  }

  toggleMute() {
    updatePlayerSettings({ muted: !this.media.muted });
  }

  /** One step along the speeds (spec §9), slower or faster. */
  stepSpeed(step: -1 | 1) {
    const i = SPEEDS.indexOf(this.#settings.speed as (typeof SPEEDS)[number]);
    const next = SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, i + step))];
    if (next) updatePlayerSettings({ speed: next });
  }

  toggleFullscreen() {
    if (this.#kind !== 'video') return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void this.screen.requestFullscreen?.().catch(() => undefined);
  }

  #applySettings() {
    const s = this.#settings;
    this.media.volume = s.volume / 100;
    this.media.muted = s.muted;
    this.media.playbackRate = s.speed;
    this.media.defaultPlaybackRate = s.speed;
  }

  #settingsChanged(settings: PlayerSettings) {
    const before = this.#settings;
    this.#settings = settings;
    this.#applySettings();
    if (settings.captions !== before.captions) this.showCaptions();
    if (settings.quality !== before.quality && this.#sermon) {
      const at = this.media.currentTime;
      const wasPlaying = !this.media.paused;
      this.#setSource(at, wasPlaying);
      if (wasPlaying) void this.play();
    }
  }

  // ---- where the video and its captions show ----------------------------------------------

  /** The video in its place for the page shown (screen.ts), in the dock only. */
  placeScreen() {
    if (this.mode !== 'page') return;
    placeScreen(this.root, this.screen, this.#kind === 'video' ? this.#sermon?.sermonID : undefined);
  }

  /** The captions set, over the picture while it is in view, else in the caption line (captions.ts). */
  showCaptions() {
    const over =
      this.#kind === 'video' &&
      (this.mode === 'embed' || this.root.hasAttribute('data-framed') || document.fullscreenElement === this.screen);
    const language = this.#settings.captions;
    this.#withCaptions((c) => c.showCaptions(this.media, language, over));
  }

  /** Runs `apply` with captions.ts once loaded, unless no sermon so far had captions (nothing to do). */
  #withCaptions(apply: (captions: typeof import('./captions.ts')) => void) {
    if (!this.#captions && !this.#sermon?.captions.length) return;
    this.#captions ??= import('./captions.ts');
    // One promise: the calls run in the order made.
    void this.#captions.then(apply);
  }

  /** The sermon on the lock screen and the headset's buttons (media-session.ts), once anything has played. */
  #showInSession() {
    const session = this.#session;
    if (!session) return;
    session.showInSession(this.#sermon, {
      play: () => void this.play(),
      pause: () => this.media.pause(),
      skip: (seconds) => this.skip(seconds),
      seek: (seconds) => this.seek(seconds),
      next: (direction) => void this.#playNext(direction),
    });
    session.sessionPlaying(this.playing ? 'playing' : this.#sermon ? 'paused' : 'none');
  }

  // ---- media -----------------------------------------------------------------------------

  /** Sets the sermon's source (source.ts) at `startAt`: to play now, or standing ready (its title and duration known). */
  #setSource(startAt: number, play: boolean) {
    const source = this.#sermon && pickSource(this.#sermon, this.#kind, this.#settings.quality);
    if (!source || !this.#sermon) return;
    this.#event(play ? 'load' : 'ready');
    this.media.poster = playerMeta(this.#sermon, this.#kind).poster;
    this.media.defaultPlaybackRate = this.#settings.speed;
    this.#source.set(source, startAt, play);
    this.media.playbackRate = this.#settings.speed;
    this.#reportProgress();
  }

  #failed() {
    if (!this.#sermon) return;
    $spoken.set({ error: true });
    this.#event('pause');
  }

  #wireMedia() {
    const m = this.media;
    const relay: PlayerEvent[] = ['loadedmetadata', 'canplay', 'playing', 'waiting', 'pause', 'ended'];
    for (const name of relay) m.addEventListener(name, () => this.#event(name));
    m.addEventListener('play', () => {
      // Playing answers the resume question, whichever button started it.
      $resumeAt.set(0);
      this.#event('play');
    });
    m.addEventListener('timeupdate', () => {
      this.#reportProgress();
      if (Math.abs(m.currentTime - this.#lastSaved) >= SAVE_EVERY_SECONDS) this.#savePosition();
    });
    m.addEventListener('durationchange', () => this.#reportProgress());
    m.addEventListener('pause', () => this.#savePosition());
    m.addEventListener('ended', () => {
      this.#savePosition(true);
      if (this.#settings.autoplayNext !== 'off') void this.#playNext(this.#settings.autoplayNext);
    });
    m.addEventListener('ratechange', () => this.#session?.sessionPosition(m, this.duration()));
    m.addEventListener('seeked', () => this.#session?.sessionPosition(m, this.duration()));
    m.addEventListener('error', () => this.#failed());
    addEventListener('pagehide', () => this.#savePosition());
  }

  #event(event: PlayerEvent) {
    const state = nextState(this.#state, event);
    if (state === this.#state) return;
    this.#state = state;
    this.root.dataset.state = state;
    reportState(state);
    if (state !== 'static') $spoken.set({ state });
    if (this.#session) this.#session.sessionPlaying(this.playing ? 'playing' : this.#sermon ? 'paused' : 'none');
    else if (this.playing && !this.#sessionLoading) {
      this.#sessionLoading = true;
      void import('./media-session.ts').then((session) => {
        this.#session = session;
        this.#showInSession();
      });
    }
  }

  #reportProgress() {
    reportProgress(this.media.currentTime || 0, this.duration());
  }

  /** Spec §4 autoplay next (and the media session's next and previous): a playlist's queue, else the API's next. */
  async #playNext(mode: Exclude<AutoplayMode, 'off'>) {
    const current = this.#sermon;
    if (!current) return;
    const list = this.#playlist;
    if (list.length > 0) {
      // In the playlist's order, forward (its queue) or back; at its end it stops.
      const next =
        mode === 'forward'
          ? $nowPlaying.get().queue[0]
          : list[list.findIndex((s) => s.sermonID === current.sermonID) - 1];
      if (next) this.load(next, this.#playlistKind, { autoplay: true, startAt: 0 });
      else this.#event('ended');
      return;
    }
    this.#event('fetchNext');
    const { fetchNextSermon } = await import('./next.ts');
    const next = await fetchNextSermon(current, mode, document.documentElement.lang || 'en').catch(() => null);
    if (this.#sermon !== current) return;
    if (next) this.load(next, this.#kind, { autoplay: true, startAt: 0 });
    else this.#event('ended');
  }

  #savePosition(ended = false) {
    const s = this.#sermon;
    if (!s || this.mode === 'embed') return;
    // While the resume question is unanswered and nothing plays, the position asked about stands.
    if (!ended && $resumeAt.get() > 0 && this.media.paused) return;
    this.#lastSaved = this.media.currentTime;
    savePosition(storage(), s, this.#kind, ended ? 0 : this.media.currentTime);
  }
}
