/**
 * The set-based SQL that builds the scale data. Every value is a deterministic function of a row
 * number (hashes through `scale_gen.u`), so two runs at the same scale produce the same catalogue
 * (apart from the few scheduled sermons, which are placed relative to now()). Helper functions
 * and plan tables live in the `scale_gen` schema, which is dropped when the load finishes.
 */
import { BIBLE_BOOKS } from '../../packages/domain/src/bible.ts';
import { EVENT_TYPES } from '../../packages/domain/src/event-types.ts';
import { intArray, lit, slotIndexes, textArray, uniformPick, weightedPick } from './sql.ts';
import {
  ADJECTIVES,
  CHURCH_PATTERN,
  CHURCH_PREFIX,
  COUNTRIES,
  DE_NOUNS,
  DENOMINATIONS,
  ES_NOUNS,
  FAMOUS_SPEAKERS,
  FIRST_NAMES,
  FR_NOUNS,
  GERUNDS,
  KEYWORDS,
  LANGUAGE_SHARE,
  LAST_NAMES,
  NOUNS,
  PT_NOUNS,
  RARE_WORDS,
  SERIES_TOPICS,
  type Weighted,
} from './vocab.ts';

export type Sizes = {
  readonly sermons: number;
  readonly speakers: number;
  readonly broadcasters: number;
  readonly series: number;
};

export const FULL_SIZES: Sizes = {
  sermons: 2_100_000,
  speakers: 60_000,
  broadcasters: 20_000,
  series: 150_000,
};

export function scaledSizes(scale: number): Sizes {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  return {
    sermons: n(FULL_SIZES.sermons, 100),
    speakers: n(FULL_SIZES.speakers, 40),
    broadcasters: n(FULL_SIZES.broadcasters, 5),
    series: n(FULL_SIZES.series, 5),
  };
}

/** Latest preach date; publish dates stay a few days after it, so all but the scheduled are public. */
export const ANCHOR = '2026-11-15';
const ANCHOR_DATE = `DATE '${ANCHOR}'`;
const ANCHOR_TS = `TIMESTAMPTZ '${ANCHOR} 00:00:00+00'`;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Broadcaster sizes: density ∝ (rank + R0)^-S over the ranks (a Zipf-Mandelbrot law). */
const BROADCASTER_S = 1.25;
const BROADCASTER_R0 = 15;
/** Share of sermons preached 1950-1999 (uniformly); the rest 2000-today, density growing linearly. */
const EARLY_SHARE = 0.08;
/** Guest/global speaker popularity: the same law over all non-placeholder speakers. */
const SPEAKER_S = 1.1;
const SPEAKER_R0 = 10;
/** The largest broadcasters (about 40 at full scale) are English-speaking US churches. */
const TOP_ENGLISH = 40;

/** Share of sermons per speaker kind: placeholders, global popularity, the broadcaster's own. */
const VARIOUS_SHARE = 0.01;
const UNKNOWN_SHARE = 0.005;
const GLOBAL_SHARE = 0.38;

const PLACEHOLDERS = 2; // speaker ids 1 and 2
const FIRST_FAMOUS = PLACEHOLDERS + 1;
const LAST_FAMOUS = PLACEHOLDERS + FAMOUS_SPEAKERS.length;
const FIRST_HOME = LAST_FAMOUS + 1;

/** Cumulative share of the first `ranks` ranks of the broadcaster law. */
function zipfCdf(ranks: number, n: number, s: number, r0: number): number {
  const a = 1 - s;
  return ((ranks + r0) ** a - r0 ** a) / ((n + r0) ** a - r0 ** a);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A multiplier coprime with `n`, so that `k * m mod n` permutes 0..n-1. */
function coprimeMultiplier(n: number): number {
  for (const m of [7919, 7927, 7933, 7937, 7949, 7951, 7963]) if (gcd(m, n) === 1) return m;
  return 1;
}

/** Uniform [0, 1) from the row number `i` (a column in scope) and a per-attribute seed. */
const U = (seed: number, row = 'i') => `scale_gen.u(${row}, ${seed})`;

/** Capitalises the first letter of a SQL text expression. */
const capitalize = (expr: string) => `(upper(left(${expr}, 1)) || substr(${expr}, 2))`;

const since1950 = daysBetween('1950-01-01', '2000-01-01');
const since2000 = daysBetween('2000-01-01', ANCHOR) + 1;

export function setupSql(sizes: Sizes): string {
  const homeCount = Math.max(1, sizes.speakers - LAST_FAMOUS);
  const multiplier = coprimeMultiplier(homeCount);
  return `
    CREATE SCHEMA scale_gen;
    -- Uniform [0, 1) from a row number and a seed: 48 bits of a 64-bit hash.
    CREATE FUNCTION scale_gen.u(i bigint, seed bigint) RETURNS double precision
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT (hashint8extended(i, seed) & 281474976710655)::double precision / 281474976710656 $$;
    -- 0-based rank from u under the law density ∝ (rank + r0)^-s over n ranks (inverse CDF).
    CREATE FUNCTION scale_gen.zipf(u double precision, n int, s double precision, r0 double precision) RETURNS int
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT least(n - 1, greatest(0, floor(power(power(r0, 1 - s) + u * (power(n + r0, 1 - s) - power(r0, 1 - s)), 1 / (1 - s)) - r0)))::int $$;
    -- The broadcaster's own speakers: k = 0 (its pastor), 1, 2; each speaker is home to one broadcaster.
    CREATE FUNCTION scale_gen.home_speaker(b bigint, k int) RETURNS bigint
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT ${FIRST_HOME} + ((b - 1) * 3 + k) * ${multiplier} % ${homeCount} $$;
    -- The preach-date distribution: EARLY_SHARE uniform over 1950-1999, the rest over 2000-ANCHOR
    -- with a linearly growing density. date_rank is its CDF, date_at the inverse.
    CREATE FUNCTION scale_gen.date_rank(d date) RETURNS double precision
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT CASE WHEN d < DATE '2000-01-01' THEN ${EARLY_SHARE} * greatest(0, d - DATE '1950-01-01') / ${since1950}.0
                        ELSE ${EARLY_SHARE} + ${1 - EARLY_SHARE} * power(least(1, (d - DATE '2000-01-01') / ${since2000}.0), 2) END $$;
    CREATE FUNCTION scale_gen.date_at(t double precision) RETURNS date
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT CASE WHEN t < ${EARLY_SHARE} THEN DATE '1950-01-01' + floor(t / ${EARLY_SHARE} * ${since1950})::int
                        ELSE DATE '2000-01-01' + floor(sqrt((t - ${EARLY_SHARE}) / ${1 - EARLY_SHARE}) * ${since2000})::int END $$;
    CREATE TABLE scale_gen.saved_index (name text PRIMARY KEY, table_name text NOT NULL, def text NOT NULL);
    CREATE TABLE scale_gen.saved_trigger (name text PRIMARY KEY, table_name text NOT NULL, def text NOT NULL);
  `;
}

/** Chapter slots: a chapter picked by slot is a weighted draw over the canon. */
export const CHAPTER_SLOTS = 20_000;

const BOOK_WEIGHT: Readonly<Record<string, number>> = {
  Ps: 10,
  Rom: 7,
  John: 7,
  Matt: 6,
  Gen: 5,
  Luke: 4.5,
  Acts: 4,
  Eph: 3.5,
  Heb: 3.5,
  Isa: 3.5,
  Mark: 3,
  '1Cor': 3,
  Rev: 2.5,
  Phil: 2,
  Gal: 2,
  Jas: 1.8,
  Prov: 1.8,
  Exod: 1.8,
  '2Cor': 1.5,
  '1Pet': 1.5,
  Col: 1.2,
  '1John': 1.2,
  Dan: 1.2,
  Jer: 1,
  Deut: 1,
  '1Sam': 1,
  '1Tim': 1,
  '2Tim': 0.8,
};

export function chapterSlotsSql(): string {
  const weights = BIBLE_BOOKS.map((b) => BOOK_WEIGHT[b.osisAbbrev] ?? 0.12 + 0.012 * b.chapters);
  const total = weights.reduce((a, w) => a + w, 0);
  const perBook = BIBLE_BOOKS.map((b, i) =>
    Math.max(b.chapters, Math.round(((weights[i] ?? 0) / total) * CHAPTER_SLOTS)),
  );
  // Every chapter gets at least one slot, so the table holds about CHAPTER_SLOTS rows (not exactly);
  // the sermon query reads the real count.
  return `
    CREATE UNLOGGED TABLE scale_gen.chap AS
    SELECT (row_number() OVER (ORDER BY bb.book_index, c.ch, k.k) - 1)::int AS slot,
           bb.book_index, c.ch::smallint AS chapter, bb.verses[c.ch] AS nverses, bb.verses[c.ch + 1] AS next_nverses,
           bb.name, CASE WHEN bb.osis_abbrev = 'Ps' THEN 'Psalm' ELSE bb.name END AS single_name
      FROM bible_book bb
      JOIN unnest(${intArray(perBook)}) WITH ORDINALITY AS w(nslots, o) ON w.o - 1 = bb.book_index
     CROSS JOIN LATERAL generate_series(1, cardinality(bb.verses)) AS c(ch)
     CROSS JOIN LATERAL generate_series(1, (c.ch * w.nslots / cardinality(bb.verses)) - ((c.ch - 1) * w.nslots / cardinality(bb.verses))) AS k(k);
    ALTER TABLE scale_gen.chap ADD PRIMARY KEY (slot);
    ANALYZE scale_gen.chap;
  `;
}

/** Places: per language, 200 slots over its countries (by weight) and their cities. */
export function placesSql(): string {
  const rows: string[] = [];
  const languages = [...new Set(LANGUAGE_SHARE.map(([code]) => code))];
  for (const lang of languages) {
    const countries = COUNTRIES.filter((c) => c[2] === lang);
    const idx = slotIndexes(
      countries.map((c) => c[3]),
      200,
    );
    idx.forEach((ci, slot) => {
      const c = countries[ci - 1];
      if (!c) return;
      const [iso, country, , , cities] = c;
      const city = cities[slot % cities.length] ?? '';
      const [name = '', state = '', lat = '0', lon = '0'] = city.split('|');
      rows.push(
        `(${lit(lang)}, ${slot}, ${idx.length}, ${lit(iso)}, ${lit(country)}, ${lit(name)}, ${state ? lit(state) : 'NULL'}, ${lat}, ${lon})`,
      );
    });
  }
  return `
    CREATE UNLOGGED TABLE scale_gen.place (lang text, idx int, n int, iso text, country text, city text, state text,
      lat double precision, lon double precision, PRIMARY KEY (lang, idx));
    INSERT INTO scale_gen.place VALUES ${rows.join(',\n')};
  `;
}

/**
 * The broadcaster plan: one row per broadcaster with its expected share of sermons (rank b - 1 of
 * the law), its range of series ids (proportional to that share), language and place. Languages
 * are dealt to broadcasters in hash order by cumulative sermon share, so the sermon shares per
 * language come out close to LANGUAGE_SHARE.
 */
export function broadcasterPlanSql(sizes: Sizes): string {
  const n = sizes.broadcasters;
  const a = 1 - BROADCASTER_S;
  const top = Math.min(n, Math.max(1, Math.round((TOP_ENGLISH * n) / FULL_SIZES.broadcasters)));
  const topShare = zipfCdf(top, n, BROADCASTER_S, BROADCASTER_R0);
  const totalShare = LANGUAGE_SHARE.reduce((s, [, w]) => s + w, 0);
  // The rest of the broadcasters carry (1 - topShare) of the sermons; English keeps its overall share.
  const restWeights = LANGUAGE_SHARE.map(([code, w]) =>
    code === 'en' ? Math.max(0, (w / totalShare - topShare) / (1 - topShare)) : w / totalShare / (1 - topShare),
  );
  const restTotal = restWeights.reduce((s, w) => s + w, 0);
  let cumulative = 0;
  const bounds = restWeights.map((w) => {
    cumulative += w / restTotal;
    return cumulative;
  });
  bounds[bounds.length - 1] = 1.000001;
  const cumulativeShare = (r: string) =>
    `((power(${r} + ${BROADCASTER_R0}, ${a}) - power(${BROADCASTER_R0}, ${a})) / (power(${n} + ${BROADCASTER_R0}, ${a}) - power(${BROADCASTER_R0}, ${a})))`;
  return `
    CREATE UNLOGGED TABLE scale_gen.bplan AS
    WITH f AS (
      SELECT b, ${cumulativeShare('b - 1')} AS f0, ${cumulativeShare('b')} AS f1 FROM generate_series(1, ${n}) AS b
    ), rest AS (
      SELECT b, (sum(f1 - f0) OVER (ORDER BY ${U(501, 'b')}, b) - (f1 - f0) / 2) / sum(f1 - f0) OVER () AS pos
        FROM f WHERE b > ${top}
    )
    SELECT f.b, f1 - f0 AS share,
           round(${sizes.series} * f0)::int AS series_start, round(${sizes.series} * f1)::int AS series_end,
           coalesce((SELECT t.code FROM unnest(${textArray(LANGUAGE_SHARE.map(([c]) => c))}, '{${bounds.join(',')}}'::float8[]) AS t(code, bound)
                      WHERE t.bound > rest.pos ORDER BY t.bound LIMIT 1), 'en') AS lang
      FROM f LEFT JOIN rest USING (b);
    ALTER TABLE scale_gen.bplan ADD PRIMARY KEY (b);
    -- The largest broadcasters are US churches.
    UPDATE scale_gen.bplan SET lang = 'en' WHERE b <= ${top};
    ALTER TABLE scale_gen.bplan ADD COLUMN place_idx int, ADD COLUMN prefix text, ADD COLUMN denom_word text,
      ADD COLUMN denomination text, ADD COLUMN display_name text, ADD COLUMN short_name text, ADD COLUMN broadcaster_id text;
    UPDATE scale_gen.bplan p SET place_idx = CASE WHEN p.b <= ${top} THEN floor(${U(502, 'p.b')} * 160)::int
                                                   ELSE floor(${U(502, 'p.b')} * 200)::int END;
    UPDATE scale_gen.bplan p SET
      prefix = ${weightedPick(CHURCH_PREFIX, U(503, 'p.b'))},
      denom_word = d.word, denomination = d.denomination
      FROM (SELECT * FROM unnest(${textArray(DENOMINATIONS.map(([[w]]) => w))}, ${textArray(DENOMINATIONS.map(([[, d]]) => d))})
                   WITH ORDINALITY AS t(word, denomination, o)) d
     WHERE d.o = ${intArray(
       slotIndexes(
         DENOMINATIONS.map(([, w]) => w),
         1000,
       ),
     )}[1 + floor(${U(504, 'p.b')} * 1000)::int];
    UPDATE scale_gen.bplan p SET display_name = CASE
        ${Object.entries(CHURCH_PATTERN)
          .map(
            ([lang, patterns]) =>
              `WHEN p.lang = ${lit(lang)} THEN replace(${uniformPick(patterns, U(505, 'p.b'))}, '{X}', pl.city)`,
          )
          .join('\n        ')}
        WHEN ${U(506, 'p.b')} < 0.04 THEN 'The ' || p.prefix || ' Hour'
        WHEN ${U(506, 'p.b')} < 0.18 THEN p.prefix || ' ' || p.denom_word || ' of ' || pl.city
        ELSE p.prefix || ' ' || p.denom_word END
      FROM scale_gen.place pl WHERE pl.lang = p.lang AND pl.idx = p.place_idx % pl.n;
    UPDATE scale_gen.bplan p SET denomination = CASE
        WHEN p.display_name ~ '(Bautista|Batista|Baptist)' THEN 'Baptist'
        WHEN p.display_name ~ '(Reformada|Reformierte|Réformée|Gereformeerde)' THEN 'Reformed'
        WHEN p.display_name ~ 'Presbiteriana' THEN 'Presbyterian'
        WHEN p.display_name ~ 'Penticostal' THEN 'Pentecostal'
        ELSE 'Evangelical' END
     WHERE p.lang IN (${Object.keys(CHURCH_PATTERN).map(lit).join(', ')});
    UPDATE scale_gen.bplan p SET
      short_name = CASE WHEN p.lang IN (${Object.keys(CHURCH_PATTERN).map(lit).join(', ')}) OR p.display_name LIKE 'The %'
                        THEN p.display_name ELSE p.prefix || ' ' || split_part(p.denom_word, ' ', 1) END,
      broadcaster_id = regexp_replace(lower(immutable_unaccent(regexp_replace(p.display_name, '(\\S)\\S*\\s*', '\\1', 'g'))), '[^a-z]', '', 'g')
        || regexp_replace(lower(immutable_unaccent(pl.city)), '[^a-z]', '', 'g') || p.b
      FROM scale_gen.place pl WHERE pl.lang = p.lang AND pl.idx = p.place_idx % pl.n;
    ANALYZE scale_gen.bplan;
  `;
}

export function speakersSql(sizes: Sizes): string {
  const F = FIRST_NAMES.length;
  const L = LAST_NAMES.length;
  const M = F * L * 26;
  // j = (k * 1000003) mod M is a bijection on 0..M-1 (1000003 is prime and larger than M's factors).
  const j = `((s - ${FIRST_HOME})::bigint * 1000003 % ${M})`;
  const first = `${textArray(FIRST_NAMES)}[1 + (${j} % ${F})::int]`;
  const initial = `chr(65 + ((${j} / ${F}) % 26)::int)`;
  const last = `${textArray(LAST_NAMES)}[1 + ((${j} / ${F * 26}) % ${L})::int]`;
  const famous = FAMOUS_SPEAKERS.map(
    ([name, sort, flags], k) =>
      `(${FIRST_FAMOUS + k}, ${lit(name)}, ${lit(sort)}, ${flags.includes('classic')}, ${flags.includes('puritan')}, ${flags.includes('reformer')})`,
  );
  if (sizes.speakers > M) throw new Error(`at most ${M} speakers have distinct generated names`);
  return `
    INSERT INTO speaker (speaker_id, display_name, sort_name, placeholder, created_at)
    VALUES (1, 'Various Speakers', 'Various Speakers', true, TIMESTAMPTZ '2002-01-01 00:00:00+00'),
           (2, 'Unknown Speaker', 'Unknown Speaker', true, TIMESTAMPTZ '2002-01-01 00:00:00+00');

    INSERT INTO speaker (speaker_id, display_name, sort_name, classic, puritan, reformer, featured, choice, bio, created_at)
    SELECT id, name, sort, classic, puritan, reformer, true, true,
           name || ' (historical): sermons read or preached from his writings.', TIMESTAMPTZ '2002-01-01 00:00:00+00'
      FROM (VALUES ${famous.join(', ')}) AS f(id, name, sort, classic, puritan, reformer)
     WHERE id <= ${sizes.speakers};

    INSERT INTO speaker (speaker_id, display_name, sort_name, bio, portrait_url, featured, choice, highlighted, created_at)
    SELECT s,
           CASE WHEN ${U(601, 's')} < 0.08 THEN 'Pastor ' WHEN ${U(601, 's')} < 0.12 THEN 'Dr. '
                WHEN ${U(601, 's')} < 0.15 THEN 'Rev. ' WHEN ${U(601, 's')} < 0.17 THEN 'Elder ' ELSE '' END
             || ${first} || ' ' || ${initial} || '. ' || ${last},
           ${last} || ', ' || ${first} || ' ' || ${initial} || '.',
           CASE WHEN ${U(602, 's')} < 0.3 THEN ${first} || ' serves as pastor and preaches expository sermons through books of the Bible.' ELSE '' END,
           CASE WHEN ${U(603, 's')} < 0.4 THEN '/images/speakers/' || s || '.jpg' END,
           ${U(604, 's')} < 0.003, ${U(605, 's')} < 0.005, ${U(606, 's')} < 0.002,
           TIMESTAMPTZ '2002-01-01 00:00:00+00' + make_interval(days => floor(power(${U(607, 's')}, 0.7) * ${daysBetween('2002-01-01', ANCHOR)})::int)
      FROM generate_series(${FIRST_HOME}, ${sizes.speakers}) AS s;
  `;
}

export function broadcastersSql(): string {
  const joinedSpan = daysBetween('2002-06-01', ANCHOR);
  const groups = ['Free Presbyterian Church of Ulster', 'ARBCA', 'FIRE', 'Sovereign Grace Churches', 'OPC', 'PCA'];
  return `
    INSERT INTO broadcaster (broadcaster_id, display_name, short_name, sort_name, location, country, country_iso_code,
      state, church_size, minister, facebook_username, twitter_username, home_page_url, latitude, longitude, image_url,
      joined, bible_version, about_us, address, address_mail, service_times, service_times_list, denomination,
      can_webcast, phone, vacant_pulpit, categories, language_code, donatable, group_name, featured, created_at, updated_at)
    SELECT p.broadcaster_id, p.display_name, p.short_name, p.display_name,
           pl.city || ', ' || coalesce(pl.state, pl.country), pl.country, pl.iso, pl.state,
           (20 + floor(power(${U(701, 'p.b')}, 2) * 1500))::int,
           coalesce(sp.display_name, ''),
           CASE WHEN ${U(702, 'p.b')} < 0.35 THEN p.broadcaster_id END,
           CASE WHEN ${U(703, 'p.b')} < 0.15 THEN p.broadcaster_id END,
           CASE WHEN ${U(704, 'p.b')} < 0.7 THEN 'https://www.' || p.broadcaster_id || '.org' END,
           pl.lat + (${U(705, 'p.b')} - 0.5) * 0.6, pl.lon + (${U(706, 'p.b')} - 0.5) * 0.6,
           CASE WHEN ${U(707, 'p.b')} < 0.6 THEN '/images/broadcasters/' || p.broadcaster_id || '.jpg' END,
           -- the largest broadcasters joined early
           TIMESTAMPTZ '2002-06-01 00:00:00+00' + make_interval(days => floor(${U(708, 'p.b')} * (0.2 + 0.8 * least(1, p.b / 200.0)) * ${joinedSpan})::int),
           ${uniformPick(['KJV', 'ESV', 'NKJV', 'NASB', 'KJV', 'CSB'], U(709, 'p.b'))},
           CASE WHEN ${U(710, 'p.b')} < 0.5 THEN 'Welcome to ' || p.display_name || '. We are a ' || p.denomination
             || ' congregation in ' || pl.city || ' committed to the preaching of the Word of God.' ELSE '' END,
           (100 + floor(${U(711, 'p.b')} * 9800))::int || ' ' || ${uniformPick(['Main Street', 'Church Road', 'Oak Avenue', 'Grace Lane', 'Highway 9', 'Elm Street'], U(712, 'p.b'))},
           '',
           CASE WHEN ${U(713, 'p.b')} < 0.6 THEN 'Sunday 10:30 AM & 6:00 PM; Wednesday 7:00 PM' ELSE '' END,
           CASE WHEN ${U(713, 'p.b')} < 0.6 THEN '["Sunday 10:30 AM","Sunday 6:00 PM","Wednesday 7:00 PM"]'::jsonb ELSE '[]'::jsonb END,
           p.denomination,
           ${U(714, 'p.b')} < 0.25,
           '(' || (200 + floor(${U(715, 'p.b')} * 700))::int || ') 555-' || lpad(floor(${U(716, 'p.b')} * 10000)::int::text, 4, '0'),
           ${U(717, 'p.b')} < 0.02,
           CASE WHEN p.display_name LIKE 'The %' THEN 8 WHEN ${U(718, 'p.b')} < 0.05 THEN 9
                WHEN ${U(718, 'p.b')} < 0.08 THEN 2 WHEN ${U(718, 'p.b')} < 0.10 THEN 4 ELSE 1 END,
           p.lang,
           ${U(719, 'p.b')} < 0.2,
           CASE WHEN ${U(720, 'p.b')} < 0.03 THEN ${uniformPick(groups, U(721, 'p.b'))} END,
           ${U(722, 'p.b')} < 0.005,
           TIMESTAMPTZ '2002-06-01 00:00:00+00' + make_interval(days => floor(${U(708, 'p.b')} * (0.2 + 0.8 * least(1, p.b / 200.0)) * ${joinedSpan})::int),
           ${ANCHOR_TS} - make_interval(days => floor(power(${U(723, 'p.b')}, 2) * 2000)::int)
      FROM scale_gen.bplan p
      JOIN scale_gen.place pl ON pl.lang = p.lang AND pl.idx = p.place_idx % pl.n
      LEFT JOIN speaker sp ON sp.speaker_id = scale_gen.home_speaker(p.b, 0);

    INSERT INTO broadcaster_primary_speaker (broadcaster_id, speaker_id)
    SELECT DISTINCT p.broadcaster_id, h.speaker_id
      FROM scale_gen.bplan p
     CROSS JOIN LATERAL (VALUES (scale_gen.home_speaker(p.b, 0)),
                                (CASE WHEN ${U(724, 'p.b')} < 0.3 THEN scale_gen.home_speaker(p.b, 1) END)) AS h(speaker_id)
      JOIN speaker s ON s.speaker_id = h.speaker_id;

    -- What the primary speakers' trigger keeps (migration 0016); triggers are off while loading.
    UPDATE broadcaster SET primary_speaker_names = broadcaster_primary_speaker_names(broadcaster_id);
  `;
}

export function seriesSql(): string {
  const book = `c.name`;
  const noun = weightedPick(NOUNS, U(803, 's'));
  const title = `CASE
      WHEN ${U(802, 's')} < 0.12 THEN 'Studies in ' || ${book}
      WHEN ${U(802, 's')} < 0.22 THEN ${book}
      WHEN ${U(802, 's')} < 0.28 THEN 'The Book of ' || ${book}
      WHEN ${U(802, 's')} < 0.35 THEN 'Exposition of ' || ${book}
      WHEN ${U(802, 's')} < 0.60 THEN ${uniformPick(SERIES_TOPICS, U(804, 's'))}
      WHEN ${U(802, 's')} < 0.72 THEN 'The ' || ${noun} || ' of God'
      WHEN ${U(802, 's')} < 0.82 THEN ${noun} || ' Series'
      WHEN ${U(802, 's')} < 0.90 THEN ${weightedPick(ADJECTIVES, U(805, 's'))} || ' ' || ${noun}
      ELSE ${uniformPick(SERIES_TOPICS, U(804, 's'))} || ' ' || (1995 + floor(power(${U(806, 's')}, 0.5) * 32))::int
    END`;
  return `
    INSERT INTO series (series_id, broadcaster_id, title, description, podcast_enabled, created_at, updated_at)
    SELECT s, p.broadcaster_id, ${title},
           CASE WHEN ${U(807, 's')} < 0.3 THEN 'A series of sermons from ' || p.display_name || '.' ELSE '' END,
           ${U(808, 's')} < 0.1,
           t.created, least(${ANCHOR_TS}, t.updated + make_interval(days => floor(${U(810, 's')} * 30)::int))
      FROM scale_gen.bplan p
     CROSS JOIN LATERAL generate_series(p.series_start + 1, p.series_end) AS s
      JOIN scale_gen.chap c ON c.slot = floor(${U(801, 's')} * (SELECT count(*) FROM scale_gen.chap))::int
     -- series k of a broadcaster's n covers the k-th n-quantile window of the preach dates
     CROSS JOIN LATERAL (SELECT scale_gen.date_at((s - p.series_start - 1)::float8 / (p.series_end - p.series_start))::timestamptz AS created,
                                scale_gen.date_at((s - p.series_start)::float8 / (p.series_end - p.series_start) - 1e-9)::timestamptz AS updated) t
     WHERE p.series_end > p.series_start;
  `;
}

const EVENT_WEIGHTS: Weighted = (
  [
    ['Sunday Service', 30],
    ['Sunday - AM', 18],
    ['Sunday - PM', 10],
    ['Midweek Service', 8],
    ['Bible Study', 7],
    ['Sunday School', 5],
    ['Prayer Meeting', 3],
    ['Teaching', 3],
    ['Devotional', 2.5],
    ['Conference', 3],
    ['Special Meeting', 2],
    ['Radio Broadcast', 2],
    ['Chapel Service', 1.2],
    ['Youth', 1.2],
    ['Sunday Afternoon', 1],
    ['Camp Meeting', 0.5],
    ['Children', 0.5],
    ['Funeral Service', 0.5],
    ['Wedding', 0.3],
    ['Testimony', 0.4],
    ['Question & Answer', 0.4],
    ['Debate', 0.1],
    ['Current Events', 0.3],
    ['TV Broadcast', 0.3],
    ['Podcast', 0.8],
    ['Audio Book', 0.3],
    ['Classic Audio', 0.5],
    ['Sermon Clip', 0.6],
    ['Video DVD', 0.1],
  ] as const
).filter(([e]) => (EVENT_TYPES as readonly string[]).includes(e));

/**
 * One chunk of sermons (row numbers $1..$2) and their sermon_scripture rows, in one statement.
 * search_vector is computed with the expression of the trigger function sermon_search_vector_refresh
 * (migration 0024: the broadcaster's names only for a sermon without a series).
 */
export function sermonChunkSql(sizes: Sizes, chapterSlots: number): string {
  const since2003 = daysBetween('2003-01-01', ANCHOR);
  const homeK = `CASE WHEN ${U(4)} < 0.75 THEN 0 WHEN ${U(4)} < 0.92 THEN 1 ELSE 2 END`;
  const speaker = `CASE
      WHEN ${U(2)} < ${VARIOUS_SHARE} THEN 1
      WHEN ${U(2)} < ${VARIOUS_SHARE + UNKNOWN_SHARE} THEN 2
      WHEN ${U(2)} < ${VARIOUS_SHARE + UNKNOWN_SHARE + GLOBAL_SHARE}
        THEN ${FIRST_FAMOUS} + scale_gen.zipf(${U(3)}, ${sizes.speakers - PLACEHOLDERS}, ${SPEAKER_S}, ${SPEAKER_R0})
      ELSE scale_gen.home_speaker(p.b, ${homeK}) END`;
  const rawDate = `scale_gen.date_at(${U(8)})`;
  // A broadcaster's series follow one another in time (see seriesSql): a sermon goes to the
  // series of its date's window or a neighbour.
  const series = `CASE WHEN r.series_end > r.series_start AND ${U(5)} < 0.65
      THEN r.series_start + 1 + least(r.series_end - r.series_start - 1,
        greatest(0, floor((r.series_end - r.series_start) * scale_gen.date_rank(r.raw_date) + 2 * (${U(6)} - 0.5))::int)) END`;

  // Bible references: the kind (0 whole chapter, 1 into the next chapter, 2 verses) and verses.
  const ref = (n: 1 | 2, c: string, seed: number) => {
    const kind = `(CASE WHEN ${U(seed)} < 0.18 THEN 0 WHEN ${U(seed)} < 0.26 AND ${c}.next_nverses IS NOT NULL THEN 1 ELSE 2 END)`;
    const vs = `(CASE WHEN ${kind} = 0 THEN NULL ELSE 1 + floor(${U(seed + 1)} * ${c}.nverses)::int END)`;
    const ve = `(CASE ${kind} WHEN 0 THEN NULL
        WHEN 1 THEN 1 + floor(${U(seed + 2)} * 0.6 * ${c}.next_nverses)::int
        ELSE least(${c}.nverses, ${vs} + floor(power(${U(seed + 2)}, 2) * 12)::int) END)`;
    return `${c}.book_index AS book${n}, ${c}.chapter AS ch${n}, ${kind} AS kind${n}, ${vs} AS vs${n}, ${ve} AS ve${n},
      ${c}.nverses AS nv${n}, ${c}.name AS name${n}, ${c}.single_name AS single${n}`;
  };
  const refText = (n: 1 | 2) => `CASE kind${n}
      WHEN 0 THEN single${n} || ' ' || ch${n}
      WHEN 1 THEN name${n} || ' ' || ch${n} || ':' || vs${n} || '-' || (ch${n} + 1) || ':' || ve${n}
      ELSE single${n} || ' ' || ch${n} || ':' || vs${n} || CASE WHEN ve${n} <> vs${n} THEN '-' || ve${n} ELSE '' END END`;

  const n1 = weightedPick(NOUNS, U(21));
  const n2 = weightedPick(NOUNS, U(22));
  const englishTitle = `CASE
      WHEN ${U(20)} < 0.16 THEN 'The ' || ${n1} || ' of God'
      WHEN ${U(20)} < 0.26 THEN 'God''s ' || ${n1}
      WHEN ${U(20)} < 0.40 THEN ${weightedPick(ADJECTIVES, U(23))} || ' ' || ${n1}
      WHEN ${U(20)} < 0.52 THEN 'The ' || ${n1} || ' of ' || ${n2}
      WHEN ${U(20)} < 0.62 THEN ${n1} || ' and ' || ${n2}
      WHEN ${U(20)} < 0.72 THEN ${weightedPick(GERUNDS, U(24))} || ' in ' || ${n1}
      WHEN ${U(20)} < 0.80 THEN ${n1} || ': Lessons from ' || c1.name
      WHEN ${U(20)} < 0.86 THEN 'Christ Our ' || ${n1}
      WHEN ${U(20)} < 0.91 THEN 'What the Bible Says About ' || ${n1}
      WHEN ${U(20)} < 0.95 THEN 'The ' || ${weightedPick(ADJECTIVES, U(23))} || ' ' || ${n1} || ' of Christ'
      WHEN ${U(26)} < 0.5 THEN 'Lessons from ' || ${uniformPick(RARE_WORDS, U(25))}
      ELSE 'The ' || ${n1} || ' of ' || ${uniformPick(RARE_WORDS, U(25))} END
    || CASE WHEN r.series_id IS NOT NULL AND ${U(27)} < 0.3 THEN ' (Part ' || (1 + floor(${U(28)} * 12)::int) || ')' ELSE '' END`;
  const localTitle = (nouns: Weighted, ofGod: string, and: string, about: string) => {
    const a = weightedPick(nouns, U(21));
    const b = weightedPick(nouns, U(22));
    return `CASE WHEN ${U(20)} < 0.45 THEN ${capitalize(a)} || ' ${ofGod}'
      WHEN ${U(20)} < 0.75 THEN ${capitalize(a)} || ' ${and} ' || ${b}
      ELSE '${about} ' || ${a} END`;
  };
  const title = `CASE p.lang
      WHEN 'es' THEN ${localTitle(ES_NOUNS, 'de Dios', 'y', 'Estudio sobre')}
      WHEN 'pt' THEN ${localTitle(PT_NOUNS, 'de Deus', 'e', 'Estudo sobre')}
      WHEN 'de' THEN ${localTitle(DE_NOUNS, 'Gottes', 'und', 'Predigt über')}
      WHEN 'fr' THEN ${localTitle(FR_NOUNS, 'de Dieu', 'et', 'Méditation sur')}
      ELSE ${englishTitle} END`;
  const keyword = (seed: number) => weightedPick(KEYWORDS, U(seed));

  const hasVideo = `${U(50)} < 0.08`;
  const playCount = `(floor(power(10, 5 * power(${U(53)}, 1.6)))::int - 1)`;
  const publish = `CASE
      WHEN ${U(40)} < 0.00005 THEN NULL
      WHEN ${U(40)} < 0.00008 THEN now() + make_interval(days => 1 + floor(${U(41)} * 30)::int)
      ELSE (least(CASE WHEN r.preach_date >= DATE '2003-01-01' THEN r.preach_date + floor(power(${U(41)}, 3) * 30)::int
                       ELSE DATE '2003-01-01' + floor(${U(41)} * ${since2003})::int END, ${ANCHOR_DATE} + 5)::timestamp
            + make_interval(secs => floor(${U(42)} * 86400)::int)) AT TIME ZONE 'UTC' END`;

  const sermonColumns = `sermon_id, broadcaster_id, speaker_id, series_id, full_title, display_title, subtitle, bible_text,
      more_info_text, event_type, language_code, preach_date, publish_timestamp, keywords, audio_duration_seconds,
      video_duration_seconds, has_audio, has_video, has_pdf, download_count, video_download_count, play_count,
      audio_play_count, video_play_count, comment_count, pick_date, last_feature_date, last_play_time,
      last_audio_access_timestamp, last_video_access_timestamp, bible_sort, search_vector, created_at, updated_at`;

  return `
    WITH r AS MATERIALIZED (
      SELECT g.i, p.b, p.lang, ${speaker} AS speaker_id, p.series_start, p.series_end,
             floor(${U(10)} * ${chapterSlots})::int AS slot1,
             CASE WHEN ${U(11)} < 0.28 THEN floor(${U(12)} * ${chapterSlots})::int END AS slot2,
             ${rawDate} AS raw_date
        FROM generate_series($1::bigint, $2::bigint) AS g(i)
        JOIN scale_gen.bplan p ON p.b = 1 + scale_gen.zipf(${U(1, 'g.i')}, ${sizes.broadcasters}, ${BROADCASTER_S}, ${BROADCASTER_R0})
    ), d AS MATERIALIZED (
      SELECT r.i, r.b, r.lang, r.speaker_id, ${series} AS series_id, r.slot1, r.slot2,
             CASE WHEN ${U(9)} < 0.55 THEN r.raw_date - extract(dow FROM r.raw_date)::int ELSE r.raw_date END AS preach_date
        FROM r
    ), x AS MATERIALIZED (
      SELECT r.i, r.lang, r.speaker_id, r.series_id, r.preach_date,
             (1000000000000 + r.i * 7 + (hashint8extended(r.i, 99) & 3))::text AS sermon_id,
             bc.broadcaster_id,
             concat_ws(' ', sp.display_name, coalesce(se.title, concat_ws(' ', bc.display_name, bc.short_name))) AS names,
             ${title} AS title,
             CASE WHEN r.series_id IS NOT NULL AND ${U(29)} < 0.5 THEN se.title END AS subtitle,
             lower(${n1}) AS noun,
             CASE WHEN ${U(30)} < 0.18 THEN ${keyword(31)}
               || CASE WHEN ${U(32)} < 0.5 THEN ' ' || ${keyword(33)} ELSE '' END
               || CASE WHEN ${U(34)} < 0.1 THEN ' ' || ${keyword(35)} ELSE '' END
               -- a long tail of hashtags ('melchizedek2019'): thousands of distinct ones, each on a few sermons
               || CASE WHEN ${U(37)} < 0.12 THEN ' ' || lower(${uniformPick(RARE_WORDS, U(38))}) || (1990 + floor(${U(39)} * 37)::int) ELSE '' END
             ELSE '' END AS keywords,
             CASE WHEN r.speaker_id BETWEEN ${FIRST_FAMOUS} AND ${LAST_FAMOUS} AND ${U(60)} < 0.5 THEN 'Classic Audio'
                  ELSE ${weightedPick(EVENT_WEIGHTS, U(61))} END AS event_type,
             ${ref(1, 'c1', 13)},
             ${ref(2, 'c2', 16)},
             ${hasVideo} AS has_video,
             NOT (${hasVideo} AND ${U(51)} < 0.15) AS has_audio,
             ${playCount} AS play_count,
             ${publish} AS publish_timestamp
        FROM d AS r
        JOIN scale_gen.bplan p ON p.b = r.b
        JOIN broadcaster bc ON bc.broadcaster_id = p.broadcaster_id
        JOIN speaker sp ON sp.speaker_id = r.speaker_id
        LEFT JOIN series se ON se.series_id = r.series_id
        JOIN scale_gen.chap c1 ON c1.slot = r.slot1
        LEFT JOIN scale_gen.chap c2 ON c2.slot = r.slot2 AND c2.book_index <> c1.book_index
    ), s AS MATERIALIZED (
      SELECT x.*, ${refText(1)} || coalesce('; ' || ${refText(2)}, '') AS bible_text,
             CASE WHEN x.lang = 'en' AND ${U(36)} < 0.2 THEN 'A message on ' || x.noun || ' from ' || ${refText(1)} || '.' END AS more_info_text,
             (CASE WHEN x.has_audio THEN 300 + floor(4500 * (${U(54)} + ${U(55)}) / 2)::int ELSE 0 END) AS audio_seconds,
             CASE WHEN x.has_video THEN floor(x.play_count * (0.2 + 0.5 * ${U(56)}))::int ELSE 0 END AS video_plays,
             CASE WHEN ${U(62)} < 0.01 AND x.publish_timestamp IS NOT NULL
                  THEN least(${ANCHOR_DATE}, x.preach_date + floor(${U(63)} * 90)::int) END AS pick_date,
             CASE WHEN x.play_count > 0 AND x.publish_timestamp < ${ANCHOR_TS}
                  THEN x.publish_timestamp + (${ANCHOR_TS} - x.publish_timestamp) * (1 - power(${U(57)}, 4)) END AS last_play,
             coalesce(x.publish_timestamp, ${ANCHOR_TS}) - make_interval(hours => floor(${U(43)} * 72)::int) AS created_at
        FROM x
    ), ins AS (
      INSERT INTO sermon (${sermonColumns})
      SELECT s.sermon_id, s.broadcaster_id, s.speaker_id, s.series_id, s.title, s.title, s.subtitle, s.bible_text,
             s.more_info_text, s.event_type, s.lang, s.preach_date, s.publish_timestamp, s.keywords, s.audio_seconds,
             CASE WHEN NOT s.has_video THEN 0 WHEN s.has_audio AND ${U(58)} < 0.95 THEN s.audio_seconds
                  ELSE 300 + floor(4500 * ${U(59)})::int END,
             s.has_audio, s.has_video, ${U(52)} < 0.03,
             floor(s.play_count * 0.35 * ${U(64)})::int, floor(s.video_plays * 0.1 * ${U(65)})::int, s.play_count,
             s.play_count - s.video_plays, s.video_plays,
             CASE WHEN ${U(66)} < 0.03 THEN 1 + floor(power(${U(67)}, 3) * 40)::int ELSE 0 END,
             s.pick_date, CASE WHEN s.pick_date IS NOT NULL AND ${U(68)} < 0.3 THEN s.pick_date + 7 END,
             s.last_play, CASE WHEN s.has_audio THEN s.last_play END, CASE WHEN s.has_video THEN s.last_play END,
             s.book1 * 1000000 + s.ch1 * 1000 + coalesce(s.vs1, 0),
             setweight(to_tsvector(language_ts_config(s.lang), immutable_unaccent(concat_ws(' ', s.title, s.subtitle))), 'A')
               || setweight(to_tsvector('simple', immutable_unaccent(concat_ws(' ', s.title, s.subtitle))), 'A')
               || setweight(to_tsvector('simple', immutable_unaccent(coalesce(s.names, ''))), 'B')
               || setweight(to_tsvector('simple', coalesce(s.bible_text, '')), 'B')
               || setweight(to_tsvector(language_ts_config(s.lang), immutable_unaccent(concat_ws(' ', s.keywords, s.more_info_text))), 'C'),
             s.created_at,
             s.created_at + make_interval(days => floor(power(${U(44)}, 6) * 400)::int)
        FROM s
    )
    INSERT INTO sermon_scripture (sermon_id, book_index, chapter, verse_start, verse_end, first_in_book, preach_date)
    SELECT s.sermon_id, v.book, v.chapter, v.verse_start, v.verse_end, v.first_in_book, s.preach_date
      FROM s
     CROSS JOIN LATERAL (VALUES
       (s.book1, s.ch1, s.vs1, CASE WHEN s.kind1 = 1 THEN s.nv1 ELSE s.ve1 END, true),
       (CASE WHEN s.kind1 = 1 THEN s.book1 END, s.ch1 + 1, 1, s.ve1, false),
       (s.book2, s.ch2, s.vs2, CASE WHEN s.kind2 = 1 THEN s.nv2 ELSE s.ve2 END, true),
       (CASE WHEN s.kind2 = 1 THEN s.book2 END, s.ch2 + 1, 1, s.ve2, false)
     ) AS v(book, chapter, verse_start, verse_end, first_in_book)
     WHERE v.book IS NOT NULL
  `;
}
