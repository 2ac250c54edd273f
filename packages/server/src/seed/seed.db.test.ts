import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROADCASTER_ROLE, SITE_ROLE } from '@kerygma/domain/roles';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userByName } from '../accounts/accounts.queries.ts';
import { passwordMatches } from '../accounts/passwords.ts';
import type { Db } from '../db/db.ts';
import { imageSizes } from '../images/image-sizes.ts';
import { jobHandlers } from '../jobs/handlers.ts';
import { startWorker } from '../jobs/worker.ts';
import { localMediaStore } from '../storage/local-store.ts';
import type { MediaStore } from '../storage/store.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { generateDemoCatalogue } from './demo-catalogue.ts';
import { type SeedResult, seedDemo } from './seed.ts';

const one = async <T>(db: Db, sql: string): Promise<T> => {
  const [row] = await db.query<T>(sql);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};

/** Runs a worker until no job is queued or running. */
async function runJobs(db: Db, media: MediaStore) {
  const worker = await startWorker({ db, handlers: jobHandlers({ db, media }), pollMs: 50 });
  try {
    for (let i = 0; i < 2400; i++) {
      const [left] = await db.query<{ n: number }>(
        "SELECT count(*)::int n FROM job WHERE state IN ('queued', 'running')",
      );
      if (left?.n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('jobs still running');
  } finally {
    await worker.stop();
  }
}

describe.each(BACKENDS)('demo seed on %s', (backend) => {
  let t: TestDb;
  let dataDir: string;
  let mediaDir: string;
  let media: MediaStore;
  let result: SeedResult;
  /** What the database held right after seeding, before a worker ran. */
  let seeded: { queued: string[]; withAudio: number; uploads: number };
  const logs: string[] = [];

  beforeAll(async () => {
    t = await openTestDb(backend);
    // A data directory's layout: the demo webcasts' replays go to `live` beside `media`.
    dataDir = await mkdtemp(path.join(tmpdir(), 'kerygma-seed-'));
    mediaDir = path.join(dataDir, 'media');
    await mkdir(mediaDir);
    media = localMediaStore(mediaDir);
    result = await seedDemo(t.db, { media, mediaDir, mediaSermons: 2, log: (m) => logs.push(m) });
    seeded = await one(
      t.db,
      `SELECT (SELECT array_agg(name) FROM job WHERE state = 'queued') queued,
              (SELECT count(*) FROM sermon WHERE has_audio)::int "withAudio",
              (SELECT count(*) FROM media_upload WHERE state = 'received')::int uploads`,
    );
    await runJobs(t.db, media);
  }, 180_000);
  afterAll(async () => {
    await t?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
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

  it('gives every broadcaster, speaker and series artwork of its own, drawn as JPEG at the size asked for', async () => {
    const missing = await one<Record<string, number>>(
      t.db,
      `SELECT (SELECT count(*) FROM broadcaster WHERE image_url IS NULL OR banner_image_url IS NULL)::int broadcasters,
              (SELECT count(*) FROM speaker WHERE portrait_url IS NULL AND NOT placeholder)::int speakers,
              (SELECT count(*) FROM series WHERE image_url IS NULL)::int series,
              (SELECT count(DISTINCT image_url) FROM series)::int "distinctCovers",
              (SELECT count(*) FROM series)::int "allSeries"`,
    );
    expect(missing).toMatchObject({ broadcasters: 0, speakers: 0, series: 0 });
    expect(missing.distinctCovers).toBe(missing.allSeries);
    const { image_url: cover } = await one<{ image_url: string }>(
      t.db,
      'SELECT image_url FROM series ORDER BY series_id LIMIT 1',
    );
    expect(cover).toMatch(/^\/media\/images\/series_artwork\/\d+-[0-9a-f]{12}\/\{size\}\.jpg$/);
    const key = cover.slice('/media/'.length).replace('{size}', '1400');
    await imageSizes(media)(key);
    const meta = await sharp(await media.read(key)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1400, height: 1400 });
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

  it('gives some broadcasters highlighted sermons, each a published sermon of their own', async () => {
    const c = await one<{ broadcasters: number; highlighting: number; own_published: number; orders: number }>(
      t.db,
      `SELECT (SELECT count(*) FROM broadcaster)::int broadcasters,
              (SELECT count(*) FROM broadcaster_highlighted_sermons)::int highlighting,
              (SELECT count(*) FROM broadcaster_highlighted_sermons h JOIN sermon s USING (sermon_id)
                WHERE s.broadcaster_id = h.broadcaster_id AND s.publish_timestamp <= now())::int own_published,
              (SELECT count(DISTINCT sort_order) FROM broadcaster_highlighted_sermons)::int orders`,
    );
    expect(c.highlighting).toBeGreaterThan(0);
    expect(c.highlighting).toBeLessThan(c.broadcasters);
    expect(c.own_published).toBe(c.highlighting);
    expect(c.orders).toBeGreaterThan(1);
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

  it("publishes twelve of Faith's Checkbook's readings as the historic broadcaster's articles, by Spurgeon", async () => {
    expect(result.counts.articles).toBe(12);
    const rows = await t.db.query<{ title: string; slug: string; draft: boolean; speaker: string; html: string }>(
      `SELECT a.title, a.slug, a.draft, s.display_name AS speaker, a.content_html AS html
       FROM article a JOIN speaker s USING (speaker_id) WHERE a.broadcaster_id = 'puritanaudio' ORDER BY a.article_date`,
    );
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => !r.draft && r.speaker === 'Charles H. Spurgeon' && r.html.includes('<blockquote>'))).toBe(
      true,
    );
    expect(new Set(rows.map((r) => r.slug)).size).toBe(12);
  });

  it('queues the media, which a worker stores as uploads and encodes into renditions', async () => {
    expect(result.counts.mediaSermons).toBe(2);
    expect(seeded).toEqual({ queued: ['demo.media'], withAudio: 0, uploads: 0 });
    const jobs = await t.db.query<{ name: string; state: string }>('SELECT name, state FROM job ORDER BY id');
    expect(jobs.map((j) => `${j.name} ${j.state}`).sort()).toEqual([
      'demo.media done',
      // The MP3's playable copy (media.jobs.ts), removed once its renditions replaced it.
      'media.delete-files done',
      'media.encode-audio done',
      'media.encode-video done',
    ]);
    const uploads = await t.db.query<{ storage_key: string; size_bytes: number; duration_seconds: number }>(
      'SELECT storage_key, size_bytes, duration_seconds FROM media_upload',
    );
    expect(uploads).toHaveLength(2);
    for (const u of uploads) {
      expect((await stat(path.join(mediaDir, u.storage_key))).size).toBe(u.size_bytes);
      expect(u.duration_seconds).toBeGreaterThan(50);
    }

    const items = await t.db.query<{
      sermon_id: string;
      media_type: string;
      quality: string | null;
      storage_key: string;
      file_size_bytes: number | null;
      duration_seconds: number | null;
    }>('SELECT sermon_id, media_type, quality, storage_key, file_size_bytes, duration_seconds FROM media_item');
    for (const item of items) {
      expect(item.storage_key.startsWith(`${item.sermon_id}/r/`)).toBe(true);
      const size = (await stat(path.join(mediaDir, item.storage_key))).size;
      if (item.file_size_bytes !== null) expect(size).toBe(item.file_size_bytes);
      if (item.media_type !== 'jpg') expect(item.duration_seconds).toBeGreaterThan(50);
    }
    const kinds = items.map((i) => `${i.media_type}:${i.quality}`).sort();
    // Each sermon: high and low MP3 and AAC HLS; the video sermon also its 360p rung, the adaptive playlist and a thumbnail.
    expect(kinds).toEqual(
      [
        'aac:null',
        'aac:null',
        'jpg:null',
        'mp3:high',
        'mp3:high',
        'mp3:low',
        'mp3:low',
        'mp4:adaptive',
        'mp4:low',
      ].sort(),
    );

    const sermons = await t.db.query<{
      sermon_id: string;
      has_audio: boolean;
      has_video: boolean;
      audio_duration_seconds: number;
      video_duration_seconds: number;
      audio_media_status: string;
      waveform_storage_key: string;
      video_thumbnail_storage_key: string | null;
    }>(`SELECT sermon_id, has_audio, has_video, audio_duration_seconds, video_duration_seconds, audio_media_status,
               waveform_storage_key, video_thumbnail_storage_key
          FROM sermon WHERE sermon_id IN (SELECT sermon_id FROM media_upload) ORDER BY sermon_id`);
    expect(sermons).toHaveLength(2);
    for (const s of sermons) {
      expect(s.has_audio).toBe(true);
      expect(s.audio_media_status).toBe('ready');
      // Audio-only sermons: 2-4 minutes; video sermons: the 60 s soundtrack of the video.
      expect(s.audio_duration_seconds).toBeGreaterThanOrEqual(s.has_video ? 58 : 118);
      expect(s.audio_duration_seconds).toBeLessThanOrEqual(s.has_video ? 62 : 242);
      const peaks = JSON.parse(await readFile(path.join(mediaDir, s.waveform_storage_key), 'utf8'));
      expect(peaks.data.length).toBeGreaterThan(100);
    }
    const video = sermons.filter((s) => s.has_video);
    expect(video).toHaveLength(1);
    expect(
      Math.abs((video[0]?.video_duration_seconds ?? 0) - (video[0]?.audio_duration_seconds ?? 0)),
    ).toBeLessThanOrEqual(2);
    expect(video[0]?.video_thumbnail_storage_key).toMatch(/thumbnail\.jpg$/);
    const events = await t.db.query<{ stage: string }>(
      `SELECT stage FROM media_event WHERE sermon_id = '${video[0]?.sermon_id}' ORDER BY event_id`,
    );
    expect(events.map((e) => e.stage)).toEqual([
      'upload-received',
      'original-analyzed',
      'encoding',
      'thumbnail',
      'waveform',
      'encoding-syncing',
      'audio-extracted',
      'encoded-video',
      'media-linked',
    ]);
  });

  it('makes a demo site admin and a demo broadcaster Admin, verified, their random passwords logged once', async () => {
    const line = logs.find((l) => l.startsWith('demo users'));
    const passwords = Object.fromEntries(
      [...(line ?? '').matchAll(/^ {2}(\w+) \/ (\S+)$/gm)].map((m) => [m[1] as string, m[2] as string]),
    );
    expect(Object.keys(passwords).sort()).toEqual(['demoadmin', 'demomanager']);
    const first = generateDemoCatalogue().broadcasters[0]?.broadcasterId;
    for (const [name, password] of Object.entries(passwords)) {
      const user = await userByName(t.db, name);
      expect(user?.verified, name).toBe(true);
      expect(await passwordMatches(user?.password_hash ?? '', password), name).toBe(true);
      expect(password).not.toBe(passwords[name === 'demoadmin' ? 'demomanager' : 'demoadmin']);
    }
    expect((await userByName(t.db, 'demoadmin'))?.roles).toEqual([SITE_ROLE.admin]);
    expect((await userByName(t.db, 'demomanager'))?.broadcaster_roles).toEqual([
      { broadcasterID: first, broadcasterRoleID: BROADCASTER_ROLE.admin },
    ]);
  });

  it('has past webcasts of the video sermons’ broadcasters with replays, one archived as its sermon', async () => {
    expect(result.counts.webcasts).toBe(2);
    const webcasts = await t.db.query<{
      webcast_id: string;
      broadcaster_id: string;
      state: string;
      replay: string;
      has_recording: boolean;
      archived_sermon_id: string | null;
      archived_webcast_id: string | null;
      sermon_broadcaster: string | null;
    }>(
      `SELECT w.webcast_id, w.broadcaster_id, w.state, w.replay, w.has_recording, w.archived_sermon_id,
              s.archived_webcast_id, s.broadcaster_id AS sermon_broadcaster
         FROM webcast w LEFT JOIN sermon s ON s.sermon_id = w.archived_sermon_id ORDER BY w.webcast_id`,
    );
    expect(webcasts.map((w) => [w.state, w.replay, w.has_recording])).toEqual([
      ['ended', 'listed', true],
      ['ended', 'listed', true],
    ]);
    // The later one archived as the video sermon its replay is, linked both ways.
    const [archived, earlier] = webcasts;
    expect(archived?.archived_sermon_id).toEqual(expect.any(String));
    expect(archived?.archived_webcast_id).toBe(archived?.webcast_id);
    expect(archived?.sermon_broadcaster).toBe(archived?.broadcaster_id);
    expect(earlier?.archived_sermon_id).toBeNull();
    const [video] = await t.db.query<{ has_video: boolean }>('SELECT has_video FROM sermon WHERE sermon_id = $1', [
      archived?.archived_sermon_id,
    ]);
    expect(video?.has_video).toBe(true);
    // Each replay a closed VOD playlist of MPEG-TS segments in the data directory's live folder.
    for (const w of webcasts) {
      const dir = path.join(dataDir, 'live', w.webcast_id);
      const playlist = await readFile(path.join(dir, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = playlist.match(/^seg-\d{5}\.ts$/gm) ?? [];
      expect(segments.length).toBeGreaterThan(3);
      const bytes = await readFile(path.join(dir, segments[0] as string));
      expect(bytes[0]).toBe(0x47); // an MPEG-TS packet
    }
  });

  it('announces the next Sunday service and prayer meeting at their hours, US Eastern, by broadcasters that may webcast', async () => {
    const scheduled = await t.db.query<{ title: string; can_webcast: boolean; days: number; starts: number }>(
      `SELECT s.title, b.can_webcast, extract(epoch FROM s.starts_at - now()) / 86400 AS days,
              floor(extract(epoch FROM s.starts_at))::int8 AS starts
         FROM webcast_schedule s JOIN broadcaster b ON b.broadcaster_id = s.broadcaster_id ORDER BY s.title`,
    );
    const eastern = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(scheduled.map((s) => [s.title, s.can_webcast, eastern.format(Number(s.starts) * 1000)])).toEqual([
      ['Lord’s Day morning worship', true, 'Sunday 10:30 AM'],
      ['Midweek prayer meeting', true, 'Wednesday 7:00 PM'],
    ]);
    for (const s of scheduled) {
      expect(Number(s.days)).toBeGreaterThan(0.99);
      expect(Number(s.days)).toBeLessThan(8);
    }
  });

  it('leaves a seeded database alone, and reseeds on reset reusing rendered media', async () => {
    const before = await one<{ n: number }>(t.db, 'SELECT count(*)::int n FROM sermon');
    const again = await seedDemo(t.db, { media, mediaDir, mediaSermons: 2 });
    expect(again.seeded).toBe(false);
    expect((await one<{ n: number }>(t.db, 'SELECT count(*)::int n FROM sermon')).n).toBe(before.n);

    const oldKeys = (await t.db.query<{ storage_key: string }>('SELECT storage_key FROM media_item')).map(
      (i) => i.storage_key,
    );
    expect(oldKeys.length).toBeGreaterThan(0);
    const resetLogs: string[] = [];
    const reset = await seedDemo(t.db, {
      media,
      mediaDir,
      mediaSermons: 2,
      reset: true,
      log: (m) => resetLogs.push(m),
    });
    expect(reset.seeded).toBe(true);
    // The demo users stay, with their passwords, which are not shown again; the manager keeps the broadcaster.
    expect(resetLogs.filter((l) => l.startsWith('demo users'))).toEqual([]);
    expect((await userByName(t.db, 'demomanager'))?.broadcaster_roles).toHaveLength(1);
    expect(reset.counts).toMatchObject({ sermons: before.n, mediaSermons: 2 });
    for (const key of oldKeys) await expect(stat(path.join(mediaDir, key))).rejects.toThrow();
    // The originals and their renditions come from the render cache this time: no new renders.
    const cache = await readFile(path.join(mediaDir, '.demo-cache/manifest.json'), 'utf8');
    const renditions = await readdir(path.join(mediaDir, '.demo-cache/renditions'));
    expect(renditions.filter((e) => !e.endsWith('.tmp'))).toHaveLength(2);
    await runJobs(t.db, media);
    expect(await readFile(path.join(mediaDir, '.demo-cache/manifest.json'), 'utf8')).toBe(cache);
    expect(await readdir(path.join(mediaDir, '.demo-cache/renditions'))).toEqual(renditions);
    const [counts] = await t.db.query<{ uploads: number; audio: number }>(
      `SELECT (SELECT count(*) FROM media_upload)::int uploads, (SELECT count(*) FROM sermon WHERE has_audio)::int audio`,
    );
    expect(counts).toEqual({ uploads: 2, audio: 2 });
  }, 180_000);
});
