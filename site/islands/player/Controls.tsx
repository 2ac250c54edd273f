import { useStore } from '@nanostores/react';
import {
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { $nowPlaying, type NowPlaying } from '../../stores/now-playing.ts';
import { $playerSettings, updatePlayerSettings } from '../../stores/player-settings.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import type { PlayerEngine } from './engine.ts';
import { clock, playerMeta } from './meta.ts';
import { DEFAULT_SETTINGS, type PlayerSettings, SPEEDS } from './settings.ts';
import { type PlayerAction, SHORTCUTS } from './shortcuts.ts';
import type { PlayerState } from './state.ts';
import type { PlayerKind, PlayerSermon } from './types.ts';
import { $cue, $engine, $expanded, $resumeAt, $spoken, type Spoken } from './view.ts';

/**
 * The player's interface (Player.astro puts it in the player, hydrated when the page is idle):
 * title, byline and art, the seek bar with its waveform, the buttons, time, settings, the
 * shortcuts list, the resume question and the status line. It shows the now-playing store and
 * the engine's view (view.ts), and calls the engine (engine.ts) for everything it does.
 */

export const CONTROLS_MESSAGES = [
  'player.play',
  'player.pause',
  'player.mute',
  'player.unmute',
  'player.volume',
  'player.speed',
  'player.quality',
  'player.auto',
  'player.skipBack',
  'player.skipForward',
  'player.fullscreen',
  'player.autoplayNext',
  'player.close',
  'player.seek',
  'player.seekValue',
  'player.captions',
  'player.automaticCaptions',
  'player.off',
  'player.autoplayForward',
  'player.autoplayReverse',
  'player.resumePrompt',
  'player.resume',
  'player.startOver',
  'player.settings',
  'player.shortcuts',
  'player.shortcutToggle',
  'player.keySpace',
  'player.volumeUp',
  'player.volumeDown',
  'player.slower',
  'player.faster',
  'player.shortcutHelp',
  'player.stateLoading',
  'player.stateBuffering',
  'player.stateFetchingNext',
  'player.stateEnded',
  'player.statePlaying',
  'player.statePaused',
  'player.error',
  'player.muted',
  'player.volumeValue',
  'player.speedValue',
  'player.shortcutsOn',
  'player.moreControls',
] as const;
type Key = (typeof CONTROLS_MESSAGES)[number];
type T = ReturnType<typeof islandTranslator<Key>>;

type Props = {
  mode: 'page' | 'embed';
  messages: IslandMessages<Key>;
  /** An embed's sermon and kind, shown by the server before the engine has loaded it. */
  sermon?: PlayerSermon | undefined;
  kind: PlayerKind;
};

/** Slider keys: arrows step 15 s, Page keys a minute. */
const SLIDER_STEPS: Record<string, number> = {
  ArrowLeft: -15,
  ArrowDown: -15,
  ArrowRight: 15,
  ArrowUp: 15,
  PageDown: -60,
  PageUp: 60,
};

const STATE_WORDS: Partial<Record<PlayerState, Key | ''>> = {
  loading: 'player.stateLoading',
  buffering: 'player.stateBuffering',
  'fetching next': 'player.stateFetchingNext',
  ended: 'player.stateEnded',
  playing: 'player.statePlaying',
  paused: 'player.statePaused',
  loaded: '',
};

const subscribeNothing = () => () => {};
/** False while React hydrates the server's markup (which knows no store in the browser), true after. */
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

export default function Controls({ mode, messages, sermon: served, kind: servedKind }: Props) {
  const t = islandTranslator(messages);
  const hydrated = useHydrated();
  const live = {
    np: useStore($nowPlaying),
    settings: useStore($playerSettings),
    spoken: useStore($spoken),
    resumeAt: useStore($resumeAt),
    cue: useStore($cue),
    expanded: useStore($expanded),
  };
  const engine = useStore($engine);
  // Hydrating, what the server rendered; then the stores.
  const { np, settings, spoken, resumeAt, cue, expanded } = hydrated
    ? live
    : {
        np: served
          ? { ...$nowPlaying.get(), sermon: served, kind: servedKind, duration: served.durationSeconds }
          : null,
        settings: DEFAULT_SETTINGS,
        spoken: null,
        resumeAt: 0,
        cue: { text: '', shown: false },
        expanded: false,
      };
  const sermon = np?.sermon ?? null;
  const kind = np?.kind ?? servedKind;
  const meta = sermon ? playerMeta(sermon, kind) : null;
  const playing = np?.state === 'playing' || np?.state === 'buffering';
  const muted = settings.muted || settings.volume === 0;
  const status = statusLine(spoken, t, messages.lang);
  const hasWave = useWaveform(engine, sermon, kind, mode);
  const skip = (seconds: number) => (
    <IconButton
      act={`${seconds < 0 ? 'back' : 'forward'}${Math.abs(seconds)}`}
      label={t(seconds < 0 ? 'player.skipBack' : 'player.skipForward', { seconds: Math.abs(seconds) })}
      onClick={() => engine?.skip(seconds)}
    >
      {seconds < 0 ? `−${-seconds}` : `+${seconds}`}
    </IconButton>
  );

  return (
    <div className="controls" data-expanded={expanded ? '' : undefined}>
      <p className="cue" data-player-cue="" hidden={!cue.shown}>
        {cue.text}
      </p>
      <div className="head">
        <img
          className="art"
          data-player-art=""
          alt=""
          width="48"
          height="48"
          src={meta?.artwork ?? undefined}
          hidden={!meta?.artwork}
        />
        <div className="meta">
          <a className="title" data-player-title="" href={meta?.href ?? '#'} lang={meta?.lang}>
            {meta?.title}
          </a>
          <span className="byline" data-player-byline="">
            {meta?.byline}
          </span>
        </div>
        {mode === 'page' && (
          <>
            <IconButton
              className="expand"
              act="expand"
              aria-expanded={expanded}
              label={t('player.moreControls')}
              onClick={() => $expanded.set(!expanded)}
            >
              <span aria-hidden="true"></span>
            </IconButton>
            <IconButton className="close" act="close" label={t('player.close')} onClick={() => engine?.close()}>
              <span aria-hidden="true">✕</span>
            </IconButton>
          </>
        )}
      </div>
      <div className="resume" data-player-resume="" hidden={resumeAt <= 0}>
        <p data-player-resume-text="">{resumeAt > 0 ? t('player.resumePrompt', { time: clock(resumeAt) }) : ''}</p>
        <button type="button" data-act="resume" onClick={() => engine?.resume(false)}>
          {t('player.resume')}
        </button>
        <button type="button" data-act="restart" onClick={() => engine?.resume(true)}>
          {t('player.startOver')}
        </button>
      </div>
      <SeekBar engine={engine} np={np} t={t} hasWave={hasWave} />
      <div className="bar">
        <span className="time">
          <span data-player-current="">{clock(np?.position ?? 0)}</span> /{' '}
          <span data-player-duration="">{clock(np?.duration ?? 0)}</span>
        </span>
        <div className="buttons">
          {skip(-30)}
          {skip(-15)}
          <IconButton
            className="play"
            act="toggle"
            label={playing ? t('player.pause') : t('player.play')}
            data-playing={String(playing)}
            onClick={() => engine?.toggle()}
          >
            <span className="glyph" aria-hidden="true"></span>
          </IconButton>
          {skip(15)}
          {skip(30)}
        </div>
        <div className="volume">
          <IconButton
            act="mute"
            label={muted ? t('player.unmute') : t('player.mute')}
            aria-pressed={muted}
            onClick={() => engine?.toggleMute()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"></path>
              <path
                className="waves"
                d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              ></path>
              <path className="cross" d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" strokeWidth="2"></path>
            </svg>
          </IconButton>
          <input
            type="range"
            min="0"
            max="100"
            step="1"
            value={Math.round(settings.volume)}
            data-set="volume"
            aria-label={t('player.volume')}
            onChange={(e) => engine?.setVolume(Number(e.target.value))}
          />
        </div>
        <label className="field">
          <span>{t('player.speed')}</span>
          <select
            data-set="speed"
            value={String(settings.speed)}
            onChange={(e) => updatePlayerSettings({ speed: Number(e.target.value) })}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {speedName(s, messages.lang)}
              </option>
            ))}
          </select>
        </label>
        <IconButton
          act="fullscreen"
          label={t('player.fullscreen')}
          hidden={!meta?.video}
          onClick={() => engine?.toggleFullscreen()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" fill="none" stroke="currentColor" strokeWidth="2"></path>
          </svg>
        </IconButton>
        <Settings sermon={sermon} kind={kind} settings={settings} t={t} />
      </div>
      <p className="status" data-player-status="" role="status" data-shown={status.shown ? '' : undefined}>
        {status.text}
      </p>
    </div>
  );
}

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label'> & {
  /** `data-act`: what it does (the shortcuts' and the engine's early Play look for it). */
  act: string;
  /** Its accessible name: the button shows a glyph or an icon only. */
  label: string;
};

/** One of the player's icon buttons (skips, Play, mute, full screen, expand, close). */
function IconButton({ act, label, className, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `icon ${className}` : 'icon'}
      data-act={act}
      aria-label={label}
      {...rest}
    />
  );
}

function SeekBar({
  engine,
  np,
  t,
  hasWave,
}: {
  engine: PlayerEngine | null;
  np: NowPlaying | null;
  t: T;
  hasWave: { container: React.RefObject<HTMLDivElement | null>; drawn: boolean };
}) {
  const dragging = useRef(false);
  const position = np?.position ?? 0;
  const duration = np?.duration ?? 0;
  const at = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return ((Math.min(box.right, Math.max(box.left, e.clientX)) - box.left) / (box.width || 1)) * duration;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!engine) return;
    const step = SLIDER_STEPS[e.key];
    if (e.key === 'Home') engine.seek(0);
    else if (e.key === 'End') engine.seek(engine.duration());
    else if (step !== undefined) engine.skip(step);
    else return;
    e.preventDefault();
  };
  return (
    <div
      className={hasWave.drawn ? 'seek has-wave' : 'seek'}
      data-player-seek=""
      data-wave={np?.sermon?.waveformURL ? '' : undefined}
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(position)}
      aria-valuetext={np?.sermon ? t('player.seekValue', { current: clock(position), duration: clock(duration) }) : ''}
      style={{ '--progress': duration > 0 ? String(Math.min(1, position / duration)) : '0' } as React.CSSProperties}
      onPointerDown={(e) => {
        if (!engine?.sermon || e.button !== 0) return;
        dragging.current = true;
        e.currentTarget.setPointerCapture(e.pointerId);
        engine.seek(at(e));
      }}
      onPointerMove={(e) => {
        if (dragging.current) engine?.seek(at(e));
      }}
      onPointerUp={() => {
        dragging.current = false;
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
      onKeyDown={onKeyDown}
    >
      <div className="wave" data-player-wave="" ref={hasWave.container}></div>
      <div className="fill" aria-hidden="true"></div>
    </div>
  );
}

function Settings({
  sermon,
  kind,
  settings,
  t,
}: {
  sermon: PlayerSermon | null;
  kind: PlayerKind;
  settings: PlayerSettings;
  t: T;
}) {
  const heights = [...new Set((sermon?.video ?? []).map((v) => v.height).filter((h): h is number => h !== null))];
  const captions = sermon?.captions ?? [];
  const captionShown = captions.some((c) => c.language === settings.captions) ? settings.captions : '';
  const shortcutNames: Record<PlayerAction, string> = {
    toggle: t('player.shortcutToggle'),
    back15: t('player.skipBack', { seconds: 15 }),
    forward15: t('player.skipForward', { seconds: 15 }),
    back30: t('player.skipBack', { seconds: 30 }),
    forward30: t('player.skipForward', { seconds: 30 }),
    volumeUp: t('player.volumeUp'),
    volumeDown: t('player.volumeDown'),
    mute: `${t('player.mute')} / ${t('player.unmute')}`,
    fullscreen: t('player.fullscreen'),
    slower: t('player.slower'),
    faster: t('player.faster'),
    help: t('player.shortcutHelp'),
  };
  return (
    <details className="more" data-popup="">
      <summary>{t('player.settings')}</summary>
      <div className="panel">
        <label className="field" data-player-field="quality" hidden={kind !== 'video' || heights.length === 0}>
          <span>{t('player.quality')}</span>
          <select
            data-set="quality"
            value={heights.includes(settings.quality) ? String(settings.quality) : '-1'}
            onChange={(e) => updatePlayerSettings({ quality: Number(e.target.value) })}
          >
            <option value="-1">{t('player.auto')}</option>
            {heights.map((h) => (
              <option key={h} value={String(h)}>{`${h}p`}</option>
            ))}
          </select>
        </label>
        <label className="field" data-player-field="captions" hidden={captions.length === 0}>
          <span>{t('player.captions')}</span>
          <select
            data-set="captions"
            value={captionShown}
            onChange={(e) => updatePlayerSettings({ captions: e.target.value })}
          >
            <option value="">{t('player.off')}</option>
            {captions.map((c) => (
              <option key={c.language} value={c.language}>
                {c.automatic ? t('player.automaticCaptions', { language: c.label }) : c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('player.autoplayNext')}</span>
          <select
            data-set="autoplayNext"
            value={settings.autoplayNext}
            onChange={(e) => updatePlayerSettings({ autoplayNext: e.target.value as PlayerSettings['autoplayNext'] })}
          >
            <option value="off">{t('player.off')}</option>
            <option value="forward">{t('player.autoplayForward')}</option>
            <option value="reverse">{t('player.autoplayReverse')}</option>
          </select>
        </label>
        <label className="field">
          <input
            type="checkbox"
            data-set="shortcuts"
            checked={settings.shortcuts}
            onChange={(e) => updatePlayerSettings({ shortcuts: e.target.checked })}
          />
          <span>{t('player.shortcutsOn')}</span>
        </label>
        <details className="shortcuts" data-player-shortcuts="" data-popup="">
          <summary>{t('player.shortcuts')}</summary>
          <dl>
            {SHORTCUTS.map((s) => (
              <div key={s.action}>
                <dt>
                  <kbd>{s.label.replace('{space}', t('player.keySpace'))}</kbd>
                </dt>
                <dd>{shortcutNames[s.action]}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
    </details>
  );
}

const speedName = (speed: number, lang: string) =>
  `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(speed)}×`;

/** The status line: the state in words (on screen while loading, buffering, at the end and on errors), or what a shortcut changed. */
function statusLine(spoken: Spoken | null, t: T, lang: string): { text: string; shown: boolean } {
  if (!spoken) return { text: '', shown: false };
  if ('error' in spoken) return { text: t('player.error'), shown: true };
  if ('muted' in spoken) return { text: t('player.muted'), shown: false };
  if ('volume' in spoken) {
    const volume = new Intl.NumberFormat(lang, { style: 'percent' }).format(spoken.volume);
    return { text: t('player.volumeValue', { volume }), shown: false };
  }
  if ('speed' in spoken)
    return { text: t('player.speedValue', { speed: speedName(spoken.speed, lang) }), shown: false };
  const words = STATE_WORDS[spoken.state];
  return {
    text: words ? t(words) : '',
    shown: spoken.state !== 'playing' && spoken.state !== 'paused',
  };
}

/**
 * The waveform over the seek bar, drawn by wavesurfer.js (waveform.ts) from the sermon's peaks.
 * It must never delay the first sound: while the sermon is starting it waits until the audio
 * runs (not sharing the first seconds of a slow connection with the MP3); otherwise it is drawn
 * now, the page being idle (this island hydrates then).
 */
function useWaveform(engine: PlayerEngine | null, sermon: PlayerSermon | null, kind: PlayerKind, mode: string) {
  const container = useRef<HTMLDivElement | null>(null);
  const [drawn, setDrawn] = useState(false);
  const url = sermon?.waveformURL;
  useEffect(() => {
    const box = container.current;
    if (!engine || !url || !box) return;
    let wave: { destroy(): void } | null = null;
    let cancelled = false;
    const height = kind === 'video' ? 20 : mode === 'embed' ? 120 : 64;
    const draw = async () => {
      const { createWaveform } = await import('./waveform.ts');
      if (cancelled) return;
      const made = await createWaveform(box, engine.media, url, engine.duration(), height);
      if (cancelled) made?.destroy();
      else if (made) {
        wave = made;
        setDrawn(true);
      }
    };
    const starting = ['loading', 'buffering'].includes($nowPlaying.get().state);
    const go = () => void draw();
    if (starting) engine.media.addEventListener('playing', go, { once: true });
    else go();
    return () => {
      cancelled = true;
      engine.media.removeEventListener('playing', go);
      wave?.destroy();
      setDrawn(false);
    };
  }, [engine, url, kind, mode]);
  return { container, drawn };
}
