import type { Route } from '@kerygma/api/transport';
import type { Transcript, transcriptContracts } from '@kerygma/domain/contracts/transcripts';
import type { TextPart } from '@kerygma/domain/search-match';
import { knownPreferences, type TranscriptsPreference } from '@kerygma/domain/web-preferences';
import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { formatDuration } from '../../lib/format.ts';
import { $nowPlaying } from '../../stores/now-playing.ts';
import { $user } from '../../stores/session.ts';
import { userCall } from '../library/call.ts';
import { signInHref } from '../library/follow-state.ts';
import { UPDATE_USER } from '../library/routes.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { playPageSermonAt } from '../player/play-buttons.ts';
import { loadSession, userChanged } from '../session/index.ts';
import { countFound, findPattern, markFound, segmentAt } from './transcript-view.ts';

export const SERMON_TRANSCRIPT_MESSAGES = [
  'sermonTranscript.title',
  'sermonTranscript.signIn',
  'sermonTranscript.loading',
  'sermonTranscript.failed',
  'sermonTranscript.find',
  'sermonTranscript.matches',
  'sermonTranscript.automatic',
  'player.playFrom',
] as const;

type T = typeof transcriptContracts;
const TRANSCRIPT = { method: 'GET', path: '/node/sermons/:sermonID/transcript' } as const satisfies Pick<
  T['sermonTranscript'],
  'method' | 'path'
>;

type Props = {
  messages: IslandMessages<(typeof SERMON_TRANSCRIPT_MESSAGES)[number]>;
  sermonID: string;
  /** The sign-in page in the page's language. */
  login: string;
  /** The sermon's language, for the transcript's text. */
  lang: string;
};

type Loaded = Transcript | 'loading' | 'failed' | undefined;

/** The signed-in user's choice (spec §4 web preferences: transcripts hidden unless they chose). */
function preferred(webPreferences: string | undefined): TranscriptsPreference | undefined {
  try {
    return knownPreferences(JSON.parse(webPreferences ?? '{}')).transcripts;
  } catch {
    return undefined;
  }
}

/** Text runs as elements, the found ones marked (keyed by where they start in the line). */
function marked(parts: readonly TextPart[]) {
  let at = 0;
  return parts.map((part) => {
    const key = at;
    at += part.text.length;
    return part.match ? <mark key={key}>{part.text}</mark> : <Fragment key={key}>{part.text}</Fragment>;
  });
}

/**
 * A sermon page's transcript (issue 26), for signed-in listeners: the 'Transcript' toggle for
 * everyone in the page's HTML, closed (spec §4). Opened, or opened at once when the user chose to
 * see transcripts (their web preferences, saved with each toggle), it fetches the timed lines; the
 * line being played is marked and kept in view, a line's time (or its text) plays the sermon from
 * there, and a find box keeps the lines holding its words, marked. Signed out, opening it invites
 * to sign in. Hydrated `client:personal`: a signed-out visitor's page loads none of it.
 */
export default function SermonTranscript({ messages, sermonID, login, lang }: Props) {
  const t = islandTranslator(messages);
  const user = useStore($user);
  const [open, setOpen] = useState(false);
  const [transcript, setTranscript] = useState<Loaded>(undefined);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(-1);
  const chosen = useRef(false);
  const list = useRef<HTMLOListElement>(null);
  const signedIn = Boolean(user);
  const segments = typeof transcript === 'object' ? transcript.segments : undefined;

  useEffect(() => void loadSession(), []);
  // Open at once for someone who chose to see transcripts (unless they toggled it here first).
  useEffect(() => {
    if (!chosen.current && preferred(user?.web_preferences) === 'shown') setOpen(true);
  }, [user]);
  useEffect(() => {
    if (!open || !signedIn || transcript !== undefined) return;
    setTranscript('loading');
    userCall<Transcript>(TRANSCRIPT as Route, { params: { sermonID } })
      .then(setTranscript)
      .catch(() => setTranscript('failed'));
  }, [open, signedIn, transcript, sermonID]);
  // The line being played: only a change of line renders.
  useEffect(() => {
    if (!segments) return;
    const follow = ({ sermon, position }: { sermon: { sermonID: string } | null; position: number }) =>
      setCurrent(sermon?.sermonID === sermonID ? segmentAt(segments, position) : -1);
    return $nowPlaying.subscribe(follow);
  }, [segments, sermonID]);
  // …kept in view inside the list's own scroll (the page itself never moves under the reader).
  useEffect(() => {
    const box = list.current;
    const line = box?.querySelector<HTMLElement>(`[data-line="${current}"]`);
    if (!box || !line) return;
    const top = line.offsetTop;
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTo({ top: top - box.clientHeight / 3 });
  }, [current]);

  const pattern = useMemo(() => findPattern(query), [query]);
  const shown = useMemo(
    () =>
      (segments ?? [])
        .map((segment, index) => ({ segment, index }))
        .filter(({ segment }) => !pattern || segment.text.search(pattern) >= 0),
    [segments, pattern],
  );
  const found = useMemo(() => countFound(segments ?? [], pattern), [segments, pattern]);

  const toggle = () => {
    const next = !open;
    chosen.current = true;
    setOpen(next);
    if (!signedIn) return;
    const transcripts: TranscriptsPreference = next ? 'shown' : 'hidden';
    if (preferred(user?.web_preferences) === transcripts) return;
    userCall<NonNullable<typeof user>>(UPDATE_USER, { body: { web_preferences: JSON.stringify({ transcripts }) } })
      .then(userChanged)
      .catch(() => undefined);
  };
  const play = (seconds: number) => playPageSermonAt(sermonID, seconds);
  const playLine = (seconds: number) => {
    // Selecting words to copy is not a press.
    if (!window.getSelection()?.isCollapsed) return;
    play(seconds);
  };

  const panelID = `transcript-${sermonID}`;
  return (
    <section className="sermon-transcript" aria-labelledby={`${panelID}-toggle`}>
      <h2>
        <button
          type="button"
          id={`${panelID}-toggle`}
          className="transcript-toggle"
          aria-expanded={open}
          aria-controls={panelID}
          onClick={toggle}
        >
          {t('sermonTranscript.title')}
        </button>
      </h2>
      <div id={panelID} hidden={!open}>
        {open && user === null && (
          <p className="transcript-note">
            <a href={signInHref(login, `${location.pathname}${location.search}`)}>{t('sermonTranscript.signIn')}</a>
          </p>
        )}
        {open && signedIn && transcript === 'loading' && (
          <p className="transcript-note" role="status">
            {t('sermonTranscript.loading')}
          </p>
        )}
        {open && signedIn && transcript === 'failed' && (
          <p className="transcript-note" role="alert">
            {t('sermonTranscript.failed')}
          </p>
        )}
        {open && signedIn && typeof transcript === 'object' && (
          <>
            {transcript.source !== 'caption' && <p className="transcript-note">{t('sermonTranscript.automatic')}</p>}
            <p className="transcript-find">
              <input
                type="search"
                value={query}
                aria-label={t('sermonTranscript.find')}
                placeholder={t('sermonTranscript.find')}
                onChange={(e) => setQuery(e.currentTarget.value)}
              />
              {pattern && <span role="status">{t('sermonTranscript.matches', { count: found })}</span>}
            </p>
            <ol className="transcript-lines" ref={list} lang={transcript.languageCode || lang}>
              {shown.map(({ segment, index }) => (
                <li key={index} data-line={index} aria-current={index === current || undefined}>
                  <button
                    type="button"
                    className="transcript-time"
                    aria-label={t('player.playFrom', { time: formatDuration(Math.floor(segment.start)) })}
                    onClick={() => play(segment.start)}
                  >
                    {formatDuration(Math.floor(segment.start))}
                  </button>{' '}
                  {/* The text plays from its line too, for a pointer; the time is the keyboard's button. */}
                  {/* biome-ignore lint/a11y/useKeyWithClickEvents: the line's time button is the keyboard's way */}
                  {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
                  <span className="transcript-text" onClick={() => playLine(segment.start)}>
                    {marked(markFound(segment.text, pattern))}
                  </span>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
