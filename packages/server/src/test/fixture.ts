import { refreshCatalogueCounts } from '../catalogue/counts.ts';
import type { Db } from '../db/db.ts';

/**
 * A small catalogue with known properties, for API tests that assert exact results.
 *
 * Broadcasters: 'gracechurch' (US, PA, church, Reformed Baptist, lat 40.0 exactly),
 * 'kingsseminary' (GB, seminary, group 'Reformed Network'), 'radiovida' (ES, radio, disabled=false,
 * Spanish), 'emptychurch' (no sermons, vacant pulpit).
 * Speakers: 1 'Charles H. Spurgeon', 2 'John Owen', 3 'María López', 4 'A/B Preacher' (slash in name),
 * 90 'Various Speakers' and 91 'Unknown Speaker' (placeholders).
 * Series: 10 'Romans' (gracechurch, podcast), 11 'Psalms of Ascent' (gracechurch),
 * 12 'Hebrews' (kingsseminary), 13 'Evangelio de Juan' (radiovida).
 * Sermons 1000..1059 (60 published, ids as strings) plus 1900 (draft), 1901 (scheduled 2099) and
 * 1902 (draft by John Owen in gracechurch's 'Psalms of Ascent': he must not show up there).
 * Topics: 1 'Justification' (the 12 Romans sermons), 2 'Prayer' (only the draft 1900).
 */
export const FIXTURE = {
  published: 60,
  byBroadcaster: { gracechurch: 30, kingsseminary: 20, radiovida: 10 },
  spanish: 10,
  romans: 12,
  staffPicks: 6,
  video: 5,
} as const;

export async function loadFixture(db: Db): Promise<void> {
  await db.exec(`
    -- Dates below are UTC whatever the server's time zone (tests assert exact epoch seconds).
    SET TIME ZONE 'UTC';
    INSERT INTO broadcaster (broadcaster_id, display_name, short_name, sort_name, location, country, country_iso_code, state,
      categories, denomination, minister, latitude, longitude, vacant_pulpit, group_name, language_code, joined, featured)
    VALUES
      ('gracechurch', 'Grace Reformed Baptist Church', 'Grace Church', 'Grace Reformed Baptist Church', 'Lancaster, Pennsylvania',
        'United States', 'US', 'PA', 1, 'Reformed Baptist', 'Thomas Hart', 40, -76.3, false, NULL, 'en', '2010-05-01', true),
      ('kingsseminary', 'King''s Theological Seminary', 'King''s Seminary', 'King''s Theological Seminary', 'Cambridge, England',
        'United Kingdom', 'GB', NULL, 6, 'Presbyterian', 'Andrew Reid', 52.2053, 0.1218, false, 'Reformed Network', 'en', '2015-09-01', false),
      ('radiovida', 'Radio Vida Nueva', 'Radio Vida', 'Radio Vida Nueva', 'Madrid, España',
        'Spain', 'ES', NULL, 8, 'Evangélica', 'Pedro Gil', 40.4168, -3.7038, false, 'Reformed Network', 'es', '2020-02-01', false),
      ('emptychurch', 'Empty Pulpit Chapel', 'Empty Chapel', 'Empty Pulpit Chapel', 'Austin, Texas',
        'United States', 'US', 'TX', 1, 'Baptist', '', 30.2672, -97.7431, true, NULL, 'en', '2024-01-01', false);

    INSERT INTO speaker (speaker_id, display_name, sort_name, bio, placeholder, featured, puritan, highlighted, created_at) VALUES
      (1, 'Charles H. Spurgeon', 'Spurgeon, Charles H.', 'The Prince of Preachers.', false, true, false, true, '2011-01-01'),
      (2, 'John Owen', 'Owen, John', 'Puritan theologian.', false, false, true, true, '2012-01-01'),
      (3, 'María López', 'López, María', '', false, false, false, false, '2020-01-01'),
      (4, 'A/B Preacher', 'Preacher, A/B', '', false, false, false, false, '2021-01-01'),
      (90, 'Various Speakers', 'Various Speakers', '', true, false, false, false, '2000-01-01'),
      (91, 'Unknown Speaker', 'Unknown Speaker', '', true, false, false, false, '2000-01-01');

    INSERT INTO broadcaster_primary_speaker VALUES ('gracechurch', 1), ('kingsseminary', 2);

    INSERT INTO series (series_id, broadcaster_id, title, podcast_enabled, updated_at, created_at) VALUES
      (10, 'gracechurch', 'Romans', true, '2024-06-01', '2019-01-01'),
      (11, 'gracechurch', 'Psalms of Ascent', false, '2023-01-01', '2022-01-01'),
      (12, 'kingsseminary', 'Hebrews', false, '2022-01-01', '2018-01-01'),
      (13, 'radiovida', 'Evangelio de Juan', true, '2025-01-01', '2021-01-01');

    -- 30 at gracechurch (speaker 1; 12 in Romans on Romans 1..12, the rest Psalms 120..134 pattern),
    -- 20 at kingsseminary (speaker 2, Hebrews), 10 at radiovida (speaker 3, Spanish, John).
    INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, series_id, full_title, display_title, bible_text,
      event_type, language_code, preach_date, publish_timestamp, keywords, audio_duration_seconds, video_duration_seconds,
      has_audio, has_video, download_count, play_count, pick_date, created_at, updated_at)
    SELECT (1000 + i)::text,
      CASE WHEN i < 30 THEN 'gracechurch' WHEN i < 50 THEN 'kingsseminary' ELSE 'radiovida' END,
      CASE WHEN i < 30 THEN (CASE WHEN i = 29 THEN 4 ELSE 1 END) WHEN i < 50 THEN 2 ELSE 3 END,
      CASE WHEN i < 12 THEN 10 WHEN i < 30 THEN 11 WHEN i < 50 THEN 12 ELSE 13 END,
      CASE WHEN i < 12 THEN 'Justified by Faith part ' || (i + 1)
           WHEN i < 30 THEN 'Songs of Ascent ' || (i - 11)
           WHEN i < 50 THEN 'A Better Covenant ' || (i - 29)
           ELSE 'La gracia de Dios ' || (i - 49) END,
      CASE WHEN i < 12 THEN 'Justified by Faith ' || (i + 1)
           WHEN i < 30 THEN 'Songs of Ascent ' || (i - 11)
           WHEN i < 50 THEN 'A Better Covenant ' || (i - 29)
           ELSE 'La gracia de Dios ' || (i - 49) END,
      CASE WHEN i < 12 THEN 'Romans ' || (i + 1) || ':1-10'
           WHEN i < 30 THEN 'Psalm ' || (120 + (i - 12) % 15)
           WHEN i < 50 THEN 'Hebrews ' || (1 + (i - 30) % 13) || ':1'
           ELSE 'John ' || (i - 49) || ':1-5' END,
      CASE WHEN i % 10 = 3 THEN 'Prayer Meeting' WHEN i % 2 = 0 THEN 'Sunday - AM' ELSE 'Sunday - PM' END,
      CASE WHEN i < 50 THEN 'en' ELSE 'es' END,
      date '1965-01-03' + (i * 7 * 52 + i) * interval '1 day',
      timestamptz '2025-01-01' + i * interval '1 hour',
      CASE WHEN i < 12 THEN 'justification faith' WHEN i >= 50 THEN 'gracia' ELSE '' END,
      600 + i * 60,
      CASE WHEN i % 12 = 5 THEN 900 ELSE 0 END,
      true,
      i % 12 = 5,
      (60 - i) * 10,
      i * 3,
      CASE WHEN i % 10 = 0 THEN date '2024-01-01' + i * interval '1 day' END,
      timestamptz '2025-01-01' + i * interval '1 minute',
      timestamptz '2025-02-01' + i * interval '1 minute'
    FROM generate_series(0, 59) AS i;

    INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, series_id, full_title, display_title, preach_date, publish_timestamp)
    VALUES ('1900', 'gracechurch', 1, NULL, 'Draft sermon', 'Draft sermon', '2025-01-05', NULL),
           ('1901', 'gracechurch', 1, NULL, 'Scheduled sermon', 'Scheduled sermon', '2025-01-12', '2099-01-01'),
           ('1902', 'gracechurch', 2, 11, 'Guest draft', 'Guest draft', '2024-06-02', NULL);

    -- Bible references: one row per (sermon, book, chapter); bible_sort from the first one.
    INSERT INTO sermon_scripture (sermon_id, book_index, chapter, verse_start, verse_end, first_in_book, preach_date)
    SELECT s.sermon_id, b.book_index, ref.chapter, 1, NULL, true, s.preach_date
      FROM sermon s
      -- (Not '(.*?) (\\d+)': in PostgreSQL the first quantifier's laziness makes '\\d+' match one digit.)
      CROSS JOIN LATERAL (SELECT (regexp_match(s.bible_text, '^(\\D+) (\\d+)'))[1] AS book,
                                 (regexp_match(s.bible_text, '^(\\D+) (\\d+)'))[2]::int AS chapter) ref
      JOIN bible_book b ON b.name = CASE ref.book WHEN 'Psalm' THEN 'Psalms' ELSE ref.book END
     WHERE s.bible_text IS NOT NULL;
    UPDATE sermon s SET bible_sort = r.book_index * 1000000 + r.chapter * 1000 + 1
      FROM sermon_scripture r WHERE r.sermon_id = s.sermon_id;

    INSERT INTO media_item (sermon_id, media_type, quality, storage_key, file_size_bytes, bitrate, duration_seconds, audio_codec)
    VALUES ('1000', 'mp3', 'high', '1000/audio-high.mp3', 1234567, 96000, 600.4, 'mp3'),
           ('1000', 'mp3', 'low', '1000/audio-low.mp3', 345678, 32000, 600.4, 'mp3');
    UPDATE sermon SET waveform_storage_key = '1000/waveform.json' WHERE sermon_id = '1000';

    INSERT INTO topic (topic_id, name, description) VALUES (1, 'Justification', 'Right standing with God'), (2, 'Prayer', '');
    INSERT INTO sermon_topic SELECT sermon_id, 1 FROM sermon WHERE series_id = 10;
    INSERT INTO sermon_topic (sermon_id, topic_id) VALUES ('1900', 2); -- a draft: 'Prayer' still has no sermons
    RESET TIME ZONE;
  `);
  await refreshCatalogueCounts(db);
}
