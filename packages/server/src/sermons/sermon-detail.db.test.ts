import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/** GET node/sermons/{id}, its waveform, visibility of drafts and scheduled sermons, and bad input. */
describe.each(BACKENDS)('sermon detail and errors on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  it('returns the full sermon by default, with broadcaster, speaker, series and media', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons/1000');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      sermonID: '1000',
      fullTitle: 'Justified by Faith part 1',
      displayTitle: 'Justified by Faith 1',
      bibleText: 'Romans 1:1-10',
      eventType: 'Sunday - AM',
      languageCode: 'en',
      preachDate: '1965-01-03',
      publishTimestamp: Date.UTC(2025, 0, 1) / 1000,
      updateDate: Date.UTC(2025, 1, 1) / 1000,
      keywords: ['justification', 'faith'],
      audioDurationSeconds: 600,
      hasAudio: true,
      hasVideo: false,
      staffPick: true,
      pickDate: '2024-01-01',
      downloadCount: 600,
      waveformPeaksURL: 'http://kerygma.test/api/v2/node/sermons/1000/waveform',
      broadcaster: {
        broadcasterID: 'gracechurch',
        displayName: 'Grace Reformed Baptist Church',
        denomination: 'Reformed Baptist',
        minister: 'Thomas Hart',
        numberOfSermons: 30,
        latitude: 40,
      },
      speaker: { speakerID: 1, displayName: 'Charles H. Spurgeon', sortName: 'Spurgeon, Charles H.', sermonCount: 29 },
      series: { seriesID: 10, title: 'Romans', broadcasterID: 'gracechurch', count: 12, podcastEnabled: true },
    });
    // Highest quality first; bitrate in kbps; duration in whole seconds.
    expect(body.media.audio).toHaveLength(2);
    expect(body.media.audio[0]).toMatchObject({
      mediaType: 'mp3',
      quality: 'high',
      bitrate: 96,
      duration: 600,
      fileSizeBytes: 1234567,
      streamURL: 'http://kerygma.test/media/1000/audio-high.mp3',
      downloadURL: 'http://kerygma.test/media/1000/audio-high.mp3?download=1965-01-03%20Justified%20by%20Faith%201.mp3',
    });
    expect(body.media.audio[1]).toMatchObject({ quality: 'low', bitrate: 32 });
    expect(body.media.video).toEqual([]);
    expect(body.media.text).toEqual([]);
  });

  it('an adaptive stream (HLS playlist) has a stream URL but no download URL', async () => {
    await t.db.exec(`INSERT INTO media_item (sermon_id, media_type, storage_key, bitrate, adaptive)
      VALUES ('1000', 'aac', '1000/hls/audio.m3u8', 64000, true)`);
    try {
      const { body } = await getJson(t.app, '/api/v2/node/sermons/1000');
      const hls = body.media.audio.find((m: { mediaType: string }) => m.mediaType === 'aac');
      expect(hls).toMatchObject({
        adaptiveBitrate: true,
        streamURL: 'http://kerygma.test/media/1000/hls/audio.m3u8',
        downloadURL: null,
      });
      expect(body.media.audio.filter((m: { downloadURL: string | null }) => m.downloadURL)).toHaveLength(2);
    } finally {
      await t.db.exec(`DELETE FROM media_item WHERE storage_key = '1000/hls/audio.m3u8'`);
    }
  });

  it('lite=true trims the sermon: lite broadcaster, no media', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons/1000?lite=true');
    expect(status).toBe(200);
    expect(body.sermonID).toBe('1000');
    expect(body).not.toHaveProperty('media');
    expect(body).not.toHaveProperty('keywords');
    expect(body.broadcaster.broadcasterID).toBe('gracechurch');
    expect(body.broadcaster).not.toHaveProperty('denomination');
    const full = await getJson(t.app, '/api/v2/node/sermons/1000?lite=false');
    expect(full.body).toHaveProperty('media');
    expect(full.body.broadcaster.denomination).toBe('Reformed Baptist');
  });

  it('a sermon without media files has empty media lists and no waveform URL', async () => {
    const { body } = await getJson(t.app, '/api/v2/node/sermons/1041');
    expect(body.speaker.displayName).toBe('John Owen');
    expect(body.hasVideo).toBe(true);
    expect(body.media).toEqual({ audio: [], video: [], text: [], captions: [] });
    expect(body.waveformPeaksURL).toBeNull();
  });

  it('unknown sermon → 404 with the spec’s error body', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons/999999');
    expect(status).toBe(404);
    expect(body).toEqual({ errors: { error: 'Sermon not found' }, status: 404, code: 'not_found' });
  });

  it('drafts and scheduled sermons are 404 and never listed', async () => {
    for (const id of ['1900', '1901']) {
      const detail = await getJson(t.app, `/api/v2/node/sermons/${id}`);
      expect(detail.status, id).toBe(404);
      expect(detail.body.errors.error).toBe('Sermon not found');
      expect((await getJson(t.app, `/api/v2/node/sermons/${id}?lite=true`)).status).toBe(404);
      expect((await getJson(t.app, `/api/v2/node/sermons/${id}/waveform`)).status).toBe(404);
    }
    const list = await getJson(t.app, '/api/v2/node/sermons?pageSize=100&broadcasterID=gracechurch');
    const listed = list.body.results.map((s: { sermonID: string }) => s.sermonID);
    expect(listed).toHaveLength(30);
    expect(listed).not.toContain('1900');
    expect(listed).not.toContain('1901');
    // Asking for drafts and scheduled sermons publicly changes nothing.
    const asked = await getJson(
      t.app,
      '/api/v2/node/sermons?pageSize=100&includeDrafts=true&includeScheduled=true&includePublished=false',
    );
    expect(asked.body.totalCount).toBe(60);
    expect(asked.body.results.map((s: { sermonID: string }) => s.sermonID)).not.toContain('1900');
  });

  it('Accept-Language: de gives the German not-found text', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons/999999', {
      'accept-language': 'de-DE,de;q=0.9',
    });
    expect(status).toBe(404);
    expect(body).toEqual({ errors: { error: 'Predigt nicht gefunden' }, status: 404, code: 'not_found' });
    const es = await getJson(t.app, '/api/v2/node/sermons/999999', { 'accept-language': 'es' });
    expect(es.body.errors.error).not.toBe('Sermon not found');
    const unknown = await getJson(t.app, '/api/v2/node/sermons/999999', { 'accept-language': 'xx' });
    expect(unknown.body.errors.error).toBe('Sermon not found');
  });

  it('serves the waveform peaks JSON', async () => {
    const { status, body, headers } = await getJson(t.app, '/api/v2/node/sermons/1000/waveform');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(body).toMatchObject({ version: 2, channels: 1, length: 2, data: [-10, 12, -5, 7] });
  });

  it('waveform of a sermon without one → 404 Waveform not found', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons/1001/waveform');
    expect(status).toBe(404);
    expect(body.errors.error).toBe('Waveform not found');
    expect((await getJson(t.app, '/api/v2/node/sermons/999999/waveform')).body.errors.error).toBe('Sermon not found');
  });

  it.each([
    ['pageSize=abc', 'pageSize'],
    ['pageSize=1000', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=0', 'page'],
    ['year=abc', 'year'],
    ['month=13&year=2000', 'month'],
    ['speakerID=abc', 'speakerID'],
    ['duration=5-2', 'duration'],
    ['duration=long', 'duration'],
    ['media=tape', 'media'],
    ['book=ROM&chapter=0', 'chapter'],
    ['year=1976&month=2&day=31', 'day'],
    ['year=1977&month=2&day=29', 'day'],
  ])('bad input %s → 400 naming the field %s', async (query, field) => {
    const { status, body } = await getJson(t.app, `/api/v2/node/sermons?${query}`);
    expect(status).toBe(400);
    expect(body.status).toBe(400);
    expect(body.code).toBe('invalid_request');
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]).toContain(field);
  });

  it('a too-short search says so', async () => {
    for (const q of ['ab', '%20ab%20%20', 'a']) {
      const { status, body } = await getJson(t.app, `/api/v2/node/sermons?searchKeyword=${q}`);
      expect(status).toBe(400);
      expect(body.errors.searchKeyword).toContain('Search needs at least 3 characters');
    }
  });

  it('an unknown Bible book → 400 naming the book', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons?book=Hezekiah');
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: { book: 'Unknown Bible book: Hezekiah' },
      status: 400,
      code: 'invalid_request',
    });
    const de = await getJson(t.app, '/api/v2/node/sermons?book=Hezekiah', { 'accept-language': 'de' });
    expect(de.body.errors.book).toBe('Unbekanntes Buch der Bibel: Hezekiah');
  });

  it('a duration whose maximum is below its minimum explains itself', async () => {
    const { body } = await getJson(t.app, '/api/v2/node/sermons?duration=5-2');
    expect(body.errors.duration).toContain('duration maximum must not be below its minimum');
  });

  it('page size over the maximum names the limit', async () => {
    const { body } = await getJson(t.app, '/api/v2/node/sermons?pageSize=1000');
    expect(body.errors.pageSize).toMatch(/100/);
  });
});
