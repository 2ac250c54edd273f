// @vitest-environment happy-dom
import { type Multicast, multicastContracts } from '@kerygma/domain/contracts/multicast';
import {
  type ScheduledWebcast,
  type Webcast,
  type WebcastMetadata,
  webcastContracts,
} from '@kerygma/domain/contracts/webcasts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderScreen } from '../account/test/render.tsx';
import WebcastScreen from './WebcastScreen.tsx';

/**
 * The webcast screen as a broadcaster's Admin uses it: the stream key shown on request and made
 * anew after a confirmation, the webcast defaults refused or saved, the live webcast's health,
 * a webcast scheduled ahead, changed and deleted, and a restream destination added and started. The stubbed server answers in the contracts'
 * shapes (each answer parsed by its schema) and what the screen sends is parsed the same way.
 */
const B = 'gracechurch';
const base = `/node/broadcasters/${B}`;
const metadataAt = (over: Partial<WebcastMetadata> = {}): WebcastMetadata => ({
  broadcasterID: B,
  defaultWebcastTitle: 'Sunday worship',
  defaultWebcastDescription: '',
  defaultWebcastSpeakerName: 'John Smith',
  defaultWebcastPassword: false,
  defaultWebcastReplay: 'listed',
  canWebcast: true,
  rtmpURL: 'rtmp://live.kerygma.test/live',
  streamKey: 'gracechurch_key-one',
  webcastingPause: null,
  ...over,
});
const webcast = (over: Partial<Webcast>): Webcast => ({
  webcastID: 'w1',
  broadcasterID: B,
  displayName: 'Grace Church',
  title: 'Sunday worship',
  speakerName: 'John Smith',
  state: 'live',
  startDate: '2026-11-29T15:00:00.000Z',
  StartDate: '2026-11-29T15:00:00.000Z',
  startTimestamp: 1_764_428_400,
  endTimestamp: null,
  audioOnly: false,
  AudioOnly: false,
  passwordProtected: false,
  hlsURL: null,
  type: 'webcast',
  description: '',
  replay: 'listed',
  unlisted: false,
  webcastReplay: false,
  durationSeconds: null,
  peakViewers: 0,
  totalViewers: 0,
  archivedSermonID: null,
  stopReason: null,
  ...over,
});

let sent: { method: string; path: string; body: unknown }[];
let metadata: WebcastMetadata;
let webcasts: Webcast[];
let multicasts: Multicast[];
let scheduled: ScheduledWebcast[];

/** An answer checked against its contract's schema, so the fixtures cannot drift from the server. */
const reply = (schema: { parse: (v: unknown) => unknown }, body: unknown, status = 200) =>
  answer(schema.parse(body), status);

beforeEach(() => {
  sent = [];
  metadata = metadataAt();
  webcasts = [];
  multicasts = [];
  scheduled = [];
  const w = webcastContracts;
  const m = multicastContracts;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://kerygma.test').pathname.replace(/^.*\/api\/v2/, '');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    if (path === `${base}/webcast_metadata` && method === 'GET')
      return reply(w.webcastDefaults.responses[200], metadata);
    if (path === `${base}/webcast_metadata` && method === 'PUT') {
      const changes = w.updateWebcastDefaults.body.parse(body);
      metadata = {
        ...metadata,
        ...(changes.defaultWebcastTitle !== undefined && { defaultWebcastTitle: changes.defaultWebcastTitle }),
        ...(changes.defaultWebcastSpeakerName !== undefined && {
          defaultWebcastSpeakerName: changes.defaultWebcastSpeakerName,
        }),
        ...(changes.defaultWebcastPassword !== undefined && {
          defaultWebcastPassword: !!changes.defaultWebcastPassword,
        }),
        ...(changes.defaultWebcastReplay && { defaultWebcastReplay: changes.defaultWebcastReplay }),
        ...(changes.resetStreamToken && { streamKey: 'gracechurch_key-two' }),
        ...((changes.resetStreamToken || changes.resumeWebcasting) && { webcastingPause: null }),
      };
      return reply(w.updateWebcastDefaults.responses[200], metadata);
    }
    if (path === `${base}/webcasts/stats/totals`)
      return reply(w.broadcasterWebcastTotals.responses[200], {
        broadcasterID: B,
        webcastCount: webcasts.length,
        totalDurationSeconds: 7200,
        peakViewers: Math.max(0, ...webcasts.map((x) => x.peakViewers)),
        totalViewers: webcasts.reduce((n, x) => n + x.totalViewers, 0),
        minutesWatched: webcasts.reduce((n, x) => n + x.totalViewers * 30, 0),
      });
    if (path === `${base}/webcasts`)
      return reply(w.broadcasterWebcasts.responses[200], {
        results: webcasts,
        totalCount: webcasts.length,
        next: null,
        nodeType: 'webcast',
        nodeDisplayName: 'Webcasts',
      });
    // A manager's preview of one webcast: the playlist even behind a password.
    const preview = path.match(/^\/node\/broadcasters\/\w+\/webcasts\/(w\d)$/);
    if (preview && new URL(url, 'http://kerygma.test').searchParams.get('preview') === 'true') {
      const one = webcasts.find((x) => x.webcastID === preview[1]) as Webcast;
      return reply(w.broadcasterWebcast.responses[200], { ...one, hlsURL: `/live-media/${one.webcastID}/index.m3u8` });
    }
    const stats = path.match(/^\/webcasts\/(\w+)\/stats$/);
    if (stats) {
      const one = webcasts.find((x) => x.webcastID === stats[1]) as Webcast;
      return reply(w.webcastStats.responses[200], {
        webcastID: one.webcastID,
        state: one.state,
        durationSeconds: one.durationSeconds,
        peakViewers: one.peakViewers,
        totalViewers: one.totalViewers,
        minutesWatched: one.totalViewers * 30,
      });
    }
    if (path === '/webcasts/w1/health')
      return reply(w.webcastHealth.responses[200], {
        webcastID: 'w1',
        webcastState: 'live',
        state: 'warning',
        framerate: 'normal',
        bitrate: 'low',
        speed: 'normal',
        keyframes: null,
        events: [
          { event: 'bitrate-low', timestamp: 1_764_428_700, detail: {} },
          { event: 'connected', timestamp: 1_764_428_400, detail: {} },
        ],
      });
    if (path === `${base}/webcasts/scheduled` && method === 'GET')
      return reply(w.broadcasterWebcastsScheduled.responses[200], {
        results: scheduled,
        totalCount: null,
        next: null,
        nodeType: 'scheduledWebcast',
        nodeDisplayName: 'Scheduled webcasts',
      });
    if (path === `${base}/webcasts/scheduled` && method === 'POST') {
      const given = w.createScheduledWebcast.body.parse(body);
      const made: ScheduledWebcast = {
        scheduledWebcastID: scheduled.length + 1,
        broadcasterID: B,
        displayName: 'Grace Church',
        title: given.title,
        description: given.description ?? '',
        startDate: new Date(given.startDate).toISOString(),
        startTimestamp: Date.parse(given.startDate) / 1000,
        expectedDurationMinutes: given.expectedDurationMinutes ?? null,
      };
      scheduled.push(made);
      return reply(w.createScheduledWebcast.responses[201], made, 201);
    }
    const plan = path.match(new RegExp(`^${base}/webcasts/scheduled/(\\d+)$`));
    if (plan && method === 'PATCH') {
      const found = scheduled.find((x) => x.scheduledWebcastID === Number(plan[1])) as ScheduledWebcast;
      const { startDate, ...rest } = w.updateScheduledWebcast.body.parse(body);
      Object.assign(found, rest, startDate ? { startDate, startTimestamp: Date.parse(startDate) / 1000 } : {});
      return reply(w.updateScheduledWebcast.responses[200], found);
    }
    if (plan && method === 'DELETE') {
      scheduled = scheduled.filter((x) => x.scheduledWebcastID !== Number(plan[1]));
      return reply(w.deleteScheduledWebcast.responses[200], { deleted: true });
    }
    if (path === `${base}/multicast_list`) return reply(m.multicastList.responses[200], { results: multicasts });
    if (path === `${base}/multicast` && method === 'POST') {
      const given = m.createMulticast.body.parse(body);
      const made: Multicast = {
        multicast_id: multicasts.length + 1,
        broadcaster_id: B,
        disabled: given.disabled,
        stream_platform: given.stream_platform,
        status: 'stopped',
        stream_label: given.stream_label,
        stream_url: given.stream_url ?? 'rtmp://a.rtmp.youtube.com/live2',
        stream_key: `••••${given.stream_key.slice(-4)}`,
        auto_start: given.auto_start,
        system: false,
        last_event: null,
      };
      multicasts.push(made);
      return reply(m.createMulticast.responses[201], made, 201);
    }
    const action = path.match(new RegExp(`^${base}/multicast/(\\d+)/(start|stop|restart)$`));
    if (action && method === 'POST') {
      const one = multicasts.find((x) => x.multicast_id === Number(action[1])) as Multicast;
      one.status = action[2] === 'stop' ? 'stopped' : 'starting';
      return reply(m.startMulticast.responses[200], one);
    }
    const one = path.match(new RegExp(`^${base}/multicast/(\\d+)$`));
    if (one && method === 'PATCH') {
      const found = multicasts.find((x) => x.multicast_id === Number(one[1])) as Multicast;
      Object.assign(found, m.updateMulticast.body.parse(body));
      return reply(m.updateMulticast.responses[200], found);
    }
    if (one && method === 'DELETE') {
      multicasts = multicasts.filter((x) => x.multicast_id !== Number(one[1]));
      return reply(m.deleteMulticast.responses[200], { deleted: true });
    }
    return answer({ errors: {}, status: 404, code: 'not_found' }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const puts = () => sent.filter((s) => s.method === 'PUT');
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('going live', () => {
  it('hides the stream key until asked, and makes a new one only after a confirmation', async () => {
    renderScreen(<WebcastScreen />);
    const goLive = within(await screen.findByRole('region', { name: 'Go live' }));
    const key = goLive.getByLabelText('Stream key') as HTMLInputElement;
    expect((goLive.getByLabelText('RTMP server') as HTMLInputElement).value).toBe('rtmp://live.kerygma.test/live');
    expect(key.type).toBe('password');
    fireEvent.click(goLive.getByRole('button', { name: 'Show the key' }));
    expect(key.type).toBe('text');
    expect(key.value).toBe('gracechurch_key-one');
    expect(screen.getByText(/the stream key crosses the network unencrypted/)).toBeTruthy();
    expect(screen.getByText(/Keyframe interval: 2 s/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Make a new stream key' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('The old key stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(puts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Make a new stream key' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make a new stream key' }));
    await waitFor(() => expect(key.value).toBe('gracechurch_key-two'));
    expect(puts().map((p) => p.body)).toEqual([{ resetStreamToken: true }]);
    expect(await screen.findByText('A new stream key was made.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('webcasting paused after a server stop', () => {
  it('says until when and why, and a manager allows webcasting again at once', async () => {
    metadata = metadataAt({
      webcastingPause: { until: '2026-11-29T18:30:00.000Z', reason: 'overlong', limitHours: 6 },
    });
    renderScreen(<WebcastScreen />);
    const notice = await screen.findByText(/^Webcasting paused until .*: the webcast ran longer than 6 hours\.$/);
    expect(notice.textContent).toContain('2026');
    fireEvent.click(screen.getByRole('button', { name: 'Allow webcasting now' }));
    expect(await screen.findByText('Webcasting is allowed again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Webcasting paused until/)).toBeNull());
    expect(puts().map((p) => p.body)).toEqual([{ resumeWebcasting: true }]);
  });
  it('names the unattended limit', async () => {
    metadata = metadataAt({
      webcastingPause: { until: '2026-11-29T18:30:00.000Z', reason: 'unattended', limitHours: 1 },
    });
    renderScreen(<WebcastScreen />);
    expect(await screen.findByText(/: the webcast had no viewers for 1 hour\.$/)).toBeTruthy();
  });
});

describe('the webcast defaults', () => {
  it('refuses a title too long and a protection without a password, sending nothing, then saves', async () => {
    renderScreen(<WebcastScreen />);
    const defaults = within(await screen.findByRole('region', { name: 'Webcast defaults' }));
    const title = defaults.getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Sunday worship');
    fireEvent.change(title, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByLabelText('Protect new webcasts with a password'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give a password, or untick the protection.')).toBeTruthy();
    expect(screen.getByText(/200/)).toBeTruthy();
    expect(puts()).toHaveLength(0);

    fireEvent.change(title, { target: { value: 'Lord’s Day worship' } });
    fireEvent.change(input('Password'), { target: { value: 'psalm23' } });
    fireEvent.change(screen.getByLabelText('Replay'), { target: { value: 'unlisted' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webcast defaults saved.')).toBeTruthy();
    expect(puts().map((p) => p.body)).toEqual([
      {
        defaultWebcastTitle: 'Lord’s Day worship',
        defaultWebcastDescription: '',
        defaultWebcastSpeakerName: 'John Smith',
        defaultWebcastPassword: 'psalm23',
        defaultWebcastReplay: 'unlisted',
      },
    ]);
    expect(metadata.defaultWebcastPassword).toBe(true);
    // Saved: the password is kept unless a new one is typed.
    expect(await screen.findByText('Leave empty to keep the current password.')).toBeTruthy();
  });
});

describe('scheduled webcasts', () => {
  const local = (d: dayjs.Dayjs) => d.format('YYYY-MM-DDTHH:mm');

  it('refuses a webcast without a title or a start in the future, then schedules one', async () => {
    renderScreen(<WebcastScreen />);
    const panel = within(await screen.findByRole('region', { name: 'Scheduled webcasts' }));
    expect(await panel.findByText('No webcasts scheduled.')).toBeTruthy();
    const form = within(panel.getByRole('form', { name: 'Schedule a webcast' }));
    fireEvent.click(form.getByRole('button', { name: 'Schedule' }));
    expect(await form.findByText('Give the webcast a title.')).toBeTruthy();
    expect(form.getByText('Choose when it starts.')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Title'), { target: { value: 'Carol service' } });
    fireEvent.change(form.getByLabelText('Starts at'), { target: { value: local(dayjs().subtract(1, 'hour')) } });
    fireEvent.change(form.getByLabelText('Expected length in minutes (optional)'), { target: { value: '0' } });
    fireEvent.click(form.getByRole('button', { name: 'Schedule' }));
    expect(await form.findByText('Choose a start time in the future.')).toBeTruthy();
    expect(form.getByText('A whole number of minutes, from 1 to 1440.')).toBeTruthy();
    expect(sent.filter((x) => x.method === 'POST')).toHaveLength(0);

    const start = dayjs().add(2, 'day').startOf('minute');
    fireEvent.change(form.getByLabelText('Starts at'), { target: { value: local(start) } });
    fireEvent.change(form.getByLabelText('Expected length in minutes (optional)'), { target: { value: '75' } });
    fireEvent.click(form.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Webcast scheduled.')).toBeTruthy();
    const posted = sent.find((x) => x.method === 'POST')?.body as Record<string, unknown>;
    expect(posted).toMatchObject({ title: 'Carol service', description: '', expectedDurationMinutes: 75 });
    // The viewer's wall-clock time, sent with its offset.
    expect(Date.parse(posted.startDate as string)).toBe(start.valueOf());
    const item = within(await panel.findByRole('listitem', { name: 'Carol service' }));
    expect(item.getByText(/About 75 minutes/)).toBeTruthy();
    expect(item.getByText(/in 2 days/)).toBeTruthy();
  });

  it('changes a scheduled webcast keeping its start, and deletes it only after a confirmation', async () => {
    scheduled = [
      {
        scheduledWebcastID: 4,
        broadcasterID: B,
        displayName: 'Grace Church',
        title: 'Watchnight',
        description: '',
        startDate: '2030-12-31T22:00:00.000Z',
        startTimestamp: Date.parse('2030-12-31T22:00:00Z') / 1000,
        expectedDurationMinutes: null,
      },
    ];
    renderScreen(<WebcastScreen />);
    const item = within(await screen.findByRole('listitem', { name: 'Watchnight' }));
    fireEvent.click(item.getByRole('button', { name: 'Edit' }));
    fireEvent.change(item.getByLabelText('Title'), { target: { value: 'Watchnight service' } });
    fireEvent.click(item.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scheduled webcast saved.')).toBeTruthy();
    expect(sent.filter((x) => x.method === 'PATCH').map((x) => x.body)).toEqual([
      { title: 'Watchnight service', description: '', expectedDurationMinutes: null },
    ]);
    const changed = within(await screen.findByRole('listitem', { name: 'Watchnight service' }));
    fireEvent.click(changed.getByRole('button', { name: 'Delete' }));
    expect(sent.some((x) => x.method === 'DELETE')).toBe(false);
    fireEvent.click(within(changed.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webcasts scheduled.')).toBeTruthy();
    expect(scheduled).toHaveLength(0);
  });

  it('is not offered to a broadcaster that cannot webcast', async () => {
    metadata = metadataAt({ canWebcast: false });
    renderScreen(<WebcastScreen />);
    await screen.findByRole('region', { name: 'Webcast defaults' });
    expect(screen.queryByRole('region', { name: 'Scheduled webcasts' })).toBeNull();
  });
});

describe('the live webcast and the earlier ones', () => {
  it("shows the live webcast's preview, health and events, and the earlier webcasts' viewers", async () => {
    // A browser with HLS of its own (jsdom plays nothing: play() only resolves).
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      /mpegurl/.test(type) ? 'maybe' : '',
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    webcasts = [
      webcast({ peakViewers: 12, totalViewers: 30, passwordProtected: true }),
      webcast({
        webcastID: 'w0',
        title: 'Good Friday',
        state: 'ended',
        peakViewers: 140,
        totalViewers: 1200,
        stopReason: 'unattended',
      }),
    ];
    renderScreen(<WebcastScreen />);
    expect(await screen.findByText('Stream health: warning')).toBeTruthy();
    expect(screen.getByText(/Bitrate too low/)).toBeTruthy();
    expect(screen.getByText(/Encoder connected/)).toBeTruthy();
    expect(await screen.findByText('Viewers: 12 at the peak, 30 in all')).toBeTruthy();
    // Its managers watch it muted, password or not.
    const preview = (await screen.findByLabelText('Live preview: Sunday worship')) as HTMLVideoElement;
    await waitFor(() => expect(preview.getAttribute('src')).toBe('/live-media/w1/index.m3u8'));
    expect(preview.muted).toBe(true);
    const row = (await screen.findByText('Good Friday')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('36,000')).toBeTruthy());
    expect(within(row).getByText('140')).toBeTruthy();
    expect(within(row).getByText('1,200')).toBeTruthy();
    expect(within(row).getByText('Stopped: nobody watched it for too long')).toBeTruthy();
    expect(await screen.findByText('In all: 2 webcasts, 1,230 viewers, 36,900 minutes watched.')).toBeTruthy();
  });
});

describe('restream destinations', () => {
  it('refuses a custom destination without its address, adds a YouTube one and starts it', async () => {
    webcasts = [webcast({})];
    renderScreen(<WebcastScreen />);
    expect(await screen.findByText('No destinations yet.')).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'Add a destination' }));
    fireEvent.change(form.getByLabelText('Platform'), { target: { value: 'custom' } });
    fireEvent.change(form.getByLabelText('Stream key'), { target: { value: 'abcd-1234' } });
    fireEvent.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText('A custom destination needs its RTMP address.')).toBeTruthy();
    expect(sent.filter((s) => s.path.endsWith('/multicast'))).toHaveLength(0);

    fireEvent.change(form.getByLabelText('Platform'), { target: { value: 'youtube' } });
    fireEvent.change(form.getByLabelText('Name (optional)'), { target: { value: 'Our channel' } });
    fireEvent.click(form.getByLabelText('Start automatically when I go live'));
    fireEvent.click(form.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Destination added.')).toBeTruthy();
    expect(sent.find((s) => s.path.endsWith('/multicast'))?.body).toEqual({
      stream_platform: 'youtube',
      stream_label: 'Our channel',
      stream_key: 'abcd-1234',
      auto_start: true,
      disabled: false,
      system: false,
    });

    const item = within(await screen.findByRole('listitem', { name: 'Our channel' }));
    expect(item.getByText('Stopped')).toBeTruthy();
    expect(item.getByText(/••••1234/)).toBeTruthy();
    fireEvent.click(item.getByRole('button', { name: 'Start' }));
    expect(await item.findByText('Starting')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST' && s.path === `${base}/multicast/1/start`)).toBe(true);

    // While it moves, the list is asked again until the server says it runs.
    (multicasts[0] as Multicast).status = 'running';
    expect(await item.findByText('Running', {}, { timeout: 8000 })).toBeTruthy();
    expect(item.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(item.getByRole('button', { name: 'Restart' })).toBeTruthy();
  }, 15_000);

  it('disables, enables and auto-starts a destination, and deletes it only after a confirmation', async () => {
    multicasts = [
      {
        multicast_id: 7,
        broadcaster_id: B,
        disabled: false,
        stream_platform: 'facebook',
        status: 'stopped',
        stream_label: '',
        stream_url: 'rtmps://live-api-s.facebook.com:443/rtmp/',
        stream_key: '••••9876',
        auto_start: false,
        system: false,
        last_event: { kind: 'fail', attempt: 3, detail: 'Connection refused', time: 1_764_428_400 },
      },
    ];
    renderScreen(<WebcastScreen />);
    const item = within(await screen.findByRole('listitem', { name: 'Facebook' }));
    expect(item.getByText('Failed: Connection refused')).toBeTruthy();
    fireEvent.click(item.getByRole('button', { name: 'Disable' }));
    expect(await item.findByText(/disabled/)).toBeTruthy();
    expect(item.queryByRole('button', { name: 'Start' })).toBeNull();
    fireEvent.click(item.getByRole('button', { name: 'Enable' }));
    await item.findByRole('button', { name: 'Start' });
    fireEvent.click(item.getByRole('button', { name: 'Start automatically' }));
    await item.findByRole('button', { name: 'Do not start automatically' });
    const patches = sent.filter((x) => x.method === 'PATCH').map((x) => x.body);
    expect(patches).toEqual([{ disabled: true }, { disabled: false }, { auto_start: true }]);

    fireEvent.click(item.getByRole('button', { name: 'Delete' }));
    const dialog = within(item.getByRole('alertdialog'));
    expect(sent.some((x) => x.method === 'DELETE')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No destinations yet.')).toBeTruthy();
    expect(multicasts).toHaveLength(0);
  });
});
