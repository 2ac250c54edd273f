import {
  BIBLE_BOOKS,
  type BibleReference,
  bookByOsis,
  formatReference,
  makeReference,
  parseBibleText,
} from '@kerygma/domain/bible';
import { PLACEHOLDER_SPEAKERS } from '@kerygma/domain/event-types';
import {
  ABOUT_US,
  AUDIO_BOOKS,
  BIBLE_VERSIONS,
  BOOK_SERIES,
  type BookSeriesDef,
  BROADCASTERS,
  type BroadcasterSeed,
  FAMOUS_SERMONS,
  HISTORIC_SPEAKERS,
  KEYWORDS,
  MORE_INFO,
  NAME_POOLS,
  PHONE_PREFIX,
  SERIES_DESCRIPTIONS,
  SERMON_TITLES,
  SERVICE_TIMES,
  STREETS,
  TITLE_PARTS,
  TITLE_TEXTS,
  TOPICAL_SERIES,
  TOPICS,
  type TopicalSeriesDef,
} from './demo-data.ts';
import { CHECKBOOK, HYMNS } from './demo-texts.ts';

/**
 * The demo catalogue, generated without a database: same seed → same rows. Dates are based on a
 * fixed anchor (2026-11-01) so tests stay stable; nothing reads the clock or Math.random.
 */

export const DEMO_SEED = 20261101;
/** "Now" for the generated data: everything is published before it, except scheduled sermons (2030). */
export const DEMO_ANCHOR = '2026-11-01T00:00:00Z';
/** Approximate number of sermons generated. */
const SERMON_TARGET = 3400;

export type DemoBroadcaster = {
  broadcasterId: string;
  displayName: string;
  shortName: string;
  sortName: string;
  location: string;
  country: string;
  countryIsoCode: string;
  state: string | null;
  churchSize: number | null;
  minister: string;
  facebookUsername: string | null;
  twitterUsername: string | null;
  homePageUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  joined: string;
  bibleVersion: string | null;
  aboutUs: string;
  address: string;
  addressMail: string;
  serviceTimes: string;
  serviceTimesList: string[];
  denomination: string;
  canWebcast: boolean;
  phone: string;
  listenLineNumber: string | null;
  vacantPulpit: boolean;
  categories: number;
  languageCode: string;
  lite: boolean;
  disabled: boolean;
  donatable: boolean;
  groupName: string | null;
  featured: boolean;
  socialLinks: Record<string, string>;
  updatedAt: string;
};

export type DemoSpeaker = {
  speakerId: number;
  displayName: string;
  sortName: string;
  bio: string;
  placeholder: boolean;
  featured: boolean;
  choice: boolean;
  classic: boolean;
  puritan: boolean;
  reformer: boolean;
  highlighted: boolean;
  broadcasterLock: string | null;
};

export type DemoSeries = {
  seriesId: number;
  broadcasterId: string;
  title: string;
  description: string;
  podcastEnabled: boolean;
  podcastSpeakerId: number | null;
  lite: boolean;
  defaultSortBy: 'newest' | 'oldest';
  createdAt: string;
  updatedAt: string;
};

export type DemoSermon = {
  sermonId: string;
  broadcasterId: string;
  speakerId: number;
  seriesId: number | null;
  fullTitle: string;
  displayTitle: string;
  subtitle: string | null;
  bibleText: string | null;
  moreInfoText: string | null;
  eventType: string;
  languageCode: string;
  /** YYYY-MM-DD */
  preachDate: string;
  /** ISO timestamp; null = draft; in 2030 = scheduled. */
  publishTimestamp: string | null;
  keywords: string;
  audioDurationSeconds: number;
  videoDurationSeconds: number;
  hasAudio: boolean;
  hasVideo: boolean;
  downloadCount: number;
  videoDownloadCount: number;
  playCount: number;
  audioPlayCount: number;
  videoPlayCount: number;
  commentCount: number;
  pickDate: string | null;
  lastFeatureDate: string | null;
  lastPlayTime: string | null;
  lite: boolean;
  createdAt: string;
};

export type DemoTopic = { topicId: number; name: string; description: string };

export type DemoCatalogue = {
  broadcasters: DemoBroadcaster[];
  speakers: DemoSpeaker[];
  primarySpeakers: { broadcasterId: string; speakerId: number }[];
  series: DemoSeries[];
  sermons: DemoSermon[];
  topics: DemoTopic[];
  sermonTopics: { sermonId: string; topicId: number }[];
};

// ---------------------------------------------------------------------------------------------
// Randomness and dates

/** mulberry32: a small, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = {
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  shuffle<T>(items: readonly T[]): T[];
};

export function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick(items) {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted(items) {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = out[i] as (typeof out)[number];
        out[i] = out[j] as (typeof out)[number];
        out[j] = tmp;
      }
      return out;
    },
  };
  return rng;
}

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a YYYY-MM-DD date. */
const dayOf = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Timestamp (seconds since the epoch) → 'YYYY-MM-DDTHH:MM:SSZ'. */
const isoTs = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
/** 0 = Sunday. */
const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;

const ANCHOR_DAY = dayOf(DEMO_ANCHOR.slice(0, 10));
const LAST_DAY = ANCHOR_DAY - 1; // 2026-10-31
const LATEST_PUBLISH = ANCHOR_DAY * 86_400 - 3_600; // 2026-10-31T23:00:00Z
const FIRST_DAY = dayOf('1965-01-01');

/** `day` or the first later day whose weekday is in `days`. */
function nextWeekday(day: number, days: readonly number[]): number {
  for (let fwd = 0; fwd < 7; fwd++) if (days.includes(weekday(day + fwd))) return day + fwd;
  return day;
}

/** Moves `day` to the nearest earlier (else later) day whose weekday is in `days`. */
function onWeekday(day: number, days: readonly number[], min: number): number {
  for (let back = 0; back < 7; back++) if (days.includes(weekday(day - back)) && day - back >= min) return day - back;
  for (let fwd = 1; fwd < 7; fwd++) if (days.includes(weekday(day + fwd))) return day + fwd;
  return day;
}

// ---------------------------------------------------------------------------------------------
// Event types

type Weights = readonly (readonly [string, number])[];

const CHURCH_EVENTS: Weights = [
  ['Sunday Service', 30],
  ['Sunday - AM', 22],
  ['Sunday - PM', 16],
  ['Midweek Service', 5],
  ['Prayer Meeting', 3],
  ['Bible Study', 5],
  ['Conference', 4],
  ['Special Meeting', 3],
  ['Sunday School', 3],
  ['Devotional', 1],
  ['Funeral Service', 1],
  ['Wedding', 1],
  ['Youth', 2],
  ['Camp Meeting', 1],
  ['Teaching', 1],
  ['Question & Answer', 1],
  ['Testimony', 1],
  ['Children', 1],
  ['Sunday Afternoon', 1],
  ['Current Events', 0.5],
  ['Debate', 0.3],
];
const SEMINARY_EVENTS: Weights = [
  ['Chapel Service', 40],
  ['Teaching', 30],
  ['Conference', 15],
  ['Special Meeting', 5],
  ['Question & Answer', 5],
  ['Debate', 2],
];
const SCHOOL_EVENTS: Weights = [
  ['Chapel Service', 50],
  ['Youth', 20],
  ['Teaching', 15],
  ['Children', 10],
  ['Special Meeting', 5],
];
const RADIO_EVENTS: Weights = [
  ['Radio Broadcast', 50],
  ['Podcast', 15],
  ['Devotional', 10],
  ['TV Broadcast', 3],
  ['Classic Audio', 5],
];

/** Weekdays (0 = Sunday) an event type falls on; absent = any day. */
const EVENT_DAYS: Readonly<Record<string, readonly number[]>> = {
  'Sunday Service': [0],
  'Sunday - AM': [0],
  'Sunday - PM': [0],
  'Sunday Afternoon': [0],
  'Sunday School': [0],
  'Midweek Service': [3],
  'Prayer Meeting': [2, 3],
  'Bible Study': [3, 4, 5],
  Conference: [5, 6],
  'Camp Meeting': [4, 5, 6],
  'Chapel Service': [1, 2, 3, 4, 5],
  Teaching: [1, 2, 3, 4],
  Wedding: [5, 6],
  Youth: [5, 6],
  'Radio Broadcast': [1, 2, 3, 4, 5],
  Children: [0, 3],
  'Special Meeting': [5, 6, 0],
};

/** Start minute of day per event type: [earliest, latest] in 30-minute steps. */
const EVENT_MINUTES: Readonly<Record<string, readonly [number, number]>> = {
  'Sunday Service': [600, 660],
  'Sunday - AM': [630, 660],
  'Sunday - PM': [1080, 1110],
  'Sunday Afternoon': [870, 900],
  'Sunday School': [570, 570],
  'Midweek Service': [1140, 1170],
  'Prayer Meeting': [1140, 1170],
  'Bible Study': [1140, 1170],
  'Chapel Service': [600, 660],
  'Radio Broadcast': [420, 540],
};

function eventWeights(b: BroadcasterSeed): Weights {
  const out: (readonly [string, number])[] = [];
  if (b.categories & 1) out.push(...CHURCH_EVENTS);
  if (b.categories & 2) out.push(...SCHOOL_EVENTS);
  if (b.categories & 4) out.push(...SEMINARY_EVENTS);
  if (b.categories & 8)
    out.push(...RADIO_EVENTS.map(([e, w]) => [e, b.archive && e === 'Classic Audio' ? 30 : w] as const));
  return out;
}

function seriesEvent(b: BroadcasterSeed, rng: Rng): string {
  if (b.categories & 1)
    return rng.weighted([
      ['Sunday - AM', 40],
      ['Sunday Service', 25],
      ['Sunday - PM', 20],
      ['Bible Study', 10],
      ['Midweek Service', 5],
    ]);
  if (b.categories & 4)
    return rng.weighted([
      ['Teaching', 60],
      ['Chapel Service', 40],
    ]);
  if (b.categories & 2) return 'Chapel Service';
  return rng.weighted([
    ['Radio Broadcast', 70],
    ['Podcast', 30],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Bible references

const BOOK_WEIGHTS: readonly (readonly [number, number])[] = BIBLE_BOOKS.map((book, i) => {
  const w: Record<string, number> = {
    Ps: 5,
    Rom: 5,
    John: 4,
    Matt: 4,
    Luke: 3,
    Mark: 3,
    Isa: 3,
    Gen: 3,
    Heb: 3,
    Eph: 3,
    Acts: 3,
  };
  return [i, w[book.osisAbbrev] ?? (book.testament === 'NT' ? 2 : 1)] as const;
});

function randomReference(rng: Rng, bookIndex?: number): string {
  const index = bookIndex ?? rng.weighted(BOOK_WEIGHTS);
  const book = BIBLE_BOOKS[index];
  if (!book) throw new Error(`no book ${index}`);
  const chapter = rng.int(1, book.chapters);
  const verses = book.verses[chapter - 1] ?? 1;
  const style = rng.next();
  let ref: BibleReference | null;
  if (style < 0.15) ref = makeReference(book.osisAbbrev, chapter);
  else if (style < 0.35) ref = makeReference(book.osisAbbrev, chapter, rng.int(1, verses));
  else if (style < 0.97 || chapter === book.chapters) {
    const start = rng.int(1, verses);
    ref = makeReference(book.osisAbbrev, chapter, start, chapter, Math.min(verses, start + rng.int(1, 19)));
  } else {
    // Across a chapter boundary: 'Genesis 1:26-2:3'.
    const next = book.verses[chapter] ?? 1;
    ref = makeReference(
      book.osisAbbrev,
      chapter,
      rng.int(Math.max(1, verses - 8), verses),
      chapter + 1,
      rng.int(1, Math.min(next, 12)),
    );
  }
  if (!ref) throw new Error(`bad reference in ${book.osisAbbrev} ${chapter}`);
  return formatReference(ref);
}

/** Passages for `n` consecutive sermons through a book series (fewer when the range is short). */
function seriesPassages(def: BookSeriesDef, n: number, rng: Rng): string[] {
  const book = bookByOsis(def.osis);
  if (!book) throw new Error(`unknown book ${def.osis}`);
  const format = (ref: BibleReference | null) => {
    if (!ref) throw new Error(`bad series reference in ${def.osis}`);
    return formatReference(ref);
  };
  if (def.whole) {
    const chapters = Array.from({ length: def.to - def.from + 1 }, (_, i) => def.from + i);
    const count = Math.min(n, chapters.length);
    const start = rng.int(0, chapters.length - count);
    return chapters.slice(start, start + count).map((c) => format(makeReference(def.osis, c)));
  }
  const verses: (readonly [number, number])[] = [];
  for (let c = def.from; c <= def.to; c++) for (let v = 1; v <= (book.verses[c - 1] ?? 0); v++) verses.push([c, v]);
  const count = Math.min(n, verses.length);
  const per = Math.max(1, Math.min(Math.floor(verses.length / count), rng.int(8, 30)));
  const start = rng.int(0, verses.length - per * count);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = verses[start + i * per];
    const b = verses[start + (i + 1) * per - 1];
    if (!a || !b) break;
    out.push(format(makeReference(def.osis, a[0], a[1], b[0], b[1])));
  }
  return out;
}

type CheckbookEntry = { title: string; ref: string; info: string; book: number; chapter: number };
const CHECKBOOK_ENTRIES: CheckbookEntry[] = CHECKBOOK.flatMap(([title, ref, info]) => {
  const parsed = parseBibleText(ref)[0];
  return parsed ? [{ title, ref, info, book: parsed.bookIndex, chapter: parsed.chapter }] : [];
});

// ---------------------------------------------------------------------------------------------
// Generation

type SpeakerInfo = DemoSpeaker & { langs: string[]; historic: boolean };
type Pool = { residents: number[]; guests: number[]; historic: number[] };
type Content = { title: string; bibleText: string | null; moreInfo: string | null };

export function generateDemoCatalogue(seed: number = DEMO_SEED): DemoCatalogue {
  const rng = makeRng(seed);
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

  // --- Speakers -------------------------------------------------------------------------------
  const speakers: SpeakerInfo[] = [];
  const byName = new Map<string, SpeakerInfo>();
  const blank = {
    bio: '',
    placeholder: false,
    featured: false,
    choice: false,
    classic: false,
    puritan: false,
    reformer: false,
    highlighted: false,
    broadcasterLock: null,
    historic: false,
  };
  const addSpeaker = (s: Omit<SpeakerInfo, 'speakerId'>, id?: number): SpeakerInfo => {
    if (byName.has(s.displayName)) throw new Error(`duplicate speaker ${s.displayName}`);
    const speaker = { ...s, speakerId: id ?? 101 + speakers.filter((x) => !x.placeholder).length };
    speakers.push(speaker);
    byName.set(speaker.displayName, speaker);
    return speaker;
  };
  for (const [i, name] of PLACEHOLDER_SPEAKERS.entries()) {
    addSpeaker({ ...blank, displayName: name, sortName: name, placeholder: true, langs: [] }, i + 1);
  }
  for (const [displayName, sortName, flag, bio] of HISTORIC_SPEAKERS) {
    addSpeaker({ ...blank, displayName, sortName, bio, [flag]: true, historic: true, langs: ['en'] });
  }

  const newName = (pool: keyof typeof NAME_POOLS): [string, string] => {
    const [firsts, lasts] = NAME_POOLS[pool];
    for (let attempt = 0; attempt < 200; attempt++) {
      const first = rng.pick(firsts);
      const last = rng.pick(lasts);
      const middle =
        (pool === 'anglo' || pool === 'scot') && rng.chance(0.3) ? ` ${String.fromCharCode(65 + rng.int(0, 25))}.` : '';
      const display = `${first}${middle} ${last}`;
      if (!byName.has(display)) return [display, `${last}, ${first}${middle}`];
    }
    throw new Error(`name pool ${pool} exhausted`);
  };

  const SCHOOLS = [
    'Covenant Reformed Seminary',
    'Westfield Theological College',
    'Highland Theological Hall',
    'Theologisches Seminar Rheinland',
    'Seminario Bíblico de Monterrey',
    'Hyderabad Bible Seminary',
    'Greenville Bible College',
    'the University of Edinburgh',
  ];
  const pools = new Map<string, Pool>();
  for (const b of BROADCASTERS) pools.set(b.id, { residents: [], guests: [], historic: [] });
  const poolOf = (id: string) => {
    const pool = pools.get(id);
    if (!pool) throw new Error(`no pool ${id}`);
    return pool;
  };

  for (const b of BROADCASTERS) {
    const church = (b.categories & 1) !== 0;
    let count = church ? (b.weight >= 7 ? 3 : b.weight >= 4 ? 2 : 1) : b.categories & 4 ? 3 : b.categories & 2 ? 2 : 1;
    if (b.id === 'puritanaudio') count = 0;
    for (let i = 0; i < count; i++) {
      const [displayName, sortName] = newName(b.names);
      const role =
        b.categories & 4
          ? `has been professor of ${rng.pick(['systematic theology', 'New Testament', 'Old Testament', 'church history', 'pastoral theology', 'homiletics'])} at`
          : church
            ? i === 0
              ? 'has been pastor of'
              : rng.pick([
                  'has been associate pastor of',
                  'has served as an elder at',
                  'has been assistant minister at',
                ])
            : b.categories & 2
              ? 'has been chaplain of'
              : 'has hosted the daily programme on';
      const year = rng.int(Math.max(b.since, 1985), 2022);
      const bio = rng.chance(0.8)
        ? `${displayName} ${role} ${b.name} since ${year}. He studied at ${rng.pick(SCHOOLS)}${rng.chance(0.6) ? ` and is married with ${rng.pick(['two', 'three', 'four', 'five', 'six'])} children` : ''}.`
        : '';
      const s = addSpeaker({
        ...blank,
        displayName,
        sortName,
        bio,
        langs: [b.lang, ...(b.second ? [b.second[0]] : [])],
        broadcasterLock: rng.chance(0.1) ? b.id : null,
      });
      poolOf(b.id).residents.push(s.speakerId);
    }
  }
  // Residents who sometimes preach elsewhere in their language.
  for (const b of BROADCASTERS) {
    for (const id of [...poolOf(b.id).residents]) {
      if (!rng.chance(0.25)) continue;
      const others = BROADCASTERS.filter((o) => o.id !== b.id && o.lang === b.lang && !o.disabled);
      if (others.length) poolOf(rng.pick(others).id).guests.push(id);
    }
  }
  // Itinerant preachers and conference speakers: 2-3 broadcasters each.
  const ITINERANTS: readonly (readonly [keyof typeof NAME_POOLS, string])[] = [
    ...Array.from({ length: 11 }, () => ['anglo', 'en'] as const),
    ...Array.from({ length: 6 }, () => ['scot', 'en'] as const),
    ['es', 'es'],
    ['es', 'es'],
    ['pt', 'pt'],
    ['pt', 'pt'],
    ['de', 'de'],
    ['ko', 'ko'],
    ['nl', 'nl'],
    ['fr', 'fr'],
    ['zh', 'zh'],
    ['ng', 'en'],
    ['in', 'en'],
  ];
  for (const [pool, lang] of ITINERANTS) {
    const [displayName, sortName] = newName(pool);
    const s = addSpeaker({
      ...blank,
      displayName,
      sortName,
      langs: [lang],
      bio: rng.chance(0.7)
        ? `${displayName} ${rng.pick(['is an itinerant evangelist', 'is a conference speaker and author', 'serves with a church-planting mission', 'is a retired pastor who preaches widely'])}. He studied at ${rng.pick(SCHOOLS)}.`
        : '',
    });
    const targets = rng.shuffle(
      BROADCASTERS.filter((o) => !o.disabled && !o.archive && (o.lang === lang || o.second?.[0] === lang)),
    );
    for (const target of targets.slice(0, rng.int(2, 3))) poolOf(target.id).guests.push(s.speakerId);
  }
  // Historic preachers: every one at the classics library, some also on the radio stations.
  const historic = speakers.filter((s) => s.historic);
  const archives = BROADCASTERS.filter((b) => b.archive && b.id !== 'puritanaudio');
  for (const s of historic) {
    poolOf('puritanaudio').historic.push(s.speakerId);
    for (const a of rng.shuffle(archives).slice(
      0,
      rng.weighted([
        [0, 3],
        [1, 4],
        [2, 2],
      ]),
    ))
      poolOf(a.id).historic.push(s.speakerId);
  }
  const mlj = byName.get('Martyn Lloyd-Jones');
  if (!mlj) throw new Error('Lloyd-Jones missing');
  // Flags on the modern speakers.
  const modern = speakers.filter((s) => !s.historic && !s.placeholder);
  for (const s of rng.shuffle(modern).slice(0, 6)) s.featured = true;
  for (const s of rng.shuffle(modern).slice(0, 12)) s.choice = true;
  for (const s of rng.shuffle(modern).slice(0, 8)) s.highlighted = true;
  for (const name of [
    'Charles H. Spurgeon',
    'Jonathan Edwards',
    'Martyn Lloyd-Jones',
    'George Whitefield',
    'J.C. Ryle',
    "Robert Murray M'Cheyne",
  ]) {
    const s = byName.get(name);
    if (s) s.featured = true;
  }
  for (const s of rng.shuffle(historic).slice(0, 8)) s.choice = true;
  for (const s of rng.shuffle(historic).slice(0, 3)) s.highlighted = true;
  const speakerById = new Map(speakers.map((s) => [s.speakerId, s]));
  const speaker = (id: number) => {
    const s = speakerById.get(id);
    if (!s) throw new Error(`no speaker ${id}`);
    return s;
  };

  // --- Broadcasters ---------------------------------------------------------------------------
  const broadcasters: DemoBroadcaster[] = BROADCASTERS.map((b) => {
    const pool = poolOf(b.id);
    const church = (b.categories & 1) !== 0;
    const minister = b.vacant ? '' : pool.residents[0] !== undefined ? speaker(pool.residents[0]).displayName : '';
    const joinedDay = Math.min(
      LAST_DAY - 200,
      dayOf(`${Math.max(2001, b.since + rng.int(0, 4))}-01-01`) + rng.int(0, 364),
    );
    const streets = STREETS[b.iso] ?? ['Main Street'];
    const number = rng.int(1, 2400);
    const street = rng.pick(streets);
    const postcode = String(rng.int(10000, 99999));
    const address = ['US', 'CA', 'AU', 'NZ', 'GB', 'IE', 'ZA', 'KE', 'NG', 'IN', 'PH', 'KH', 'TW', 'KR'].includes(b.iso)
      ? `${number} ${street}, ${b.city}${b.state ? `, ${b.state}` : ''} ${b.iso === 'US' ? postcode : ''}`.trim()
      : `${street} ${number}, ${postcode} ${b.city}`;
    const mailing = rng.chance(0.2) ? `P.O. Box ${rng.int(10, 9999)}, ${b.city}${b.state ? `, ${b.state}` : ''}` : '';
    const serviceLang = SERVICE_TIMES[b.lang] ? b.lang : 'en';
    const serviceTimesList = church ? [...rng.pick(SERVICE_TIMES[serviceLang] ?? [])] : [];
    const aboutTemplate = church
      ? (ABOUT_US[b.lang] ?? ABOUT_US.en)
      : b.categories & 4
        ? ABOUT_US.seminary
        : b.categories & 2
          ? ABOUT_US.school
          : ABOUT_US.radio;
    const facebook = rng.chance(0.6) ? b.id : null;
    const twitter = rng.chance(0.35) ? b.id.slice(0, 15) : null;
    const socialLinks: Record<string, string> = {};
    if (facebook) socialLinks.facebook = `https://www.facebook.com/${facebook}`;
    if (twitter) socialLinks.twitter = `https://x.com/${twitter}`;
    return {
      broadcasterId: b.id,
      displayName: b.name,
      shortName: b.short,
      sortName: b.name.replace(/^The /, ''),
      location: `${b.city}, ${b.region}`,
      country: b.country,
      countryIsoCode: b.iso,
      state: b.state,
      churchSize: church
        ? rng.weighted([
            [rng.int(25, 120), 5],
            [rng.int(120, 600), 4],
            [rng.int(600, 3000), 1],
          ])
        : null,
      minister,
      facebookUsername: facebook,
      twitterUsername: twitter,
      homePageUrl: rng.chance(0.85) ? `https://${b.id}.example.org` : null,
      latitude: b.lat,
      longitude: b.lon,
      joined: isoTs(joinedDay * 86_400 + rng.int(8, 20) * 3_600 + rng.int(0, 59) * 60),
      bibleVersion: rng.chance(0.9) ? rng.pick(BIBLE_VERSIONS[b.lang] ?? BIBLE_VERSIONS.en ?? ['KJV']) : null,
      aboutUs: fill(aboutTemplate ?? '', {
        // Korean and Chinese churches go by their local short names.
        name: church && (b.lang === 'ko' || b.lang === 'zh') ? b.short : b.name,
        city: b.city,
        denomination: b.denomination,
        a: /^[AEIOU]/i.test(b.denomination) ? 'an' : 'a',
        since: String(b.since),
      }),
      address,
      addressMail: mailing,
      serviceTimes: serviceTimesList.join('\n'),
      serviceTimesList,
      denomination: b.denomination,
      canWebcast: b.webcast ?? false,
      phone: `${PHONE_PREFIX[b.iso] ?? '+1'} ${rng.int(100, 999)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
      listenLineNumber:
        b.categories & 8 && rng.chance(0.7)
          ? `${PHONE_PREFIX[b.iso] ?? '+1'} ${rng.int(200, 999)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`
          : null,
      vacantPulpit: b.vacant ?? false,
      categories: b.categories,
      languageCode: b.lang,
      lite: b.lite ?? false,
      disabled: b.disabled ?? false,
      donatable: b.donatable ?? false,
      groupName: b.group ?? null,
      featured: b.featured ?? false,
      socialLinks,
      updatedAt: isoTs((LAST_DAY - rng.int(0, 400)) * 86_400 + rng.int(0, 86_399)),
    };
  });
  const joinedTs = new Map(broadcasters.map((b) => [b.broadcasterId, Date.parse(b.joined) / 1000]));

  const primarySpeakers: { broadcasterId: string; speakerId: number }[] = [];
  for (const b of BROADCASTERS) {
    if (b.vacant) continue;
    const ids =
      b.id === 'puritanaudio'
        ? ['Charles H. Spurgeon', 'John Owen'].map((n) => byName.get(n)?.speakerId ?? 0)
        : poolOf(b.id).residents;
    for (const speakerId of ids) primarySpeakers.push({ broadcasterId: b.id, speakerId });
  }

  // --- Series and sermons ---------------------------------------------------------------------
  const series: DemoSeries[] = [];
  const sermons: DemoSermon[] = [];
  const sermonTopicKeys: { sermon: DemoSermon; keys: string[] }[] = [];
  const usedIds = new Set<string>();
  const usedFamous = new Set<string>();
  const classicPreachers = new Set<string>();
  const totalWeight = BROADCASTERS.reduce((sum, b) => sum + b.weight, 0);
  let standaloneCounter = 0;
  const coverage = rng.shuffle(BIBLE_BOOKS.map((_, i) => i));

  const sermonId = (day: number, minute: number): string => {
    const d = new Date(day * DAY_MS);
    const base = `${d.getUTCMonth() + 1}${String(d.getUTCDate()).padStart(2, '0')}${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(Math.floor(minute / 60)).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}`;
    for (let digits = 1; digits <= 3; digits++) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const id = base + String(rng.int(digits === 1 ? 1 : 10 ** (digits - 1), 10 ** digits - 1));
        if (!usedIds.has(id)) {
          usedIds.add(id);
          return id;
        }
      }
    }
    throw new Error(`no free sermon id for ${base}`);
  };

  /** Titles that suit any passage (series sermons have their passage already). */
  const genericTitles = new Map(
    Object.entries(SERMON_TITLES).map(([lang, titles]) => [lang, titles.filter((t) => !(t in TITLE_TEXTS))]),
  );
  const composedTitle = () =>
    rng.chance(0.4)
      ? rng.pick(TITLE_PARTS.christ)
      : `The ${rng.pick(TITLE_PARTS.adjectives)} ${rng.pick(TITLE_PARTS.nouns)} of ${rng.pick(TITLE_PARTS.subjects)}`;
  /** A standalone English sermon: a Faith's Checkbook reading, a title with its own text, or any title. */
  const englishTitle = (): Content => {
    const r = rng.next();
    if (r < 0.3) {
      const e = rng.pick(CHECKBOOK_ENTRIES);
      return { title: e.title, bibleText: e.ref, moreInfo: e.info };
    }
    const title = r < 0.85 ? rng.pick(SERMON_TITLES.en ?? []) : composedTitle();
    return { title, bibleText: TITLE_TEXTS[title] ?? null, moreInfo: null };
  };
  /** A title for a sermon whose passage is already chosen. */
  const plainTitle = (lang: string): string => {
    if (lang === 'en' && rng.chance(0.3)) return composedTitle();
    return rng.pick(genericTitles.get(lang) ?? genericTitles.get('en') ?? []);
  };
  /** A standalone sermon in another language. */
  const localTitle = (lang: string): Content => {
    const title = rng.pick(SERMON_TITLES[lang] ?? SERMON_TITLES.en ?? []);
    return { title, bibleText: TITLE_TEXTS[title] ?? null, moreInfo: null };
  };

  const keywordsFor = (lang: string, day: number): { keywords: string; topics: string[] } => {
    const pool = KEYWORDS[lang] ?? KEYWORDS.en ?? [];
    const picked = new Map<string, string | null>();
    const everyday = pool.filter(([, t]) => t !== 'christmas' && t !== 'easter');
    if (rng.chance(0.6))
      for (let i = rng.int(1, 4); i > 0; i--) {
        const [w, t] = rng.pick(everyday);
        picked.set(w, t);
      }
    const d = new Date(day * DAY_MS);
    if (d.getUTCMonth() === 11 && d.getUTCDate() >= 18 && d.getUTCDate() <= 26) {
      const christmas = pool.find(([, t]) => t === 'christmas');
      if (christmas) picked.set(christmas[0], 'christmas');
    }
    if ((d.getUTCMonth() === 2 || d.getUTCMonth() === 3) && weekday(day) === 0 && rng.chance(0.15)) {
      const easter = pool.find(([, t]) => t === 'easter');
      if (easter) picked.set(easter[0], 'easter');
    }
    const topics = [...picked.values()].filter((t): t is string => t !== null && rng.chance(0.5));
    return { keywords: [...picked.keys()].join(' '), topics: [...new Set(topics)] };
  };

  const moreInfoFor = (lang: string, ref: string | null, speakerName: string, p: number): string | null => {
    if (!ref || !rng.chance(p)) return null;
    return fill(rng.pick(MORE_INFO[lang] ?? MORE_INFO.en ?? []), { ref, speaker: speakerName });
  };

  const pickSpeaker = (b: BroadcasterSeed, lang: string, residentShare = 0.7): number => {
    const pool = poolOf(b.id);
    const speaks = (id: number) => speaker(id).langs.includes(lang);
    const residents = pool.residents.filter(speaks);
    const guests = pool.guests.filter(speaks);
    if (b.archive && pool.historic.length && lang === 'en' && rng.chance(b.id === 'puritanaudio' ? 1 : 0.35)) {
      return rng.weighted(
        pool.historic.map(
          (id) =>
            [
              id,
              ['Charles H. Spurgeon', 'John Owen', 'Jonathan Edwards', 'Martyn Lloyd-Jones'].includes(
                speaker(id).displayName,
              )
                ? 4
                : 1,
            ] as const,
        ),
      );
    }
    if (residents.length && (rng.chance(residentShare) || !guests.length)) return rng.pick(residents);
    if (guests.length) return rng.pick(guests);
    if (pool.residents.length) return rng.pick(pool.residents);
    return rng.pick(pool.guests.length ? pool.guests : pool.historic);
  };

  type Plan = {
    day: number;
    event: string;
    lang: string;
    speakerId: number;
    content: Content;
    series: DemoSeries | null;
    subtitle: string | null;
  };

  const materialize = (b: BroadcasterSeed, plan: Plan) => {
    const { day, event, lang, speakerId, content, series: s } = plan;
    const range = EVENT_MINUTES[event] ?? [480, 1200];
    const minute = range[0] + 30 * rng.int(0, Math.floor((range[1] - range[0]) / 30));
    const preachTs = day * 86_400 + minute * 60;
    let publish =
      preachTs +
      rng.weighted([
        [rng.int(1, 12), 6],
        [rng.int(12, 72), 3],
        [rng.int(72, 400), 1],
      ]) *
        3_600 +
      rng.int(0, 3_599);
    const joined = joinedTs.get(b.id) ?? 0;
    if (publish < joined) publish = joined + rng.int(0, 500) * 86_400 + rng.int(0, 86_399);
    publish = Math.max(preachTs + 600, Math.min(publish, LATEST_PUBLISH));
    const radio = event === 'Radio Broadcast' || event === 'Podcast';
    const audio =
      event === 'Devotional'
        ? rng.int(600, 960)
        : event === 'Audio Book'
          ? rng.int(1_200, 3_600)
          : radio
            ? rng.int(1_500, 1_740)
            : Math.round(600 + ((rng.next() + rng.next() + rng.next()) / 3) * 4_800);
    const year = new Date(day * DAY_MS).getUTCFullYear();
    const videoChance =
      b.archive || b.categories === 8 || year < 2008 ? 0 : (b.webcast ? 0.3 : 0.07) * (year >= 2016 ? 1.3 : 0.6);
    const hasVideo = rng.chance(videoChance);
    const video = hasVideo ? (rng.chance(0.9) ? audio + rng.int(-1, 2) : audio + rng.int(5, 40)) : 0;
    const age = (LAST_DAY - day) / 365;
    const famous = speaker(speakerId).featured ? 4 : 1;
    const downloads = Math.min(
      400_000,
      Math.floor(6 * (1 / (1 - rng.next() * 0.9999)) ** (1 / 1.1) * (1 + Math.min(age, 15) / 5) * famous),
    );
    const plays = Math.round(downloads * (1.2 + 2 * rng.next()));
    const videoPlays = hasVideo ? Math.round(plays * (0.2 + 0.4 * rng.next())) : 0;
    const lastPlay =
      plays > 0 && rng.chance(0.8) ? LATEST_PUBLISH - rng.int(60, plays < 30 ? 3 * 365 * 86_400 : 120 * 86_400) : null;
    const title = content.title;
    const { keywords, topics } = keywordsFor(lang, day);
    const sermon: DemoSermon = {
      sermonId: sermonId(day, minute),
      broadcasterId: b.id,
      speakerId,
      seriesId: s?.seriesId ?? null,
      fullTitle: title,
      displayTitle: title.length > 60 ? `${title.slice(0, 57).replace(/\s+\S*$/, '')}...` : title,
      subtitle: plan.subtitle,
      bibleText: content.bibleText,
      moreInfoText: content.moreInfo,
      eventType: event,
      languageCode: lang,
      preachDate: isoDay(day),
      publishTimestamp: isoTs(publish),
      keywords,
      audioDurationSeconds: audio,
      videoDurationSeconds: video,
      hasAudio: true,
      hasVideo,
      downloadCount: downloads,
      videoDownloadCount: hasVideo ? Math.round(downloads * 0.15 * rng.next()) : 0,
      playCount: plays,
      audioPlayCount: plays - videoPlays,
      videoPlayCount: videoPlays,
      commentCount: rng.chance(0.06) ? rng.int(1, 15) : 0,
      pickDate: null,
      lastFeatureDate: null,
      lastPlayTime: lastPlay !== null && lastPlay > publish ? isoTs(lastPlay) : null,
      lite: b.lite ?? false,
      createdAt: isoTs(publish),
    };
    sermons.push(sermon);
    if (topics.length) sermonTopicKeys.push({ sermon, keys: topics });
    return sermon;
  };

  const recentDay = (start: number, end: number) => start + Math.floor(Math.sqrt(rng.next()) * (end - start));

  for (const b of BROADCASTERS) {
    const total = Math.max(8, Math.round((SERMON_TARGET * b.weight) / totalWeight));
    const startDay = Math.max(FIRST_DAY, dayOf(`${b.since}-01-01`));
    const endDay = b.disabled ? dayOf('2018-06-30') : LAST_DAY;
    const usedSeriesTitles = new Set<string>();
    const seriesLang = () => (b.second && rng.chance(b.second[1]) ? b.second[0] : b.lang);
    const plans: Plan[] = [];
    const newSeries = (title: string, lang: string, mainSpeaker: number | null, sortOldest: boolean): DemoSeries => {
      let unique = title;
      for (let k = 2; usedSeriesTitles.has(unique); k++) unique = `${title} (${k})`;
      usedSeriesTitles.add(unique);
      const descTemplate = rng.pick(SERIES_DESCRIPTIONS[lang] ?? SERIES_DESCRIPTIONS.en ?? ['']);
      const podcast = mainSpeaker !== null && rng.chance(0.3);
      const s: DemoSeries = {
        seriesId: 100_001 + series.length,
        broadcasterId: b.id,
        title: unique,
        description: fill(descTemplate, {
          title: unique,
          speaker: mainSpeaker === null ? b.name : speaker(mainSpeaker).displayName,
        }),
        podcastEnabled: podcast,
        podcastSpeakerId: podcast ? mainSpeaker : null,
        lite: b.lite ?? false,
        defaultSortBy: sortOldest ? 'oldest' : 'newest',
        createdAt: '',
        updatedAt: '',
      };
      series.push(s);
      return s;
    };
    /** Lays out `contents` on consecutive meeting days from `first` (or ending at `last`). */
    const schedule = (
      s: DemoSeries,
      contents: readonly Content[],
      event: string,
      lang: string,
      speakerFor: () => number,
      at: { first?: number; last?: number; step?: number } = {},
    ) => {
      const days = EVENT_DAYS[event];
      const step =
        at.step ??
        (event === 'Radio Broadcast' || event === 'Devotional' || event === 'Audio Book' ? rng.pick([1, 7]) : 7);
      const span = Math.ceil(step * (contents.length - 1) * (days && step === 1 ? 1.4 : 1));
      let cursor =
        at.first ?? (at.last !== undefined ? at.last - span : recentDay(startDay, Math.max(startDay, endDay - span)));
      for (const content of contents) {
        if (days) cursor = nextWeekday(cursor, days);
        const day = cursor <= endDay ? cursor : days ? onWeekday(endDay, days, startDay) : endDay;
        const speakerId = speakerFor();
        const moreInfo = content.moreInfo ?? moreInfoFor(lang, content.bibleText, speaker(speakerId).displayName, 0.15);
        plans.push({ day, event, lang, speakerId, content: { ...content, moreInfo }, series: s, subtitle: s.title });
        cursor += step;
      }
    };

    // Pinned runs: the oldest recordings (Lloyd-Jones on Romans, 1965) and this month's sermons.
    if (b.id === 'westgatechapel') {
      const def = BOOK_SERIES.find((d) => d.osis === 'Rom' && d.from === 1);
      if (def) {
        const s = newSeries('Romans (1965)', 'en', mlj.speakerId, true);
        const texts = seriesPassages(def, 14, rng);
        schedule(
          s,
          texts.map((t) => ({ title: plainTitle('en'), bibleText: t, moreInfo: null })),
          'Bible Study',
          'en',
          () => mlj.speakerId,
          { first: dayOf('1965-03-05') },
        );
      }
    }
    if (b.id === 'gracechurch' || b.id === 'hopepres' || b.id === 'seoulgrace') {
      const lang = b.lang;
      const def = rng.pick(BOOK_SERIES.filter((d) => d.titles[lang]?.length && !d.whole));
      const main = poolOf(b.id).residents[0] ?? pickSpeaker(b, lang);
      const s = newSeries(rng.pick(def.titles[lang] ?? []), lang, main, false);
      const texts = seriesPassages(def, rng.int(8, 12), rng);
      schedule(
        s,
        texts.map((t) => ({ title: plainTitle(lang), bibleText: t, moreInfo: null })),
        'Sunday - AM',
        lang,
        () => main,
        { last: dayOf('2026-10-25') },
      );
    }

    const seriesShare = b.archive ? 0.5 : 0.72;
    let inSeries = plans.length;
    while (inSeries < total * seriesShare) {
      const lang = seriesLang();
      const len = Math.min(rng.int(3, 12), Math.max(3, Math.round(total * seriesShare) - inSeries));
      const event = seriesEvent(b, rng);
      const hosts = poolOf(b.id).residents.filter((id) => speaker(id).langs.includes(lang));
      const main = b.archive && hosts.length ? rng.pick(hosts) : pickSpeaker(b, lang, 0.8);
      const single = !speaker(main).historic && rng.chance(0.85);
      const speakerFor = () => (single ? main : pickSpeaker(b, lang));
      const kind =
        b.archive && lang === 'en'
          ? rng.weighted([
              ['audiobook', 3],
              ['checkbook', hosts.length ? 0 : 2],
              ['classic', 3],
              ['book', hosts.length ? 2 : 0],
            ])
          : lang === 'en' && rng.chance(0.04)
            ? 'hymns'
            : rng.chance(0.25)
              ? 'topical'
              : 'book';
      let added = 0;
      if (kind === 'audiobook') {
        const [author, title, parts] = rng.pick(AUDIO_BOOKS);
        const reader = byName.get(author)?.speakerId ?? main;
        const s = newSeries(title, lang, reader, true);
        const count = Math.min(parts.length, len + 2);
        schedule(
          s,
          parts
            .slice(0, count)
            .map((part, i) => ({ title: `${title}, Part ${i + 1}: ${part}`, bibleText: null, moreInfo: null })),
          'Audio Book',
          lang,
          () => reader,
        );
        added = count;
      } else if (kind === 'checkbook') {
        const spurgeon = byName.get('Charles H. Spurgeon')?.speakerId ?? main;
        const s = newSeries("Faith's Checkbook", lang, spurgeon, true);
        const from = rng.int(0, CHECKBOOK_ENTRIES.length - len);
        schedule(
          s,
          CHECKBOOK_ENTRIES.slice(from, from + len).map((e) => ({
            title: e.title,
            bibleText: e.ref,
            moreInfo: e.info,
          })),
          'Devotional',
          lang,
          () => spurgeon,
          { step: 1 },
        );
        added = len;
      } else if (kind === 'classic') {
        const fresh = poolOf(b.id).historic.filter((id) => !classicPreachers.has(`${b.id}/${id}`));
        const preacher = speaker(rng.pick(fresh.length ? fresh : [main]));
        classicPreachers.add(`${b.id}/${preacher.speakerId}`);
        const s = newSeries(
          rng.pick([
            `Classic Sermons of ${preacher.displayName}`,
            `${preacher.sortName.split(',')[0]} on the Gospel`,
            `The Best of ${preacher.displayName}`,
          ]),
          lang,
          preacher.speakerId,
          false,
        );
        const contents: Content[] = [];
        for (let i = 0; i < len; i++) {
          const famous = FAMOUS_SERMONS.find(([who, t]) => who === preacher.displayName && !usedFamous.has(t));
          if (famous) {
            usedFamous.add(famous[1]);
            contents.push({ title: famous[1], bibleText: famous[2], moreInfo: preacher.bio });
          } else {
            const c = englishTitle();
            contents.push({ ...c, bibleText: c.bibleText ?? randomReference(rng) });
          }
        }
        schedule(s, contents, 'Classic Audio', lang, () => preacher.speakerId, { step: rng.pick([1, 7]) });
        added = len;
      } else if (kind === 'hymns') {
        const s = newSeries(
          rng.pick(['Hymns of the Faith', 'The Stories Behind Our Hymns', 'Hymns of Grace']),
          lang,
          main,
          false,
        );
        const from = rng.int(0, HYMNS.length - len);
        schedule(
          s,
          HYMNS.slice(from, from + len).map(([title, author, year, ref]) => ({
            title,
            bibleText: ref,
            moreInfo: `A meditation on the hymn \u201c${title}\u201d by ${author}${year ? ` (${year})` : ''}.`,
          })),
          rng.pick(['Sunday - PM', 'Special Meeting']),
          lang,
          speakerFor,
        );
        added = len;
      } else if (kind === 'topical') {
        const defs = TOPICAL_SERIES.filter((d: TopicalSeriesDef) => d.titles[lang]?.length);
        if (!defs.length) continue;
        const def = rng.pick(defs);
        const s = newSeries(rng.pick(def.titles[lang] ?? []), lang, single ? main : null, false);
        const count = Math.min(len, def.texts.length);
        const contents = def.texts
          .slice(0, count)
          .map((t) => ({ title: plainTitle(lang), bibleText: t, moreInfo: null }));
        schedule(s, contents, event, lang, speakerFor);
        added = count;
      } else {
        const defs = BOOK_SERIES.filter((d) => d.titles[lang]?.length);
        const def = rng.pick(defs);
        const s = newSeries(rng.pick(def.titles[lang] ?? []), lang, single ? main : null, rng.chance(0.5));
        const texts = seriesPassages(def, len, rng);
        const used = new Set<string>();
        const contents = texts.map((text) => {
          const ref = parseBibleText(text)[0];
          const match =
            lang === 'en' && ref && rng.chance(0.5)
              ? CHECKBOOK_ENTRIES.find(
                  (e) =>
                    e.book === ref.bookIndex &&
                    e.chapter >= ref.chapter &&
                    e.chapter <= ref.chapterEnd &&
                    !used.has(e.title),
                )
              : undefined;
          let title = match?.title ?? plainTitle(lang);
          for (let k = 0; used.has(title) && k < 5; k++) title = plainTitle(lang);
          if (used.has(title)) title = `${title} (${used.size + 1})`;
          used.add(title);
          return { title, bibleText: text, moreInfo: match?.info ?? null };
        });
        schedule(s, contents, event, lang, speakerFor);
        added = texts.length;
      }
      inSeries += added;
    }
    // A brand-new series without sermons yet.
    if (rng.chance(0.1)) {
      const defs = BOOK_SERIES.filter((d) => d.titles[b.lang]?.length);
      newSeries(rng.pick(rng.pick(defs).titles[b.lang] ?? []), b.lang, null, false);
    }

    // Standalone sermons; first one by everyone attached here who has not preached yet.
    const weights = eventWeights(b);
    const preached = new Set(plans.map((p) => p.speakerId));
    const pool = poolOf(b.id);
    const waiting = [...pool.residents, ...pool.guests, ...(b.id === 'puritanaudio' ? pool.historic : [])].filter(
      (id) => !preached.has(id),
    );
    while (plans.length < total) {
      const queued = waiting.shift();
      let lang = b.second && rng.chance(b.second[1]) ? b.second[0] : b.lang;
      if (queued !== undefined && !speaker(queued).langs.includes(lang)) lang = speaker(queued).langs[0] ?? lang;
      const speakerId = queued ?? (rng.chance(0.01) ? rng.pick([1, 2]) : pickSpeaker(b, lang));
      const s = speaker(speakerId);
      let event = rng.weighted(weights);
      if (s.historic) event = rng.chance(0.85) ? 'Classic Audio' : 'Radio Broadcast';
      if (s.placeholder) event = rng.pick(['Conference', 'Question & Answer', 'Special Meeting']);
      const forcedBook = standaloneCounter++ % 20 === 0 ? coverage.pop() : undefined;
      let content: Content;
      if (s.historic) {
        const famous = FAMOUS_SERMONS.find(([who, t]) => who === s.displayName && !usedFamous.has(t));
        if (famous) usedFamous.add(famous[1]);
        content = famous ? { title: famous[1], bibleText: famous[2], moreInfo: s.bio } : englishTitle();
      } else {
        content = lang === 'en' ? englishTitle() : localTitle(lang);
      }
      if (forcedBook !== undefined)
        content = { ...content, bibleText: randomReference(rng, forcedBook), moreInfo: null };
      else if (content.bibleText === null && rng.chance(0.97)) {
        content = {
          ...content,
          bibleText: rng.chance(0.1) ? `${randomReference(rng)}; ${randomReference(rng)}` : randomReference(rng),
        };
      } else if (content.bibleText !== null && rng.chance(0.05)) {
        content = { ...content, bibleText: `${content.bibleText}; ${randomReference(rng)}` };
      }
      if (content.moreInfo === null)
        content = {
          ...content,
          moreInfo: moreInfoFor(lang, content.bibleText, s.displayName, lang === 'en' ? 0.25 : 0.2),
        };
      let day = recentDay(startDay, endDay);
      const days = EVENT_DAYS[event];
      if (days) day = onWeekday(day, days, startDay);
      plans.push({ day: Math.min(day, endDay), event, lang, speakerId, content, series: null, subtitle: null });
    }

    for (const plan of plans) materialize(b, plan);
  }

  // --- Drafts, scheduled sermons, staff picks -------------------------------------------------
  const recent = dayOf('2026-06-01');
  let drafts = 0;
  let scheduled = 0;
  for (const s of sermons) {
    const day = dayOf(s.preachDate);
    if ((day >= recent && rng.chance(0.06)) || rng.chance(0.002)) {
      s.publishTimestamp = null;
      drafts++;
    } else if (day >= recent && rng.chance(0.05)) {
      s.publishTimestamp = isoTs(dayOf(`2030-0${rng.int(1, 9)}-01`) * 86_400 + rng.int(0, 27) * 86_400 + 9 * 3_600);
      scheduled++;
    }
  }
  if (!drafts || !scheduled) throw new Error('demo catalogue needs drafts and scheduled sermons; change the seed');
  for (const s of sermons) {
    if (!s.publishTimestamp || s.publishTimestamp > DEMO_ANCHOR) {
      s.lastPlayTime = null;
      s.downloadCount = 0;
      s.videoDownloadCount = 0;
      s.playCount = 0;
      s.audioPlayCount = 0;
      s.videoPlayCount = 0;
      s.commentCount = 0;
      continue;
    }
    if (!rng.chance(0.035)) continue;
    const published = dayOf(s.publishTimestamp.slice(0, 10));
    const pick = Math.min(LAST_DAY, published + rng.int(0, 30));
    s.pickDate = isoDay(pick);
    if (rng.chance(0.3)) s.lastFeatureDate = isoDay(Math.min(LAST_DAY, pick + rng.int(0, 60)));
  }

  // Series timestamps follow their sermons.
  const seriesTimes = new Map<number, { first: string; last: string }>();
  for (const s of sermons) {
    if (s.seriesId === null) continue;
    const at = s.publishTimestamp && s.publishTimestamp <= DEMO_ANCHOR ? s.publishTimestamp : s.createdAt;
    const t = seriesTimes.get(s.seriesId);
    if (!t) seriesTimes.set(s.seriesId, { first: at, last: at });
    else {
      if (at < t.first) t.first = at;
      if (at > t.last) t.last = at;
    }
  }
  for (const s of series) {
    const t = seriesTimes.get(s.seriesId);
    const fresh = isoTs((LAST_DAY - rng.int(0, 20)) * 86_400 + rng.int(0, 86_399));
    s.createdAt = t?.first ?? fresh;
    s.updatedAt = t?.last ?? fresh;
  }

  // --- Topics ---------------------------------------------------------------------------------
  const topics: DemoTopic[] = TOPICS.map(([, name, description], i) => ({ topicId: i + 1, name, description }));
  const topicIds = new Map(TOPICS.map(([key], i) => [key, i + 1]));
  const sermonTopics: { sermonId: string; topicId: number }[] = [];
  for (const { sermon, keys } of sermonTopicKeys) {
    for (const key of keys) {
      const topicId = topicIds.get(key);
      if (topicId !== undefined) sermonTopics.push({ sermonId: sermon.sermonId, topicId });
    }
  }

  return {
    broadcasters,
    speakers: speakers.map(({ langs: _langs, historic: _historic, ...s }) => s),
    primarySpeakers,
    series,
    sermons,
    topics,
    sermonTopics,
  };
}
