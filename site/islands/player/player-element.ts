import { clock, format, playableKind, playerMeta } from './meta.ts';
import { lastPlayed, resumablePosition, savedPosition, savePosition } from './resume.ts';
import { inLanguage } from './sermon-media.ts';
import { loadSettings, type PlayerSettings, SPEEDS, saveSettings } from './settings.ts';
import { type PlayerAction, shortcutFor } from './shortcuts.ts';
import { nextState, type PlayerEvent, type PlayerState } from './state.ts';
import type { PlayerKind, PlayerSermon, PlayerSource } from './types.ts';

/**
 * <kg-player>: the one player for audio and video (see site/components/Player.astro for the
 * markup and how pages use it).
 *
 * Why a plain custom element and not a React island (DESIGN.md's default): a sermon page must
 * ship under 50 KB of compressed JavaScript before interaction, and React + ReactDOM alone are
 * about 45 KB. Preact with compat would fit, but the player is one long-lived element driving
 * one <video>; the DOM is server-rendered by Astro (so labels come from the locale messages) and
 * this class only wires it up, at about 7 KB compressed. wavesurfer.js (waveform) and hls.js
 * (HLS where the browser has no native support) are imported on demand, after the audio starts,
 * so the first sound only waits for the MP3's first bytes.
 */

type Messages = {
  play: string;
  pause: string;
  mute: string;
  unmute: string;
  fullscreen: string;
  exitFullscreen: string;
  seekValue: string;
  resumePrompt: string;
  error: string;
  muted: string;
  volumeValue: string;
  speedValue: string;
  states: Partial<Record<PlayerState, string>>;
};

/** `from`: the play button that asked, where focus goes back to when the player is closed. */
type LoadOptions = { autoplay?: boolean; startAt?: number; from?: HTMLElement };

const SAVE_EVERY_SECONDS = 5;
/** Slider keys: arrows step 15 s, Page keys a minute. */
const SLIDER_STEP = 15;
const SLIDER_PAGE = 60;

/** Astro's `astro:before-swap` event: the page to come, before it replaces this one. */
type BeforeSwap = Event & { newDocument: Document };

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

export class KgPlayer extends HTMLElement {
  /** The docked player wired up (mode 'page'): there is one per visit, kept across pages. */
  static #docked: KgPlayer | null = null;
  #wired = false;
  #media!: HTMLVideoElement;
  /** The video's screen (Player.astro): in the dock, or in its sermon page's frame (#placeScreen). */
  #screen!: HTMLElement;
  #sermon: PlayerSermon | null = null;
  #kind: PlayerKind = 'audio';
  #state: PlayerState = 'static';
  #settings: PlayerSettings = loadSettings(undefined);
  #messages!: Messages;
  #hls: { destroy(): void } | null = null;
  /** hls.js being fetched and attached: play() waits for it. */
  #attaching: Promise<void> | null = null;
  /** An HLS stream for hls.js to attach when the sermon plays (attached, it fetches the stream at once). */
  #attachOnPlay: (() => Promise<void>) | null = null;
  #wave: { destroy(): void } | null = null;
  #resumeAt = 0;
  #lastSaved = 0;
  #dragging = false;
  #startedBy: HTMLElement | null = null;

  get mode(): 'page' | 'embed' {
    return this.dataset.mode === 'embed' ? 'embed' : 'page';
  }
  get state(): PlayerState {
    return this.#state;
  }
  get sermon(): PlayerSermon | null {
    return this.#sermon;
  }
  get media(): HTMLVideoElement {
    return this.#media;
  }
  get #playing(): boolean {
    return this.#state === 'playing' || this.#state === 'buffering';
  }

  #q<T extends Element = HTMLElement>(selector: string): T {
    const el = this.querySelector<T & Element>(selector);
    if (!el) throw new Error(`kg-player: missing ${selector}`);
    return el;
  }

  connectedCallback() {
    // A persisted player is moved into each new page (transition:persist): wire it only once.
    if (this.#wired) return;
    // The new page's own copy of the docked player is connected for a moment, while the
    // persisted one waits to take its place (Astro's swap, all in one go): it must not start
    // (load the last sermon, take the lock-screen controls). Should it stay, it starts then.
    const docked = KgPlayer.#docked;
    if (this.mode === 'page' && docked && docked !== this && docked.isConnected) {
      queueMicrotask(() => {
        if (this.isConnected && !this.#wired) this.#init();
      });
      return;
    }
    this.#init();
  }

  #init() {
    this.#wired = true;
    if (this.mode === 'page') KgPlayer.#docked = this;
    this.#media = this.#q<HTMLVideoElement>('video');
    this.#screen = this.#q('[data-player-screen]');
    this.#messages = JSON.parse(this.dataset.messages ?? '{}') as Messages;
    this.#settings = loadSettings(storage());
    this.#wireMedia();
    this.#wireControls();
    this.#dock();
    this.#applySettings();
    const own = this.querySelector('script[data-player-sermon]');
    if (own?.textContent) {
      // Play pressed in an embed before this module ran (Player.astro's inline script).
      const early = window as Early;
      const pressed = this.mode === 'embed' && early.kgEmbedPlayPressed === true;
      early.kgEmbedPlayPressed = false;
      this.load(JSON.parse(own.textContent) as PlayerSermon, (this.dataset.kind as PlayerKind) ?? 'audio', {
        autoplay: pressed,
      });
    } else if (this.mode === 'page') {
      const last = lastPlayed(storage());
      if (last) this.load(this.#inPageLanguage(last.sermon), last.kind);
    }
  }

  /** The sermon with its page link and caption names in the page's language (a sermon kept from another). */
  #inPageLanguage(sermon: PlayerSermon): PlayerSermon {
    const sermons = this.dataset.sermons;
    return sermons === undefined ? sermon : inLanguage(sermon, document.documentElement.lang || 'en', sermons);
  }

  /** Loads a sermon; asks about resuming when it was left part-way (spec §4 resume 'ask'). */
  load(sermon: PlayerSermon, kind: PlayerKind, options: LoadOptions = {}) {
    const playable = playableKind(sermon, kind);
    if (!playable) return;
    this.#teardown();
    this.#sermon = sermon;
    this.#startedBy = options.from ?? null;
    this.#kind = playable;
    this.hidden = false;
    this.dataset.kind = this.#kind;
    this.#renderMeta(sermon);
    this.#placeScreen();
    // The seek bar keeps the waveform's room while it loads (Player.astro), not growing under the finger.
    this.#q('[data-player-seek]').toggleAttribute('data-wave', Boolean(sermon.waveformURL));
    this.#renderCaptions(sermon);
    this.#renderQualities();

    const saved =
      options.startAt ?? resumablePosition(savedPosition(storage(), sermon.sermonID), sermon.durationSeconds);
    const ask = options.startAt === undefined && saved > 0 && this.#settings.resume === 'ask';
    const autoplay = options.autoplay === true && !ask;
    // Asking too, the player stands where the sermon was left: Play (or Resume) goes on from there.
    this.#setSource(this.#currentSource(), this.#settings.resume === 'never' ? 0 : saved, autoplay);
    this.#renderTime();
    this.#showResume(ask ? saved : 0);
    this.#setMediaSession(sermon);
    // The waveform (wavesurfer.js and the peaks JSON) must never delay the first sound: when
    // playing, it loads once the audio runs (so it does not share the first seconds of a slow
    // connection with the MP3); otherwise when the page is idle.
    const drawWaveform = () => void this.#loadWaveform(sermon);
    if (autoplay) {
      this.#media.addEventListener('playing', drawWaveform, { once: true });
      void this.play();
    } else {
      // Asking, it is paused there: its media is only fetched once it plays (preload none).
      if (ask) this.#event('pause');
      const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
      idle(drawWaveform);
    }
    // Started from its page's frame: the page scrolls the video out from under the dock (which may
    // just have appeared), as far as its top stays in sight.
    if (options.from?.contains(this.#screen)) {
      const frame = options.from.getBoundingClientRect();
      // Whole pixels up: a fraction scrolled is rounded down, leaving the video's last line under the dock.
      const by = Math.ceil(Math.min(frame.bottom - this.getBoundingClientRect().top, frame.top));
      if (by > 0) scrollBy({ top: by });
    }
  }

  async play() {
    this.#event('play');
    if (this.#attachOnPlay) {
      this.#attaching = this.#attachOnPlay();
      this.#attachOnPlay = null;
    }
    try {
      await this.#attaching;
      await this.#media.play();
    } catch (error) {
      // Autoplay refused or the source failed: show the play button again.
      if ((error as DOMException).name !== 'AbortError') this.#event('pause');
    }
  }

  toggle() {
    if (!this.#sermon) return;
    if (this.#media.paused || this.#media.ended) void this.play();
    else this.#media.pause();
  }

  seek(seconds: number) {
    const duration = this.#duration();
    this.#media.currentTime = Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds);
    this.#showResume(0);
    this.#renderTime();
  }

  skip(delta: number) {
    this.seek(this.#media.currentTime + delta);
  }

  /**
   * Closes the player: stops, forgets the sermon and hides (page mode). Focus in the player goes
   * back to the play button that started the sermon, else to the page's main content.
   */
  close() {
    const hadFocus = this.contains(document.activeElement);
    this.#media.pause();
    this.#savePosition(true);
    this.#teardown();
    this.#sermon = null;
    this.#media.removeAttribute('src');
    this.#media.load();
    this.#event('unload');
    if (this.mode === 'page') this.hidden = true;
    this.#placeScreen();
    if ('mediaSession' in navigator) navigator.mediaSession.metadata = null;
    if (hadFocus) (this.#startedBy?.isConnected ? this.#startedBy : document.querySelector('main'))?.focus();
  }

  // ---- media ---------------------------------------------------------------------------

  #wireMedia() {
    const m = this.#media;
    const relay: PlayerEvent[] = ['loadedmetadata', 'canplay', 'playing', 'waiting', 'pause', 'ended'];
    for (const name of relay) m.addEventListener(name, () => this.#event(name));
    m.addEventListener('play', () => {
      // Playing answers the resume question, whichever button started it.
      this.#showResume(0);
      this.#event('play');
    });
    m.addEventListener('timeupdate', () => {
      this.#renderTime();
      if (Math.abs(m.currentTime - this.#lastSaved) >= SAVE_EVERY_SECONDS) this.#savePosition();
    });
    m.addEventListener('durationchange', () => this.#renderTime());
    m.addEventListener('pause', () => this.#savePosition());
    m.addEventListener('ended', () => {
      this.#savePosition(true);
      void this.#playNext(this.#settings.autoplayNext);
    });
    m.addEventListener('volumechange', () => this.#renderVolume());
    m.addEventListener('ratechange', () => this.#updatePositionState());
    m.addEventListener('seeked', () => this.#updatePositionState());
    m.addEventListener('error', () => {
      if (!this.#sermon) return;
      this.#status(this.#messages.error, true);
      this.#event('pause');
    });
    addEventListener('pagehide', () => this.#savePosition());
  }

  #event(event: PlayerEvent) {
    const state = nextState(this.#state, event);
    if (state === this.#state) return;
    this.#state = state;
    this.dataset.state = state;
    this.#renderState();
    if ('mediaSession' in navigator)
      navigator.mediaSession.playbackState = this.#playing ? 'playing' : this.#sermon ? 'paused' : 'none';
    this.#renderPlayButtons();
    this.dispatchEvent(new CustomEvent('kg-player-state', { detail: state, bubbles: true }));
  }

  /** The play button's name and the state in words. */
  #renderState() {
    const playing = this.#playing;
    const toggle = this.#q('[data-act="toggle"]');
    toggle.setAttribute('aria-label', playing ? this.#messages.pause : this.#messages.play);
    toggle.dataset.playing = String(playing);
    const label = this.#messages.states[this.#state];
    // Playing and paused show on the play button; loading, buffering and the end show in words.
    if (label !== undefined) this.#status(label, this.#state !== 'playing' && this.#state !== 'paused');
  }

  /**
   * Says `text` to screen readers (the status region), and on screen too if `shown` (an embed
   * keeps the line's room either way: Player.astro).
   */
  #status(text: string, shown = false) {
    const status = this.#q('[data-player-status]');
    status.textContent = text;
    status.toggleAttribute('data-shown', shown);
  }

  /** Says what a shortcut changed that has no words on screen: volume, mute and speed. */
  #announce(action: PlayerAction) {
    const m = this.#media;
    if (action === 'mute' && m.muted) this.#status(this.#messages.muted);
    else if (action === 'mute' || action === 'volumeUp' || action === 'volumeDown') {
      const percent = new Intl.NumberFormat(document.documentElement.lang || 'en', { style: 'percent' });
      this.#status(format(this.#messages.volumeValue, { volume: percent.format(m.volume) }));
    } else if (action === 'slower' || action === 'faster') {
      const speed = this.#q<HTMLSelectElement>('[data-set="speed"]').selectedOptions[0]?.text ?? '';
      this.#status(format(this.#messages.speedValue, { speed }));
    }
  }

  /**
   * The docked player covers the bottom of the window: the page keeps focused elements above it
   * (`scroll-padding-bottom: var(--player-height)` in layouts/Base.astro). Client-side
   * navigation replaces <html>'s attributes, so the height is set again once the new page is
   * in. The new page's own copy of the player, connected for a moment before the persisted one
   * takes its place, measures 0 once gone and must not set it.
   */
  #dock() {
    if (this.mode !== 'page') return;
    const set = () => {
      if (this.isConnected) document.documentElement.style.setProperty('--player-height', `${this.offsetHeight}px`);
    };
    new ResizeObserver(set).observe(this);
    document.addEventListener('astro:page-load', set);
    // A page in another language: the player plays on, in the words of that page's copy of it.
    let next: HTMLElement | null = null;
    document.addEventListener('astro:before-swap', (e) => {
      next = (e as BeforeSwap).newDocument.querySelector<HTMLElement>('kg-player[data-mode="page"]');
      if (next?.dataset.locale === this.dataset.locale) next = null;
    });
    // The video and its captions in their place for the new page, or for full screen.
    const place = () => {
      this.#placeScreen();
      this.#showCaptions();
    };
    document.addEventListener('astro:after-swap', () => {
      if (next && this.isConnected) this.#relabel(next);
      next = null;
      // Within the task that swapped the pages: a video out of the document until the task ends pauses.
      place();
    });
    document.addEventListener('fullscreenchange', place);
  }

  /**
   * Where the video shows. On the page of the sermon playing as video, in that page's frame (its
   * still: PlayerButton.astro, `data-player-frame`), under the button that plays and pauses it,
   * as on a video site; the dock then keeps its controls without a second picture
   * (`data-framed`). Anywhere else in the dock. It is the one <video> that moves (in one task, so
   * it plays on): one state, the player's. In full screen it stays put until that ends (moving it
   * would end it).
   */
  #placeScreen() {
    const screen = this.#screen;
    if (this.mode !== 'page' || (screen.isConnected && document.fullscreenElement === screen)) return;
    const id = this.#kind === 'video' ? this.#sermon?.sermonID : undefined;
    const frame =
      id === undefined
        ? null
        : document.querySelector<HTMLElement>(`[data-player-frame][data-player-id="${CSS.escape(id)}"]`);
    const place = frame ?? this.#q('.frame');
    if (screen.parentElement !== place) place.prepend(screen);
    this.toggleAttribute('data-framed', frame !== null);
  }

  /**
   * Takes the words of `from`, the same player rendered in another language (Player.astro marks
   * each with `data-l10n`), and says again in them what the player shows now.
   */
  #relabel(from: HTMLElement) {
    const mine = this.querySelectorAll<HTMLElement>('[data-l10n]');
    const theirs = from.querySelectorAll<HTMLElement>('[data-l10n]');
    mine.forEach((el, i) => {
      const other = theirs[i];
      const what = el.dataset.l10n ?? '';
      if (!other || other.tagName !== el.tagName || other.dataset.l10n !== what) return;
      if (what === '') el.textContent = other.textContent;
      else if (what === 'html') el.innerHTML = other.innerHTML;
      else el.setAttribute(what, other.getAttribute(what) ?? '');
    });
    for (const name of ['locale', 'sermons', 'messages'] as const) {
      const value = from.dataset[name];
      if (value !== undefined) this.dataset[name] = value;
    }
    this.#messages = JSON.parse(this.dataset.messages ?? '{}') as Messages;
    if (this.#sermon) {
      this.#sermon = this.#inPageLanguage(this.#sermon);
      this.#q<HTMLAnchorElement>('[data-player-title]').href = this.#sermon.pageURL;
      const names = new Map(this.#sermon.captions.map((c) => [c.language, c.label]));
      for (const option of this.#q<HTMLSelectElement>('[data-set="captions"]').options)
        option.text = names.get(option.value) ?? option.text;
      for (const track of this.#media.querySelectorAll('track')) track.label = names.get(track.srclang) ?? track.label;
    }
    this.#renderState();
    this.#renderVolume();
    this.#renderTime();
    this.#showResume(this.#resumeAt);
  }

  /** Play buttons of the sermon playing (PlayerButton.astro) offer to pause it. */
  #renderPlayButtons() {
    if (this.mode !== 'page' || !this.isConnected) return;
    for (const button of document.querySelectorAll<HTMLElement>('[data-player-play]')) {
      const mine = button.dataset.playerId === this.#sermon?.sermonID && button.dataset.playerPlay === this.#kind;
      button.dataset.playing = String(mine && this.#playing);
    }
  }

  #duration(): number {
    const d = this.#media.duration;
    return Number.isFinite(d) && d > 0 ? d : (this.#sermon?.durationSeconds ?? 0);
  }

  #currentSource(): PlayerSource | null {
    const s = this.#sermon;
    if (!s) return null;
    if (this.#kind === 'audio') return s.audio;
    const q = this.#settings.quality;
    const files = s.video.filter((v) => !v.adaptive);
    if (q > 0)
      return files.find((v) => v.height === q) ?? files.find((v) => (v.height ?? 0) <= q) ?? s.video[0] ?? null;
    return s.video[0] ?? null;
  }

  /**
   * Sets the media's source, at `startAt`. Not to `play` now, nothing is fetched (preload none:
   * a phone on a slow line downloads no sermon it was not asked for) and the player stands
   * ready, its title and duration from the sermon's data, not 'Loading'.
   */
  #setSource(source: PlayerSource | null, startAt: number, play: boolean) {
    const m = this.#media;
    if (!source) return;
    this.#event(play ? 'load' : 'ready');
    m.poster = this.#sermon ? playerMeta(this.#sermon, this.#kind).poster : '';
    m.defaultPlaybackRate = this.#settings.speed;
    this.#attachOnPlay = null;
    if (source.adaptive && !m.canPlayType('application/vnd.apple.mpegurl')) {
      // hls.js only where the browser cannot play HLS itself, and not before Play: it would
      // fetch itself and the stream's first segments at once, whatever the preload.
      m.removeAttribute('src');
      if (play) this.#attaching = this.#attachHls(source, startAt);
      else {
        if (startAt > 0) m.currentTime = startAt;
        // From where the listener has moved to meanwhile (the seek bar works before Play).
        this.#attachOnPlay = () => this.#attachHls(source, m.currentTime);
      }
    } else {
      m.src = source.url;
      if (startAt > 0) m.currentTime = startAt;
    }
    m.playbackRate = this.#settings.speed;
  }

  /** Fetches hls.js and attaches `source` to the media, at `startAt` (play() waits for it). */
  async #attachHls(source: PlayerSource, startAt: number): Promise<void> {
    const sermon = this.#sermon;
    try {
      const { attachHls } = await import('./hls.ts');
      if (this.#sermon !== sermon) return;
      this.#hls = await attachHls(this.#media, source.url);
      if (startAt > 0) this.#media.currentTime = startAt;
    } catch {
      this.#status(this.#messages.error, true);
    } finally {
      this.#attaching = null;
    }
  }

  #teardown() {
    this.#hls?.destroy();
    this.#hls = null;
    this.#attachOnPlay = null;
    this.#wave?.destroy();
    this.#wave = null;
    this.#q('[data-player-seek]').classList.remove('has-wave');
  }

  async #loadWaveform(sermon: PlayerSermon) {
    if (!sermon.waveformURL || this.#sermon !== sermon) return;
    const heights = this.#kind === 'video' ? 20 : this.mode === 'embed' ? 120 : 64;
    const { createWaveform } = await import('./waveform.ts');
    if (this.#sermon !== sermon) return;
    const container = this.#q('[data-player-wave]');
    const wave = await createWaveform(container, this.#media, sermon.waveformURL, this.#duration(), heights);
    if (this.#sermon !== sermon) wave?.destroy();
    else if (wave) {
      this.#wave = wave;
      this.#q('[data-player-seek]').classList.add('has-wave');
    }
  }

  async #playNext(mode: PlayerSettings['autoplayNext']) {
    const current = this.#sermon;
    if (mode === 'off' || !current) return;
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
    if (!ended && this.#resumeAt > 0 && this.#media.paused) return;
    this.#lastSaved = this.#media.currentTime;
    savePosition(storage(), s, this.#kind, ended ? 0 : this.#media.currentTime);
  }

  // ---- rendering -------------------------------------------------------------------------

  /** The sermon's title, byline and art, and the video screen: what Player.astro renders for an embed (meta.ts). */
  #renderMeta(s: PlayerSermon) {
    const meta = playerMeta(s, this.#kind);
    const title = this.#q<HTMLAnchorElement>('[data-player-title]');
    title.textContent = meta.title;
    title.href = meta.href;
    if (meta.lang) title.lang = meta.lang;
    else title.removeAttribute('lang');
    this.#q('[data-player-byline]').textContent = meta.byline;
    const art = this.#q<HTMLImageElement>('[data-player-art]');
    art.hidden = !meta.artwork;
    if (meta.artwork) art.src = meta.artwork;
    this.#screen.hidden = !meta.video;
    this.#q('[data-act="fullscreen"]').hidden = !meta.video;
    this.#renderTime();
  }

  #renderTime() {
    const cur = this.#media.currentTime || 0;
    const dur = this.#duration();
    this.#q('[data-player-current]').textContent = clock(cur);
    this.#q('[data-player-duration]').textContent = clock(dur);
    const seek = this.#q('[data-player-seek]');
    seek.setAttribute('aria-valuemax', String(Math.round(dur)));
    seek.setAttribute('aria-valuenow', String(Math.round(cur)));
    seek.setAttribute(
      'aria-valuetext',
      format(this.#messages.seekValue, { current: clock(cur), duration: clock(dur) }),
    );
    seek.style.setProperty('--progress', dur > 0 ? String(Math.min(1, cur / dur)) : '0');
  }

  #renderVolume() {
    const m = this.#media;
    const muted = m.muted || m.volume === 0;
    const button = this.#q('[data-act="mute"]');
    button.setAttribute('aria-pressed', String(muted));
    button.setAttribute('aria-label', muted ? this.#messages.unmute : this.#messages.mute);
    this.#q<HTMLInputElement>('[data-set="volume"]').value = String(Math.round(m.volume * 100));
  }

  #renderCaptions(s: PlayerSermon) {
    for (const track of this.#media.querySelectorAll('track')) track.remove();
    const select = this.#q<HTMLSelectElement>('[data-set="captions"]');
    for (const option of [...select.options].slice(1)) option.remove();
    for (const c of s.captions) {
      const track = document.createElement('track');
      track.kind = 'captions';
      track.src = c.url;
      track.srclang = c.language;
      track.label = c.label;
      this.#media.append(track);
      select.add(new Option(c.label, c.language));
    }
    this.#q('[data-player-field="captions"]').hidden = s.captions.length === 0;
    this.#showCaptions();
  }

  /**
   * Shows the cues of the language set (one setting, wherever the video is). While the picture
   * is in view (its page's frame, full screen, an embed) the browser draws them over it
   * ('showing'); otherwise (audio, or a docked video's small picture) the player's own caption
   * line says them ('hidden': the track still reports its cues), at once when they move there.
   */
  #showCaptions() {
    const language = this.#settings.captions;
    const over =
      this.#kind === 'video' &&
      (this.mode === 'embed' || this.hasAttribute('data-framed') || document.fullscreenElement === this.#screen);
    const tracks = [...this.#media.textTracks];
    const shown = language === '' ? undefined : tracks.find((t) => t.language === language);
    for (const track of tracks) {
      track.mode = track !== shown ? 'disabled' : over ? 'showing' : 'hidden';
      track.oncuechange = null;
    }
    const line = this.#q('[data-player-cue]');
    const say = () => {
      line.textContent = [...(shown?.activeCues ?? [])].map((c) => (c as VTTCue).text).join('\n');
    };
    if (shown && !over) shown.oncuechange = say;
    say();
    line.hidden = !shown || over;
    this.#q<HTMLSelectElement>('[data-set="captions"]').value = shown ? language : '';
  }

  #renderQualities() {
    const s = this.#sermon;
    const select = this.#q<HTMLSelectElement>('[data-set="quality"]');
    for (const option of [...select.options].slice(1)) option.remove();
    const heights = [...new Set((s?.video ?? []).map((v) => v.height).filter((h): h is number => h !== null))];
    for (const h of heights) select.add(new Option(`${h}p`, String(h)));
    select.value = heights.includes(this.#settings.quality) ? String(this.#settings.quality) : '-1';
    this.#q('[data-player-field="quality"]').hidden = this.#kind !== 'video' || heights.length === 0;
  }

  #showResume(at: number) {
    this.#resumeAt = at;
    const box = this.#q('[data-player-resume]');
    box.hidden = at <= 0;
    if (at > 0)
      this.#q('[data-player-resume-text]').textContent = format(this.#messages.resumePrompt, { time: clock(at) });
  }

  #setMediaSession(s: PlayerSermon) {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title: s.title,
      artist: s.speaker,
      album: s.broadcaster,
      artwork: s.artwork ? [{ src: s.artwork, sizes: '512x512' }] : s.poster ? [{ src: s.poster }] : [],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void this.play()],
      ['pause', () => this.#media.pause()],
      ['seekbackward', (d) => this.skip(-(d.seekOffset ?? 15))],
      ['seekforward', (d) => this.skip(d.seekOffset ?? 30)],
      ['seekto', (d) => d.seekTime !== undefined && this.seek(d.seekTime)],
      ['previoustrack', () => void this.#playNext('reverse')],
      ['nexttrack', () => void this.#playNext('forward')],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // Action not supported by this browser.
      }
    }
  }

  #updatePositionState() {
    const d = this.#duration();
    if (!('mediaSession' in navigator) || !(d > 0)) return;
    try {
      navigator.mediaSession.setPositionState({
        duration: d,
        position: Math.min(d, this.#media.currentTime),
        playbackRate: this.#media.playbackRate || 1,
      });
    } catch {
      // Position out of range while a new source loads.
    }
  }

  // ---- controls and settings -------------------------------------------------------------

  #applySettings() {
    const s = this.#settings;
    this.#media.volume = s.volume / 100;
    this.#media.muted = s.muted;
    this.#media.playbackRate = s.speed;
    this.#media.defaultPlaybackRate = s.speed;
    this.#q<HTMLSelectElement>('[data-set="speed"]').value = String(s.speed);
    this.#q<HTMLSelectElement>('[data-set="autoplayNext"]').value = s.autoplayNext;
    this.#q<HTMLInputElement>('[data-set="shortcuts"]').checked = s.shortcuts;
    this.#renderVolume();
  }

  #save(change: Partial<PlayerSettings>) {
    this.#settings = { ...this.#settings, ...change };
    saveSettings(storage(), this.#settings);
  }

  #setSpeed(speed: number) {
    this.#media.playbackRate = speed;
    this.#media.defaultPlaybackRate = speed;
    this.#q<HTMLSelectElement>('[data-set="speed"]').value = String(speed);
    this.#save({ speed });
  }

  #setVolume(volume: number) {
    const v = Math.min(100, Math.max(0, Math.round(volume)));
    this.#media.volume = v / 100;
    this.#media.muted = v === 0 ? this.#media.muted : false;
    this.#save({ volume: v, muted: this.#media.muted });
  }

  #toggleFullscreen() {
    if (this.#kind !== 'video') return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void this.#screen.requestFullscreen?.().catch(() => undefined);
  }

  /** Shows all the controls (or only the compact set: phones, Player.astro). */
  #expand(all: boolean) {
    this.toggleAttribute('data-expanded', all);
    this.querySelector('[data-act="expand"]')?.setAttribute('aria-expanded', String(all));
  }

  #act(action: PlayerAction | 'resume' | 'restart' | 'close' | 'expand') {
    switch (action) {
      case 'toggle':
        return this.toggle();
      case 'back15':
        return this.skip(-15);
      case 'forward15':
        return this.skip(15);
      case 'back30':
        return this.skip(-30);
      case 'forward30':
        return this.skip(30);
      case 'volumeUp':
        return this.#setVolume(this.#media.volume * 100 + 10);
      case 'volumeDown':
        return this.#setVolume(this.#media.volume * 100 - 10);
      case 'mute':
        this.#media.muted = !this.#media.muted;
        return this.#save({ muted: this.#media.muted });
      case 'fullscreen':
        return this.#toggleFullscreen();
      case 'slower':
      case 'faster': {
        const i = SPEEDS.indexOf(this.#settings.speed as (typeof SPEEDS)[number]);
        const next = SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, i + (action === 'faster' ? 1 : -1)))];
        return next && this.#setSpeed(next);
      }
      case 'help': {
        const help = this.#q<HTMLDetailsElement>('[data-player-shortcuts]');
        help.open = !help.open;
        if (help.open) {
          this.#expand(true);
          this.#q<HTMLDetailsElement>('details.more').open = true;
        }
        return;
      }
      case 'expand':
        return this.#expand(this.dataset.expanded === undefined);
      case 'resume': {
        const at = this.#resumeAt;
        this.seek(at);
        return void this.play();
      }
      case 'restart':
        this.seek(0);
        return void this.play();
      case 'close':
        return this.close();
    }
  }

  #wireControls() {
    this.addEventListener('click', (e) => {
      const button = (e.target as Element).closest<HTMLElement>('[data-act]');
      if (button && this.contains(button)) this.#act(button.dataset.act as PlayerAction);
    });
    this.addEventListener('change', (e) => {
      const field = e.target as HTMLSelectElement | HTMLInputElement;
      switch (field.dataset.set) {
        case 'speed':
          return this.#setSpeed(Number(field.value));
        case 'autoplayNext':
          return this.#save({ autoplayNext: field.value as PlayerSettings['autoplayNext'] });
        case 'shortcuts':
          return this.#save({ shortcuts: (field as HTMLInputElement).checked });
        case 'captions':
          this.#save({ captions: field.value });
          return this.#showCaptions();
        case 'quality': {
          this.#save({ quality: Number(field.value) });
          const at = this.#media.currentTime;
          const wasPlaying = !this.#media.paused;
          this.#hls?.destroy();
          this.#hls = null;
          this.#setSource(this.#currentSource(), at, wasPlaying);
          if (wasPlaying) void this.play();
          return;
        }
      }
    });
    this.#q('[data-set="volume"]').addEventListener('input', (e) => {
      this.#setVolume(Number((e.target as HTMLInputElement).value));
    });
    this.#wireSeekBar();
    // Keyboard shortcuts (shortcuts.ts: letters anywhere on the page, Space and arrows in the
    // player) while a sermon is loaded, unless turned off; only one player (the page's, else the
    // first embed) answers them.
    document.addEventListener('keydown', (e) => {
      if (!this.#sermon || !this.#settings.shortcuts || e.defaultPrevented) return;
      if (document.querySelector('kg-player:not([hidden])') !== this) return;
      const action = shortcutFor(e as KeyboardEvent & { target: HTMLElement }, this.contains(e.target as Node));
      if (!action) return;
      e.preventDefault();
      this.#act(action);
      this.#announce(action);
    });
    // A new page may hold play buttons of the sermon playing.
    document.addEventListener('astro:page-load', () => this.#renderPlayButtons());
  }

  #wireSeekBar() {
    const bar = this.#q('[data-player-seek]');
    const at = (e: PointerEvent) => {
      const box = bar.getBoundingClientRect();
      return (Math.min(box.right, Math.max(box.left, e.clientX)) - box.left) / (box.width || 1);
    };
    bar.addEventListener('pointerdown', (e) => {
      if (!this.#sermon || e.button !== 0) return;
      this.#dragging = true;
      bar.setPointerCapture(e.pointerId);
      this.seek(at(e) * this.#duration());
    });
    bar.addEventListener('pointermove', (e) => {
      if (this.#dragging) this.seek(at(e) * this.#duration());
    });
    const stop = () => {
      this.#dragging = false;
    };
    bar.addEventListener('pointerup', stop);
    bar.addEventListener('pointercancel', stop);
    bar.addEventListener('keydown', (e) => {
      const steps: Record<string, number> = {
        ArrowLeft: -SLIDER_STEP,
        ArrowDown: -SLIDER_STEP,
        ArrowRight: SLIDER_STEP,
        ArrowUp: SLIDER_STEP,
        PageDown: -SLIDER_PAGE,
        PageUp: SLIDER_PAGE,
      };
      if (e.key === 'Home') this.seek(0);
      else if (e.key === 'End') this.seek(this.#duration());
      else if (steps[e.key] !== undefined) this.skip(steps[e.key] ?? 0);
      else return;
      e.preventDefault();
    });
  }
}

/** Play buttons anywhere on the site hand their sermon to the page's persistent player. */
function play(button: HTMLElement) {
  const player = document.querySelector<KgPlayer>('kg-player[data-mode="page"]');
  if (!player || !button.dataset.playerSermon) return;
  const sermon = JSON.parse(button.dataset.playerSermon) as PlayerSermon;
  const kind = button.dataset.playerPlay === 'video' ? 'video' : 'audio';
  if (player.sermon?.sermonID === sermon.sermonID && player.dataset.kind === kind) player.toggle();
  else player.load(sermon, kind, { autoplay: true, from: button });
}

/** Set by Player.astro's inline scripts: play buttons (or an embed's Play) pressed before this module ran. */
type Early = { kgPlayerQueue?: HTMLElement[]; kgPlayerReady?: boolean; kgEmbedPlayPressed?: boolean };

if (!customElements.get('kg-player')) {
  customElements.define('kg-player', KgPlayer);
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLElement>('[data-player-play]');
    if (!button) return;
    e.preventDefault();
    play(button);
  });
  // A video's frame says which pointer came over it last (PlayerButton.astro): hover shows its
  // label only for a mouse, as a tap leaves the frame :hover, also where a mouse is at hand.
  document.addEventListener('pointerover', (e) => {
    const frame = (e.target as Element | null)?.closest?.<HTMLElement>('[data-player-frame]');
    if (frame) frame.dataset.pointer = e.pointerType;
  });
  const early = window as Early;
  early.kgPlayerReady = true;
  // Only the last press counts; it is still within the click's user activation, so it may play.
  const pressed = early.kgPlayerQueue?.at(-1);
  early.kgPlayerQueue = [];
  if (pressed?.isConnected) play(pressed);
}
