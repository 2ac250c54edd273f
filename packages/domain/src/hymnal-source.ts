import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  alsoKnownAs,
  cleanTopic,
  firstLineOf,
  letterOf,
  lineMeter,
  people,
  scriptureLinks,
  sortKey,
  stanzaLines,
  titleCase,
} from './hymn-text.ts';
import {
  type HymnDetail,
  type HymnSummary,
  meterKey,
  type PsalmDetail,
  type PsalmSummary,
  psalmId,
  type Stanza,
  type StanzaHeading,
  type TuneRef,
} from './hymnal.ts';
import { slugify } from './slug.ts';

/**
 * The hymnal and psalter as the database holds them, read from the public-domain files under
 * data/hymnal and data/psalter (their SOURCE.md say where each comes from). Everything a page
 * shows is worked out here once (people, topics, lines of stanzas, scripture links); the
 * database adds search and counts views.
 */

/** What every hymn and psalm has for lists, search and sorting. */
export type SongEntry<Summary, Detail> = {
  /** Unique order key: the hymnID; for psalms 1-413 (1912), then 1001-1162 (1650). */
  seq: number;
  /** The id in URLs. */
  id: string;
  /** The book's order: the hymnal's number, the psalm's number. */
  number: number;
  sortKey: string;
  letter: string;
  meterKey: string | null;
  /** Title, other titles and first line (weighted highest in search). */
  searchTitle: string;
  /** Names: authors, translators, composers, tune (searched as words and as text within). */
  searchNames: string;
  /** Topics, section, metre. */
  searchTopics: string;
  /** The words of every stanza. */
  searchBody: string;
  summary: Omit<Summary, 'viewCount'>;
  detail: Omit<Detail, 'viewCount'>;
};

export type HymnEntry = SongEntry<HymnSummary, HymnDetail> & { tuneID: string | null; category: string | null };
export type PsalmEntry = SongEntry<PsalmSummary, PsalmDetail> & { edition: '1912' | '1650' };
export type TuneEntry = { tuneID: string; name: string; meter: string; meterKey: string | null; hymnIDs: number[] };

export type HymnalData = { hymns: HymnEntry[]; tunes: TuneEntry[]; psalms: PsalmEntry[] };

type OpenHymn = {
  sourceIndex: number;
  number: number;
  title: string;
  alternateTitles: string[];
  author: string[];
  translator: string[];
  composer: string[];
  arranger: string[];
  wordsCredit: string | null;
  musicCredit: string | null;
  tune: string | null;
  meter: string | null;
  category: string | null;
  topics: string[];
  scripture: string | null;
  verses: string[];
  refrain: string | null;
  additionalVerses: string[];
  lyricsNote: string | null;
  copyright: string;
  source: string[];
};
type Psalter1912 = { no: number; title: string; meter: string; psalm: number; content: string[][] };
type Scottish1650 = {
  psalm: number;
  version: 'first' | 'second' | null;
  meter: string;
  meterName: string | null;
  superscription: string | null;
  verses: { verse: number; lines: string[] }[];
  rubrics: { afterVerse: number; text: string }[];
};

const DATA = new URL('../data/', import.meta.url);
export const HYMNAL_FILES = {
  hymnal: new URL('hymnal/open-hymnal.json.gz', DATA),
  psalter1912: new URL('psalter/psalter-1912/psalter-1912.json.gz', DATA),
  scottish1650: new URL('psalter/scottish-psalter-1650/scottish-psalter-1650.json.gz', DATA),
};

const readJson = <T>(file: URL): T => JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as T;

/** Seq of the first Scottish psalm: after every 1912 number. */
const SCOTTISH_SEQ = 1000;

/** Tunes by name and metre; a name sung in two metres ('Ellacombe') gets the metre in its id. */
function tunesOf(hymns: readonly OpenHymn[]): { tunes: TuneEntry[]; byHymn: Map<number, TuneRef> } {
  const groups = new Map<string, TuneEntry>();
  const metersOf = new Map<string, Set<string>>();
  for (const h of hymns) {
    const name = h.tune?.replace(/\s+/g, ' ').trim();
    if (!name || /^untitled$/i.test(name)) continue;
    const meter = h.meter?.trim() ?? '';
    metersOf.set(name, (metersOf.get(name) ?? new Set()).add(meter));
    const key = `${name}\u0000${meter}`;
    const group = groups.get(key) ?? { tuneID: '', name, meter, meterKey: meterKey(meter), hymnIDs: [] };
    group.hymnIDs.push(h.sourceIndex);
    groups.set(key, group);
  }
  const byHymn = new Map<number, TuneRef>();
  const tunes = [...groups.values()].map((t) => {
    const shared = (metersOf.get(t.name)?.size ?? 0) > 1;
    const tune = { ...t, tuneID: slugify(shared ? `${t.name} ${t.meterKey ?? t.meter}` : t.name) };
    for (const id of tune.hymnIDs) byHymn.set(id, { tuneID: tune.tuneID, name: tune.name });
    return tune;
  });
  return { tunes: tunes.sort((a, b) => a.tuneID.localeCompare(b.tuneID)), byHymn };
}

/**
 * The rest of copyright lines the source cuts after their first line: the ABC file continues
 * them on a second `C:` line, which its conversion did not read. Hymn 189's is in the same
 * repository's abccomposer/examples/hymns/hark-hark-my-soul.abc (commit 2ec8b800).
 */
const COPYRIGHT_REST: Readonly<Record<number, string>> = {
  189: 'the author on 20 Jan 2014. This score is a part of the Open Hymnal Project, 2014 Revision.',
};

/**
 * A hymn's copyright line, whole, its label with a capital ('Copyright: public domain. …'). One
 * whose rest is found nowhere (hymn 70's, '… that were not already public domain were') ends
 * with '…', so as not to read as the whole statement.
 */
function copyrightLine(h: OpenHymn): string {
  const line = [h.copyright, COPYRIGHT_REST[h.sourceIndex]]
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^copyright:/i, 'Copyright:');
  return /[.!?]$/.test(line) ? line : `${line} …`;
}

function hymnEntry(h: OpenHymn, tune: TuneRef | null, titleShared: boolean): HymnEntry {
  const meter = h.meter?.trim() || '';
  const key = meterKey(meter);
  const pattern = lineMeter(meter);
  const verses = h.verses.map((v) => stanzaLines(v, pattern));
  const more = h.additionalVerses.map((v) => stanzaLines(v, pattern, 'printed'));
  const stanzas: Stanza[] = [...verses, ...more].map((lines, i) => ({ number: i + 1, refrain: false, lines }));
  const refrain = h.refrain?.trim();
  if (refrain) stanzas.splice(1, 0, { number: null, refrain: true, lines: stanzaLines(refrain, pattern, 'refrain') });
  const authors = people(h.author);
  const translators = people(h.translator);
  const composers = people(h.composer);
  const arrangers = people(h.arranger);
  const topics = [...new Set(h.topics.map(cleanTopic).filter(Boolean))];
  const category = h.category ? titleCase(h.category.trim()) : null;
  const title = h.title.trim();
  const summary: Omit<HymnSummary, 'viewCount'> = {
    hymnID: h.sourceIndex,
    number: h.number,
    title,
    titleShared,
    firstLine: firstLineOf(verses[0] ?? []),
    authors,
    tune,
    meter,
    meterKey: key,
    category,
  };
  const names = [...authors, ...translators, ...composers, ...arrangers].map((p) => p.name);
  const aka = alsoKnownAs(h.alternateTitles);
  return {
    seq: h.sourceIndex,
    id: String(h.sourceIndex),
    number: h.number,
    sortKey: sortKey(title),
    letter: letterOf(title),
    meterKey: key,
    tuneID: tune?.tuneID ?? null,
    category,
    searchTitle: [title, aka, summary.firstLine].filter(Boolean).join(' '),
    searchNames: [title, summary.firstLine, ...names, tune?.name].filter(Boolean).join(' '),
    searchTopics: [...topics, category, meter].filter(Boolean).join(' '),
    searchBody: stanzas.flatMap((s) => s.lines).join(' '),
    summary,
    detail: {
      ...summary,
      alsoKnownAs: aka,
      translators,
      composers,
      arrangers,
      wordsCredit: h.wordsCredit?.trim() || null,
      musicCredit: h.musicCredit?.trim() || null,
      topics,
      scripture: h.scripture?.trim() || null,
      scriptureReferences: scriptureLinks(h.scripture),
      stanzas,
      lyricsNote: h.lyricsNote,
      copyright: copyrightLine(h),
      source: h.source,
    },
  };
}

/** One entry of either psalter; `title` and the search texts come from the caller. */
function psalmEntry(
  p: Omit<PsalmSummary, 'viewCount' | 'firstLine' | 'meterKey' | 'psalmID'>,
  seq: number,
  lines: number,
  rest: { superscription: string | null; stanzas: Stanza[]; headings: StanzaHeading[] },
): PsalmEntry {
  const key = meterKey(p.meter, lines);
  const summary: Omit<PsalmSummary, 'viewCount'> = {
    psalmID: psalmId(p.edition, p.edition === '1912' ? (p.number as number) : p.psalm, p.version),
    ...p,
    firstLine: firstLineOf(rest.stanzas[0]?.lines ?? []),
    meterKey: key,
  };
  const psalm = `Psalm ${p.psalm}`;
  const edition = p.edition === '1912' ? 'The Psalter 1912' : 'Scottish Metrical Psalter 1650';
  return {
    seq,
    id: summary.psalmID,
    number: p.psalm,
    sortKey: sortKey(p.title),
    letter: letterOf(p.title),
    meterKey: key,
    edition: p.edition,
    searchTitle: [p.title, summary.firstLine].join(' '),
    searchNames: [p.title, summary.firstLine, psalm].join(' '),
    searchTopics: [psalm, edition, p.meter, rest.superscription].filter(Boolean).join(' '),
    searchBody: rest.stanzas.flatMap((s) => s.lines).join(' '),
    summary,
    detail: {
      ...summary,
      ...rest,
      scriptureReferences: scriptureLinks(psalm),
    },
  };
}

function psalter1912(p: Psalter1912): PsalmEntry {
  const stanzas = p.content.map((lines, i) => ({ number: i + 1, refrain: false, lines }));
  return psalmEntry(
    { edition: '1912', number: p.no, psalm: p.psalm, version: null, title: p.title.trim(), meter: p.meter.trim() },
    p.no,
    p.content[0]?.length ?? 0,
    { superscription: null, stanzas, headings: [] },
  );
}

/** Headings before the stanzas of the verses they follow; one after the last verse (Psalm 72:20) comes last. */
function headingsOf(rubrics: Scottish1650['rubrics'], stanzas: readonly Stanza[]): StanzaHeading[] {
  return rubrics.map((r) => {
    const next = stanzas.findIndex((s) => (s.number ?? 0) > r.afterVerse);
    return { beforeStanza: next === -1 ? stanzas.length : next, text: r.text };
  });
}

/**
 * Psalm 119's 22 parts of eight verses, each headed by its Hebrew letter. The source garbles
 * the headings after the fourth (': The th Part.', SOURCE.md), so they are written here.
 */
const HEBREW_LETTERS =
  'Aleph Beth Gimel Daleth He Vau Zain Cheth Teth Jod Caph Lamed Mem Nun Samech Ain Pe Tzaddi Koph Resh Schin Tau';
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
const PSALM_119_PARTS: StanzaHeading[] = HEBREW_LETTERS.split(' ')
  .slice(1)
  .map((letter, i) => ({ beforeStanza: (i + 1) * 8, text: `${letter}: The ${ordinal(i + 2)} Part.` }));

function scottish1650(p: Scottish1650, seq: number): PsalmEntry {
  const stanzas = p.verses.map((v) => ({ number: v.verse, refrain: false, lines: v.lines }));
  const headings = p.psalm === 119 ? PSALM_119_PARTS : headingsOf(p.rubrics, stanzas);
  const version = p.version === 'second' ? 'second' : p.version === 'first' ? 'first' : null;
  return psalmEntry(
    {
      edition: '1650',
      number: null,
      psalm: p.psalm,
      version,
      title: `Psalm ${p.psalm}${version === 'second' ? ' (Second Version)' : ''}`,
      meter: p.meter.replace(/\s*,\s*/g, '.'),
    },
    SCOTTISH_SEQ + seq,
    4,
    { superscription: p.superscription, stanzas, headings },
  );
}

/** The hymnal (274 hymns, their tunes) and psalter (413 + 162 psalms), built from the source files. */
export function buildHymnalData(): HymnalData {
  const open = readJson<OpenHymn[]>(HYMNAL_FILES.hymnal);
  const { tunes, byHymn } = tunesOf(open);
  const titles = new Map<string, number>();
  for (const h of open) titles.set(sortKey(h.title), (titles.get(sortKey(h.title)) ?? 0) + 1);
  const hymns = open
    .map((h) => hymnEntry(h, byHymn.get(h.sourceIndex) ?? null, (titles.get(sortKey(h.title)) ?? 0) > 1))
    .sort((a, b) => a.seq - b.seq);
  const psalms = [
    ...readJson<Psalter1912[]>(HYMNAL_FILES.psalter1912).map(psalter1912),
    ...readJson<Scottish1650[]>(HYMNAL_FILES.scottish1650).map((p, i) => scottish1650(p, i + 1)),
  ];
  return { hymns, tunes, psalms };
}

/**
 * Where a built hymnal is kept between processes (ignored by git with node_modules). Building
 * costs most of a second of CPU, nearly all of it splitting stanzas into lines (splitStanza);
 * reading the kept copy a tenth of that (bench/README.md "Benchmark: hymnal data").
 */
const HYMNAL_CACHE = new URL('../node_modules/.cache/kerygma/hymnal.json', import.meta.url);

/**
 * What a built hymnal depends on: the source files, this package's code (every module, not
 * only those the build imports today, so that no change to it can leave a stale copy) and
 * Node's version (regular expressions, localeCompare).
 */
export function hymnalKey(): string {
  const hash = createHash('sha256').update(process.version);
  for (const file of Object.values(HYMNAL_FILES)) hash.update(readFileSync(file));
  const src = new URL('./', import.meta.url);
  const modules = readdirSync(src).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  for (const name of modules.sort()) hash.update(name).update(readFileSync(new URL(name, src)));
  return hash.digest('hex');
}

/** The kept copy when it was built from the same files and code, else undefined. */
function readKept(cache: URL, key: string): HymnalData | undefined {
  try {
    const kept = JSON.parse(readFileSync(cache, 'utf8')) as { key: string; data: HymnalData };
    return kept.key === key ? kept.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a built hymnal; processes starting together each write a whole file of their own, then rename it. */
function keep(cache: URL, key: string, data: HymnalData): void {
  const temp = new URL(`${cache.href}.${process.pid}.tmp`);
  try {
    mkdirSync(new URL('./', cache), { recursive: true });
    writeFileSync(temp, JSON.stringify({ key, data }));
    renameSync(temp, cache);
  } catch {
    // A read-only install builds at every start, as before; the hymnal is the same.
    rmSync(temp, { force: true });
  }
}

let cached: HymnalData | undefined;

/** The hymnal and psalter, once per process: the kept copy when it is current, else built (and kept). */
export function loadHymnalData(cache = HYMNAL_CACHE): HymnalData {
  if (cached && cache === HYMNAL_CACHE) return cached;
  const key = hymnalKey();
  let data = readKept(cache, key);
  if (!data) {
    data = buildHymnalData();
    keep(cache, key, data);
  }
  if (cache === HYMNAL_CACHE) cached = data;
  return data;
}
