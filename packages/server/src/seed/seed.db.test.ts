import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { generateDemoCatalogue } from './demo-catalogue.ts';
import { type SeedResult, seedDemo } from './seed.ts';

const one = async <T>(db: Db, sql: string): Promise<T> => {
  const [row] = await db.query<T>(sql);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};

describe.each(BACKENDS)('demo seed on %s', (backend) => {
  let t: TestDb;
  let mediaDir: string;
  let result: SeedResult;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await openTestDb(backend);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'kerygma-seed-'));
    result = await seedDemo(t.db, { mediaDir, mediaSermons: 2, log: (m) => logs.push(m) });
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('loads the whole catalogue quickly', async () => {
    expect(result.seeded).toBe(true);
    expect(result.seconds).toBeLessThan(30);
    const c = await one<Record<string, number>>(
      t.db,
      `SELECT (SELECT count(*) FROM broadcaster)::int broadcasters, (SELECT count(*) FROM speaker)::int speakers,
              (SELECT count(*) FROM series)::int series, (SELECT count(*) FROM sermon)::int sermons,
              (SELECT count(DISTINCT language_code) FROM sermon)::int languages,
              (SELECT count(*) FROM sermon WHERE pick_date IS NOT NULL)::int picks,
              (SELECT count(*) FROM sermon WHERE has_video)::int video,
              (SELECT count(*) FROM sermon WHERE publish_timestamp IS NULL)::int drafts,
              (SELECT count(*) FROM sermon WHERE publish_timestamp > now())::int scheduled,
              (SELECT count(*) FROM speaker WHERE placeholder)::int placeholders,
              (SELECT count(*) FROM sermon_topic)::int sermon_topics,
              (SELECT count(*) FROM hashtag)::int hashtags,
              (SELECT extract(year FROM age(max(preach_date), min(preach_date))) FROM sermon)::int years`,
    );
    expect(c.broadcasters).toBeGreaterThanOrEqual(40);
    expect(c.speakers).toBeGreaterThanOrEqual(150);
    expect(c.series).toBeGreaterThanOrEqual(300);
    expect(c.sermons).toBeGreaterThanOrEqual(3000);
    expect(c.languages).toBeGreaterThanOrEqual(6);
    expect(c.years).toBeGreaterThanOrEqual(60);
    expect(c.picks).toBeGreaterThan(0);
    expect(c.video).toBeGreaterThan(0);
    expect(c.drafts).toBeGreaterThan(0);
    expect(c.scheduled).toBeGreaterThan(0);
    expect(c.placeholders).toBe(2);
    expect(c.sermon_topics).toBeGreaterThan(0);
    expect(c.hashtags).toBeGreaterThan(0);
  });

  it('stores exactly the generated rows', async () => {
    const generated = generateDemoCatalogue();
    const rows = await t.db.query<{ sermon_id: string; full_title: string; preach_date: string }>(
      'SELECT sermon_id, full_title, preach_date FROM sermon ORDER BY sermon_id',
    );
    const expected = [...generated.sermons]
      .sort((a, b) => (a.sermonId < b.sermonId ? -1 : 1))
      .map((s) => ({ sermon_id: s.sermonId, full_title: s.fullTitle, preach_date: s.preachDate }));
    expect(rows).toEqual(expected);
    const exact = await one<{ latitude: number }>(
      t.db,
      "SELECT latitude FROM broadcaster WHERE broadcaster_id = 'lancasterbible'",
    );
    expect(exact.latitude).toBe(40);
  });

  it('indexes scripture and search', async () => {
    const c = await one<Record<string, number>>(
      t.db,
      `SELECT (SELECT count(*) FROM sermon s WHERE bible_text IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM sermon_scripture r WHERE r.sermon_id = s.sermon_id))::int unindexed,
              (SELECT count(*) FROM sermon WHERE bible_text IS NOT NULL AND bible_sort IS NULL)::int unsorted,
              (SELECT count(*) FROM (SELECT 1 FROM sermon_scripture GROUP BY sermon_id, book_index
                 HAVING count(*) FILTER (WHERE first_in_book) <> 1) x)::int bad_first,
              (SELECT count(*) FROM sermon_scripture r JOIN sermon s USING (sermon_id) WHERE r.preach_date <> s.preach_date)::int bad_dates,
              (SELECT count(DISTINCT book_index) FROM sermon_scripture)::int books,
              (SELECT count(*) FROM sermon WHERE search_vector = ''::tsvector)::int unsearchable,
              (SELECT count(*) FROM sermon WHERE search_vector @@ to_tsquery('simple', 'spurgeon'))::int spurgeon`,
    );
    expect(c).toEqual({
      unindexed: 0,
      unsorted: 0,
      bad_first: 0,
      bad_dates: 0,
      books: 66,
      unsearchable: 0,
      spurgeon: expect.any(Number),
    });
    expect(c.spurgeon).toBeGreaterThan(0);
  });

  it('refreshes the denormalised counts', async () => {
    const c = await one<Record<string, number>>(
      t.db,
      `SELECT (SELECT sum(sermon_count) FROM broadcaster)::int broadcasters,
              (SELECT sum(sermon_count) FROM speaker)::int speakers,
              (SELECT count(*) FROM sermon WHERE publish_timestamp <= now())::int published,
              (SELECT count(*) FROM series WHERE sermon_count > 0 AND latest IS NULL)::int series_without_dates`,
    );
    expect(c.broadcasters).toBe(c.published);
    expect(c.speakers).toBe(c.published);
    expect(c.series_without_dates).toBe(0);
  });

  it('writes real media files that the media_item rows point at', async () => {
    expect(result.counts.mediaSermons).toBe(2);
    const items = await t.db.query<{
      sermon_id: string;
      media_type: string;
      quality: string | null;
      storage_key: string;
      file_size_bytes: number;
      duration_seconds: number | null;
      bitrate: number | null;
    }>(
      'SELECT sermon_id, media_type, quality, storage_key, file_size_bytes, duration_seconds, bitrate FROM media_item ORDER BY media_id',
    );
    expect(items.length).toBeGreaterThanOrEqual(6); // 2 mp3 each, plus mp4 and jpg for the video sermon
    for (const item of items) {
      expect(item.storage_key.startsWith(`${item.sermon_id}/`)).toBe(true);
      expect((await stat(path.join(mediaDir, item.storage_key))).size).toBe(item.file_size_bytes);
      if (item.media_type !== 'jpg') expect(item.duration_seconds).toBeGreaterThan(50);
    }
    expect(
      items
        .filter((i) => i.media_type === 'mp3')
        .map((i) => i.quality)
        .sort(),
    ).toEqual(['high', 'high', 'low', 'low']);
    expect(items.some((i) => i.media_type === 'mp4' && i.quality === '360p')).toBe(true);
    expect(items.some((i) => i.media_type === 'jpg')).toBe(true);

    const sermons = await t.db.query<{
      sermon_id: string;
      has_audio: boolean;
      has_video: boolean;
      audio_duration_seconds: number;
      video_duration_seconds: number;
      audio_media_status: string;
      video_media_status: string | null;
      waveform_storage_key: string;
      video_thumbnail_storage_key: string | null;
    }>(`SELECT sermon_id, has_audio, has_video, audio_duration_seconds, video_duration_seconds, audio_media_status,
               video_media_status, waveform_storage_key, video_thumbnail_storage_key
          FROM sermon WHERE sermon_id IN (SELECT sermon_id FROM media_item) ORDER BY sermon_id`);
    expect(sermons).toHaveLength(2);
    for (const s of sermons) {
      expect(s.has_audio).toBe(true);
      expect(s.audio_media_status).toBe('ready');
      // Audio-only sermons: 2-4 minutes; video sermons: the 60 s soundtrack of the video.
      expect(s.audio_duration_seconds).toBeGreaterThanOrEqual(s.has_video ? 58 : 118);
      expect(s.audio_duration_seconds).toBeLessThanOrEqual(s.has_video ? 62 : 242);
      const peaks = JSON.parse(await readFile(path.join(mediaDir, s.waveform_storage_key), 'utf8'));
      expect(typeof peaks).toBe('object');
    }
    const video = sermons.filter((s) => s.has_video);
    expect(video).toHaveLength(1);
    expect(video[0]?.video_media_status).toBe('ready');
    expect(
      Math.abs((video[0]?.video_duration_seconds ?? 0) - (video[0]?.audio_duration_seconds ?? 0)),
    ).toBeLessThanOrEqual(2);
    expect(video[0]?.video_thumbnail_storage_key).toBe(`${video[0]?.sermon_id}/thumbnail.jpg`);
  });

  it('leaves a seeded database alone, and reseeds on reset reusing rendered media', async () => {
    const before = await one<{ n: number }>(t.db, 'SELECT count(*)::int n FROM sermon');
    const again = await seedDemo(t.db, { mediaDir, mediaSermons: 2 });
    expect(again.seeded).toBe(false);
    expect((await one<{ n: number }>(t.db, 'SELECT count(*)::int n FROM sermon')).n).toBe(before.n);

    const messages: string[] = [];
    const reset = await seedDemo(t.db, { mediaDir, mediaSermons: 2, reset: true, log: (m) => messages.push(m) });
    expect(reset.seeded).toBe(true);
    expect(reset.counts.sermons).toBe(before.n);
    expect(reset.counts.mediaSermons).toBe(2);
    expect(messages.join('\n')).toContain('(0 files rendered');
    const items = await t.db.query<{ storage_key: string; file_size_bytes: number }>(
      'SELECT storage_key, file_size_bytes FROM media_item',
    );
    for (const item of items)
      expect((await stat(path.join(mediaDir, item.storage_key))).size).toBe(item.file_size_bytes);
  }, 120_000);
});
