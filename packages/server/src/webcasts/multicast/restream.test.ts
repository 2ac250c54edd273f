import type { MulticastStatus } from '@kerygma/domain/contracts/multicast';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes.ts';
import { type Restream, type RestreamEvent, startRestream } from './restream.ts';
import { liveLikeSource, type RtmpReceiver, rtmpReceiver, until, videoFrames } from './restream-fixtures.ts';

let source: string;
beforeAll(async () => {
  source = await liveLikeSource(3);
}, 30_000);

const started: Restream[] = [];
const receivers: RtmpReceiver[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((r) => r.stop()));
  for (const r of receivers.splice(0)) r.process.kill('SIGKILL');
});

/** A restream of the test source, recording its statuses and events. */
function watched(destination: { url: string; key: string }, reconnect = { baseMs: 100, attempts: 6 }) {
  const statuses: MulticastStatus[] = [];
  const events: RestreamEvent[] = [];
  const restream = startRestream(source, destination, {
    reconnect,
    realtime: true,
    onStatus: (s) => statuses.push(s),
    onEvent: (e) => events.push(e),
  });
  started.push(restream);
  return { restream, statuses, events, kinds: () => events.map((e) => e.kind) };
}

describe('a restream', () => {
  it('copies the source to an RTMP server without re-encoding, starting → running → stopped', async () => {
    const receiver = rtmpReceiver(await freePort(), 'secret-key-1');
    receivers.push(receiver);
    const r = watched({ url: receiver.url, key: 'secret-key-1' });
    expect(r.restream.status).toBe('starting');
    await until(() => r.restream.status === 'running', 10_000, 'running');
    expect(r.kinds()).toContain('connect');
    // The source ends after 3 s: the restream stops by itself, and the server has the stream.
    await r.restream.stopped;
    await receiver.exited;
    expect(r.statuses.at(-1)).toBe('stopped');
    expect(r.statuses).toEqual(expect.arrayContaining(['starting', 'running', 'stopped']));
    expect(r.events.at(-1)).toMatchObject({ kind: 'interrupt', detail: 'the source ended' });
    // 15 frames a second for 3 seconds, all of them (copied, not re-encoded).
    expect(await videoFrames(receiver.file)).toBe(45);
  }, 20_000);

  it('stops when asked: running → stopping → stopped, with no fail', async () => {
    const receiver = rtmpReceiver(await freePort(), 'k2');
    receivers.push(receiver);
    const r = watched({ url: `${receiver.url}/`, key: 'k2' });
    await until(() => r.restream.status === 'running', 10_000, 'running');
    await r.restream.stop();
    expect(r.restream.status).toBe('stopped');
    expect(r.statuses.slice(-3)).toEqual(['running', 'stopping', 'stopped']);
    expect(r.kinds()).not.toContain('fail');
    await receiver.exited;
    expect(await videoFrames(receiver.file)).toBeGreaterThan(0);
  }, 20_000);

  it('tries a refusing destination again with growing waits, then stops with a fail event saying why', async () => {
    const port = await freePort(); // nothing listens there
    const t0 = Date.now();
    const r = watched({ url: `rtmp://127.0.0.1:${port}/live`, key: 'k3' }, { baseMs: 40, attempts: 3 });
    await r.restream.stopped;
    // Waits of 40, 80 and 160 ms between the four tries.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect(r.events.map((e) => [e.kind, e.attempt])).toEqual([
      ['reconnect', 1],
      ['reconnect', 2],
      ['reconnect', 3],
      ['fail', 4],
    ]);
    expect(r.events.at(-1)?.detail).toMatch(/refused|Input\/output error|Cannot open connection/i);
    expect(r.statuses).not.toContain('running');
    expect(r.restream.status).toBe('stopped');
  }, 20_000);

  it('reports a running restream that drops as interrupted, and tries again', async () => {
    const receiver = rtmpReceiver(await freePort(), 'k4');
    receivers.push(receiver);
    const r = watched({ url: receiver.url, key: 'k4' }, { baseMs: 30, attempts: 2 });
    await until(() => r.restream.status === 'running', 10_000, 'running');
    receiver.process.kill('SIGKILL');
    await r.restream.stopped;
    const kinds = r.kinds();
    expect(kinds.slice(kinds.indexOf('connect'))).toEqual(['connect', 'interrupt', 'reconnect', 'reconnect', 'fail']);
    expect(r.restream.status).toBe('stopped');
  }, 20_000);
});
