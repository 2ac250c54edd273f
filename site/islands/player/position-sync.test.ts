import { describe, expect, it } from 'vitest';
import { newerPosition, PositionSender, SEND_EVERY_MS } from './position-sync.ts';

/** A sender on a fake clock, recording what it sends. */
function sender() {
  let clock = 1_000_000;
  const sent: string[] = [];
  const s = new PositionSender(
    (id, position, leaving) => sent.push(`${id}@${position}${leaving ? ' leaving' : ''}`),
    () => clock,
  );
  const at = (
    ms: number,
    sermonID: string | null,
    state: 'playing' | 'paused' | 'ended' | 'loaded',
    position: number,
  ) => {
    clock += ms;
    s.update({ sermonID, state, position });
  };
  return { s, sent, at };
}

describe('play position sync: when positions are sent', () => {
  it('sends once per 15 s of play, not on every progress report', () => {
    const { sent, at } = sender();
    at(0, 'a', 'playing', 0);
    for (let i = 1; i <= 14; i++) at(1000, 'a', 'playing', i);
    expect(sent).toEqual([]);
    at(1000, 'a', 'playing', 15);
    expect(sent).toEqual(['a@15']);
    for (let i = 16; i <= 29; i++) at(1000, 'a', 'playing', i);
    expect(sent).toEqual(['a@15']);
    at(1000, 'a', 'playing', 30);
    expect(sent).toEqual(['a@15', 'a@30']);
    expect(SEND_EVERY_MS).toBe(15_000);
  });

  it('counts only time played: a long pause does not make the next report a send', () => {
    const { sent, at } = sender();
    at(0, 'a', 'playing', 100);
    at(5000, 'a', 'paused', 105);
    expect(sent).toEqual(['a@105']);
    at(600_000, 'a', 'playing', 105);
    at(1000, 'a', 'playing', 106);
    expect(sent).toEqual(['a@105']);
  });

  it('sends on pause, on another sermon and when the page is hidden, never the same position twice', () => {
    const { s, sent, at } = sender();
    at(0, 'a', 'playing', 40);
    at(3000, 'a', 'paused', 43.6);
    at(1000, 'a', 'paused', 43.6);
    expect(sent).toEqual(['a@43']);
    at(1000, 'a', 'playing', 43.6);
    at(2000, 'a', 'playing', 45.2);
    at(10, 'b', 'loaded', 0);
    expect(sent).toEqual(['a@43', 'a@45']);
    at(0, 'b', 'playing', 0);
    at(4000, 'b', 'playing', 4);
    s.leave();
    expect(sent).toEqual(['a@43', 'a@45', 'b@4 leaving']);
    s.leave();
    expect(sent).toHaveLength(3);
  });
});

describe('play position sync: whose position wins', () => {
  const local = { position: 120, at: Date.UTC(2026, 11, 2, 10, 0) };
  const seconds = (ms: number) => ms / 1000;

  it("takes the server's when it was saved later than this browser's", () => {
    const later = { play_position: 600, played_at: seconds(local.at) + 60 };
    expect(newerPosition(local, later)).toEqual({ position: 600, at: local.at + 60_000 });
  });

  it("keeps this browser's when it is newer or the same time", () => {
    expect(newerPosition(local, { play_position: 600, played_at: seconds(local.at) - 60 })).toBeNull();
    expect(newerPosition(local, { play_position: 600, played_at: seconds(local.at) })).toBeNull();
  });

  it("takes the server's when this browser kept none, and never an empty one", () => {
    expect(newerPosition(null, { play_position: 30, played_at: 1_700_000_000 })).toEqual({
      position: 30,
      at: 1_700_000_000_000,
    });
    expect(newerPosition(null, { play_position: 0, played_at: 1_700_000_000 })).toBeNull();
    expect(newerPosition(null, { play_position: 0, played_at: null })).toBeNull();
    expect(newerPosition(local, null)).toBeNull();
  });
});
