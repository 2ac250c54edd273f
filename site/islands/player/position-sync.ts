import { $nowPlaying, type NowPlaying } from '../../stores/now-playing.ts';
import { $user } from '../../stores/session.ts';
import { userCall } from '../library/call.ts';
import { PLAY_POSITION, type PlayPosition, RECORD_PLAY, type RecordPlayBody } from '../library/routes.ts';
import { loadSession } from '../library/session.ts';
import type { PlayerEngine } from './engine.ts';
import { readResume, writeResume } from './resume.ts';

/**
 * Play positions kept on the signed-in listener's account (spec §3 "Play history with
 * play_position"), so a sermon stopped on the phone resumes at the same second on the laptop.
 * Loaded by start.ts once someone is signed in; it watches `$nowPlaying` (written by the engine
 * only) and `$user`, sends the position (`POST site/history/sermons/{id}`) after every
 * SEND_EVERY_MS of play, on pause, when another sermon is loaded and when the page is hidden
 * (fetch keepalive), and when a sermon is loaded asks the server for its position: newer than the
 * one this browser kept, it is kept here too and offered to the engine (`offerPosition`).
 */

/** Play time between two sends. */
export const SEND_EVERY_MS = 15_000;

type Progress = Pick<NowPlaying, 'state' | 'position'> & { sermonID: string | null };
/** `at`: when the position was reached (epoch ms), so the latest write wins on the server. */
export type Send = (sermonID: string, position: number, leaving: boolean, at: number) => void;

/** The sending rules, on a clock of their own (testable without waiting). */
export class PositionSender {
  readonly #send: Send;
  readonly #now: () => number;
  #sermonID: string | null = null;
  #playing = false;
  #position = 0;
  #played = 0;
  #since = 0;
  #sent: number | null = null;

  constructor(send: Send, now: () => number = Date.now) {
    this.#send = send;
    this.#now = now;
  }

  /** What the player reports (every change of `$nowPlaying`). */
  update({ sermonID, state, position }: Progress): void {
    const now = this.#now();
    if (sermonID !== this.#sermonID) {
      this.#flush(false);
      this.#sermonID = sermonID;
      this.#sent = null;
      this.#played = 0;
      this.#playing = false;
    }
    if (this.#playing) this.#played += now - this.#since;
    this.#since = now;
    const wasPlaying = this.#playing;
    this.#playing = state === 'playing';
    this.#position = position;
    if (!sermonID) return;
    if (this.#played >= SEND_EVERY_MS) this.#flush(false);
    else if (wasPlaying && (state === 'paused' || state === 'ended')) this.#flush(false);
  }

  /** The page is going away: what was not sent yet goes now. */
  leave(): void {
    if (this.#playing) this.#played += this.#now() - this.#since;
    this.#since = this.#now();
    this.#flush(true);
  }

  #flush(leaving: boolean) {
    this.#played = 0;
    const id = this.#sermonID;
    const position = Math.floor(this.#position);
    if (!id || position === this.#sent) return;
    this.#sent = position;
    this.#send(id, position, leaving, this.#now());
  }
}

/** Epoch ms of a server time in seconds (or already in ms). */
const inMs = (time: number) => (time < 1e12 ? time * 1000 : time);

/**
 * The position to resume at from the server's, or null to keep this browser's: the server's
 * wins when it was saved later than the one kept here (or none is kept here).
 */
export function newerPosition(
  local: { position: number; at: number } | null,
  server: Pick<PlayPosition, 'play_position' | 'played_at'> | null,
): { position: number; at: number } | null {
  if (!server || !(server.play_position > 0) || server.played_at === null) return null;
  const at = inMs(server.played_at);
  if (local && local.at >= at) return null;
  if (local && Math.floor(local.position) === Math.floor(server.play_position)) return null;
  return { position: server.play_position, at };
}

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

function sendPosition(sermonID: string, position: number, leaving: boolean, at: number) {
  if (!$user.get()) return;
  const body: RecordPlayBody = { play_position: position, timestamp: at };
  if (leaving) {
    // A page going away cannot wait for an answer (nor renew an expired session).
    const path = RECORD_PLAY.path.replace(':sermonID', encodeURIComponent(sermonID));
    void fetch(`/api/v2${path}`, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
    return;
  }
  void userCall(RECORD_PLAY, { params: { sermonID }, body }).catch(() => undefined);
}

async function fetchServerPosition(engine: PlayerEngine, sermonID: string) {
  const entry = await userCall<PlayPosition>(PLAY_POSITION, { params: { sermonID } }).catch(() => null);
  if (engine.sermon?.sermonID !== sermonID || !$user.get()) return;
  const newer = newerPosition(savedEntry(storage(), sermonID), entry);
  if (!newer) return;
  adoptPosition(storage(), sermonID, newer.position, newer.at);
  engine.offerPosition(sermonID, newer.position);
}

let started = false;

export function startPositionSync(engine: PlayerEngine): void {
  if (started || engine.mode === 'embed') return;
  started = true;
  void loadSession();
  const sender = new PositionSender(sendPosition);
  let asked: string | null = null;
  const ask = () => {
    const id = $nowPlaying.get().sermon?.sermonID ?? null;
    if (!id || !$user.get() || id === asked) return;
    asked = id;
    void fetchServerPosition(engine, id);
  };
  $nowPlaying.subscribe((np) => {
    if ($user.get()) sender.update({ sermonID: np.sermon?.sermonID ?? null, state: np.state, position: np.position });
    ask();
  });
  $user.subscribe((user) => {
    if (!user) asked = null;
    ask();
  });
  addEventListener('pagehide', () => sender.leave());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sender.leave();
  });
}

/** The position kept for a sermon and when it was saved (epoch ms; 0 when kept before times were). */
function savedEntry(storage: Storage | undefined, sermonID: string): { position: number; at: number } | null {
  const store = readResume(storage);
  const position = store.positions[sermonID];
  return position === undefined ? null : { position, at: store.savedAt[sermonID] ?? 0 };
}

/** Keeps a position that came from elsewhere (the listener's other device), with its time. */
function adoptPosition(storage: Storage | undefined, sermonID: string, position: number, at: number) {
  const store = readResume(storage);
  delete store.positions[sermonID];
  delete store.savedAt[sermonID];
  if (position > 0) {
    store.positions[sermonID] = Math.floor(position);
    store.savedAt[sermonID] = at;
  }
  writeResume(storage, store);
}
