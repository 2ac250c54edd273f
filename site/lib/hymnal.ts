import type { ApiClient } from '@kerygma/api/client';
import { bookByOsis } from '@kerygma/domain/bible';
import type { ListResponse } from '@kerygma/domain/catalogue';
import {
  type HymnDetail,
  type HymnSummary,
  meterName,
  type Person,
  type PsalmDetail,
  type PsalmSummary,
  type ScriptureLink,
  type Stanza,
  type StanzaHeading,
  type Tune,
  type TuneRef,
} from '@kerygma/domain/hymnal';
import type { MessageKey, Translate } from '@kerygma/i18n/t';
import { bookName, type LocalText, nameKey } from './catalogue-names.ts';
import { orNotFound } from './not-found.ts';
import { searchFromSegment, searchPagePath, tooShortToSearch } from './search.ts';
import type { JsonLdObject } from './seo.ts';
import { pageFrom } from './sermon-lists.ts';

/**
 * The hymnal and psalter pages (spec §2 "Hymnal and psalter"): the two books, what their pages
 * load from the API (node/discover/hymns…), and what a hymn's or psalm's page shows, built once
 * here so that both books share their components (SongPage, SongFullscreen, SongList, BookHead).
 */

export type BookKey = 'hymnal' | 'psalter';
export type Song = HymnDetail | PsalmDetail;
export type SongSummary = HymnSummary | PsalmSummary;

export const BOOKS = {
  hymnal: { path: '/hymnal', psalter: false, notFound: 'error.hymnNotFound', title: 'hymnal.title' },
  psalter: { path: '/psalter', psalter: true, notFound: 'error.psalmNotFound', title: 'psalter.title' },
} as const;

/**
 * Where a book's pages are served: at their own paths (''), or the psalter's again under
 * /rewrite (spec §2 /rewrite/psalter…). Links on those pages stay under /rewrite; each page's
 * canonical address is its /psalter one, and robots.txt and the sitemaps leave /rewrite out
 * (@kerygma/domain/excluded-paths).
 */
export const REWRITE = '/rewrite';
export type Mount = '' | typeof REWRITE;

/** The book and its list change only with a release: browsers and shared caches may keep pages a while. */
export const BOOK_CACHE_CONTROL = 'public, max-age=300';

/** Rows per page of a search. */
export const SEARCH_PAGE_SIZE = 50;

export const isPsalm = (song: Song | SongSummary): song is PsalmDetail => 'psalmID' in song;
export const songId = (song: Song | SongSummary): string => ('psalmID' in song ? song.psalmID : String(song.hymnID));
export const songPath = (book: BookKey, id: string): string => `${BOOKS[book].path}/${encodeURIComponent(id)}`;

const LIST_TTL_MS = 5 * 60_000;
const lists = new Map<string, { at: number; value: Promise<unknown> }>();

/** A value kept for five minutes in this process (the books change only with a release). */
function kept<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = lists.get(key);
  if (hit && Date.now() - hit.at < LIST_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  lists.set(key, { at: Date.now(), value });
  value.catch(() => lists.delete(key));
  return value;
}

/** The whole book (274 hymns; 575 psalms by psalm), for its index page. */
export function loadBook(api: ApiClient, book: BookKey): Promise<SongSummary[]> {
  return kept(`book:${book}`, async () => {
    const list = await api.calls.hymnList({
      query: { psalter: BOOKS[book].psalter, pageSize: 1000, sortBy: book === 'psalter' ? 'number' : 'alphabetical' },
    });
    return list.results;
  });
}

/** A hymn or psalm, or undefined when there is none (or the id cannot be one). */
export function loadSong(api: ApiClient, book: BookKey, id: string): Promise<Song | undefined> {
  return orNotFound(api.calls.hymnDetail({ params: { id }, query: { psalter: BOOKS[book].psalter } }));
}

/** The tunes of a metre ('8.6.8.6'), none for an irregular one. */
export function loadTunes(api: ApiClient, meterKey: string | null): Promise<Tune[]> {
  if (!meterKey) return Promise.resolve([]);
  return kept(`tunes:${meterKey}`, async () => {
    const list = await api.calls.meterTunes({ params: { metric: meterKey } });
    return list.results;
  });
}

/** The psalter's settings of a psalm, in the book's order. */
export async function loadPsalm(api: ApiClient, psalm: number): Promise<PsalmSummary[]> {
  const all = (await loadBook(api, 'psalter')) as PsalmSummary[];
  return all.filter((p) => p.psalm === psalm);
}

/** One page of a search in a book, best matches first. */
export function searchBook(api: ApiClient, book: BookKey, keyword: string, page: number) {
  return api.calls.hymnList({
    query: { psalter: BOOKS[book].psalter, searchKeyword: keyword, page, pageSize: SEARCH_PAGE_SIZE },
  });
}

/** 'Isaac Watts (1674-1748)'. */
export function personText(person: Person): string {
  return person.lifeDates ? `${person.name} (${person.lifeDates})` : person.name;
}

/**
 * A reference with the book in the reader's language ('Lukas 24:29'); English keeps the source's
 * form ('Psalm 23'). A no-break space holds the book to its passage: a narrow column does not
 * leave 'John' at a line's end and '8:31-32' on the next.
 */
export function scriptureLabel(t: Translate, link: ScriptureLink): string {
  const name = bookName(t, link.osisAbbrev, '');
  const english = !name || name === bookByOsis(link.osisAbbrev)?.name;
  // The source's form is its book, a space and the passage (scriptureLinks).
  const book = english ? link.reference.slice(0, -link.passage.length).trimEnd() : name;
  return `${book}\u00a0${link.passage}`;
}

/** A metre as printed with its numbers or name beside it: 'C.M. (8.6.8.6)', '8 8 8 8 (L.M.)'. */
export function meterText(meter: string, key: string | null): string {
  const name = meterName(key);
  const printed = meter.replace(/\s+/g, ' ').trim();
  if (!key) return printed;
  const numbers = printed.replace(/[ ,]/g, '.');
  if (numbers === key) return name ? `${key} (${name})` : key;
  return `${printed} (${key})`;
}

/** A psalm's title in the reader's language where the book has none of its own (the Scottish Psalter). */
export function psalmTitle(t: Translate, p: PsalmSummary): string {
  if (p.edition === '1912') return p.title;
  return p.version === 'second' ? t('psalter.psalmSecond', { psalm: p.psalm }) : t('psalter.psalm', { psalm: p.psalm });
}

/** A hymn's title, with its tune where another hymn has the same title ('When I Survey the Wondrous Cross – Hamburg'). */
export function hymnTitle(t: Translate, h: HymnSummary): string {
  return h.titleShared && h.tune ? t('hymnal.titleWithTune', { title: h.title, tune: h.tune.name }) : h.title;
}

/** A section of the hymnal ('Christmas', "Lord's Supper") in the reader's language; one without a message stays English. */
export function sectionName(t: Translate, section: string): LocalText {
  const key = `hymnal.sections.${nameKey(section.replace(/['’]/g, ''))}`;
  const text = t(key as MessageKey);
  return text === key ? { text: section, lang: 'en' } : { text };
}

/** A row of a list of hymns or psalms. */
export type SongListItem = {
  href: string;
  title: string;
  titleLang?: 'en';
  number?: string;
  firstLine: string;
  detail?: string;
};

export function songListItem(
  t: Translate,
  href: (path: string) => string,
  s: SongSummary,
  /** `psalm: false` where the list is of one psalm already; `mount` where the list's page is served. */
  options: { psalm?: boolean; mount?: Mount } = {},
): SongListItem {
  if ('psalmID' in s) {
    const scottish = s.edition === '1650';
    return {
      href: href(`${options.mount ?? ''}${songPath('psalter', s.psalmID)}`),
      title: psalmTitle(t, s),
      ...(scottish ? {} : { titleLang: 'en' as const }),
      number: scottish ? t('psalter.edition1650') : t('psalter.number', { number: s.number ?? '' }),
      firstLine: s.firstLine,
      ...(scottish || options.psalm === false ? {} : { detail: t('psalter.psalm', { psalm: s.psalm }) }),
    };
  }
  return {
    href: href(songPath('hymnal', String(s.hymnID))),
    title: hymnTitle(t, s),
    titleLang: 'en',
    firstLine: s.firstLine,
    detail: s.authors.map((a) => a.name).join(', ') || undefined,
  };
}

/** A labelled fact of a hymn or psalm page; its items may link. */
export type Fact = { label: string; items: { text: string; href?: string; lang?: 'en' }[] };

/** Everything a hymn's or psalm's page shows, ready to render. */
export type SongView = {
  book: BookKey;
  /** The page's canonical path ('/psalter/53'); it is served at `mount` + `path`. */
  path: string;
  mount: Mount;
  title: string;
  /** The title as headings, lists and the window name show it: a hymn's with its tune where the title is shared (hymnTitle). */
  fullTitle: string;
  titleLang?: 'en';
  kicker: string;
  superscription: string | null;
  facts: Fact[];
  /** Other titles (English, as the source words them). */
  alsoKnownAs: string | null;
  incomplete: boolean;
  stanzas: Stanza[];
  headings: StanzaHeading[];
  topics: string[];
  meterKey: string | null;
  /** The tune the words are shown with: the chosen one, else the book's own. */
  tune: TuneRef | null;
  /** The book's own tune when another was chosen. */
  ownTune: TuneRef | null;
  /** Where the text comes from: a sentence in the reader's language, then the source's own credit (English). */
  source: { text: string; detail?: string };
  description: string;
};

/**
 * The page of a hymn or psalm. `chosen` is the `tuneID` of the query when it names one of the
 * tunes of the words' metre (spec §2 "Optional tuneID query on hymn pages"); other values are ignored.
 */
export function songView(
  t: Translate,
  href: (path: string) => string,
  song: Song,
  tunes: readonly Tune[],
  chosen: string | null,
  mount: Mount = '',
): SongView {
  const pick = tunes.find((x) => x.tuneID === chosen);
  const scripture = (links: readonly ScriptureLink[]): Fact => ({
    label: t('hymnal.scripture'),
    items: links.map((l) => ({ text: scriptureLabel(t, l), href: href(`/sermons/scripture/${l.book}/${l.chapter}`) })),
  });
  const people = (label: string, list: readonly Person[]): Fact[] =>
    list.length ? [{ label, items: list.map((p) => ({ text: personText(p), lang: 'en' as const })) }] : [];
  const meter: Fact = { label: t('hymnal.meter'), items: [{ text: meterText(song.meter, song.meterKey) }] };
  const first = song.firstLine;
  if (isPsalm(song)) {
    const tune = pick ? { tuneID: pick.tuneID, name: pick.name } : null;
    const title = psalmTitle(t, song);
    const kicker =
      song.edition === '1912'
        ? `${t('psalter.edition1912')} · ${t('psalter.number', { number: song.number ?? '' })}`
        : t('psalter.edition1650');
    return {
      book: 'psalter',
      path: songPath('psalter', song.psalmID),
      mount,
      title,
      fullTitle: title,
      ...(song.edition === '1912' ? { titleLang: 'en' as const } : {}),
      kicker,
      superscription: song.superscription,
      facts: [
        scripture(song.scriptureReferences),
        meter,
        ...(tune ? [{ label: t('hymnal.tune'), items: [{ text: tune.name, lang: 'en' as const }] }] : []),
      ],
      alsoKnownAs: null,
      incomplete: false,
      stanzas: song.stanzas,
      headings: song.headings,
      topics: [],
      meterKey: song.meterKey,
      tune,
      ownTune: null,
      source: { text: song.edition === '1912' ? t('psalter.source1912') : t('psalter.source1650') },
      description: `${kicker}: ${title}. ${first}`,
    };
  }
  const tune = pick ? { tuneID: pick.tuneID, name: pick.name } : song.tune;
  const ownTune = pick && song.tune && pick.tuneID !== song.tune.tuneID ? song.tune : null;
  const sameMusic = JSON.stringify(song.arrangers) === JSON.stringify(song.composers);
  return {
    book: 'hymnal',
    path: songPath('hymnal', String(song.hymnID)),
    mount,
    title: song.title,
    fullTitle: hymnTitle(t, song),
    titleLang: 'en',
    kicker: t('hymnal.hymn'),
    superscription: null,
    facts: [
      ...people(t('hymnal.words'), song.authors),
      ...people(t('hymnal.translation'), song.translators),
      ...people(t('hymnal.music'), song.composers),
      ...(sameMusic ? [] : people(t('hymnal.arrangement'), song.arrangers)),
      ...(tune ? [{ label: t('hymnal.tune'), items: [{ text: tune.name, lang: 'en' as const }] }] : []),
      meter,
      ...(song.category ? [{ label: t('hymnal.section'), items: [sectionName(t, song.category)] }] : []),
      ...(song.scriptureReferences.length ? [scripture(song.scriptureReferences)] : []),
    ],
    alsoKnownAs: song.alsoKnownAs,
    incomplete: song.lyricsNote !== null,
    stanzas: song.stanzas,
    headings: [],
    topics: song.topics,
    meterKey: song.meterKey,
    tune,
    ownTune,
    source: { text: t('hymnal.source'), detail: song.copyright },
    description: [first, song.authors.map((a) => a.name).join(', ')].filter(Boolean).join(' · '),
  };
}

/** The books' own names, as structured data names them. */
const PSALTER_NAMES = { '1912': 'The Psalter', '1650': 'The Psalms of David in Metre' } as const;

/** schema.org: a hymn or metrical psalm is a MusicComposition with its words as lyrics (public domain). */
export function songJsonLd(song: Song, view: SongView, url: string): JsonLdObject {
  const book = isPsalm(song) ? PSALTER_NAMES[song.edition] : 'The Open Hymnal';
  const person = (p: Person) => ({ '@type': 'Person', name: p.name });
  const text = view.stanzas.map((s) => s.lines.join('\n')).join('\n\n');
  const common = {
    '@context': 'https://schema.org',
    '@type': 'MusicComposition',
    name: view.title,
    url,
    inLanguage: 'en',
    lyrics: { '@type': 'CreativeWork', inLanguage: 'en', text },
    license: 'https://creativecommons.org/publicdomain/mark/1.0/',
    isPartOf: { '@type': 'Book', name: book },
  };
  if (isPsalm(song)) {
    return {
      ...common,
      isBasedOn: { '@type': 'CreativeWork', name: `Psalm ${song.psalm}` },
      isPartOf: { '@type': 'Book', name: book, datePublished: song.edition },
    };
  }
  return {
    ...common,
    ...(song.authors.length ? { lyricist: song.authors.map(person) } : {}),
    ...(song.composers.length ? { composer: song.composers.map(person) } : {}),
    ...(song.topics.length ? { keywords: song.topics.join(', ') } : {}),
    ...(song.alsoKnownAs ? { alternateName: song.alsoKnownAs } : {}),
  };
}

/** What the page of a hymn or psalm needs. */
export type SongPageData = {
  song: Song;
  view: SongView;
  tunes: Tune[];
  /** A psalm's other settings in the psalter. */
  related: SongListItem[];
  relatedTitle: string | undefined;
};

/** Loads the page of a hymn or psalm by its id in the path; undefined when there is none (404). */
export async function loadSongPage(
  locals: Pick<App.Locals, 'api' | 't' | 'href'>,
  book: BookKey,
  id: string | undefined,
  url: URL,
  mount: Mount = '',
): Promise<SongPageData | undefined> {
  const { api, t, href } = locals;
  const song = id ? await loadSong(api, book, id) : undefined;
  if (!song) return undefined;
  const [tunes, family] = await Promise.all([
    loadTunes(api, song.meterKey),
    isPsalm(song) ? loadPsalm(api, song.psalm) : Promise.resolve([]),
  ]);
  const view = songView(t, href, song, tunes, url.searchParams.get('tuneID'), mount);
  const related = family
    .filter((p) => songId(p) !== songId(song))
    .map((p) => songListItem(t, href, p, { psalm: false, mount }));
  return {
    song,
    view,
    tunes,
    related,
    relatedTitle: isPsalm(song) ? t('psalter.elsewhere', { psalm: song.psalm }) : undefined,
  };
}

/** A book's search page: where a submitted `q` goes, or the search and its results. */
export type BookSearch =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; value: string; tooShort: boolean; page: number; list: ListResponse<SongSummary> | undefined };

/**
 * /{book}/search/{keyword?}: the form submits `q`, which moves into the path (one address per
 * search, as the directories do); a keyword under 3 characters is not searched (spec §5).
 */
export async function loadBookSearch(
  api: ApiClient,
  book: BookKey,
  segment: string | undefined,
  url: URL,
  mount: Mount = '',
): Promise<BookSearch> {
  const q = url.searchParams.get('q');
  if (q?.trim()) return { kind: 'redirect', location: `${mount}${searchPagePath(book, q)}` };
  const value = searchFromSegment(segment);
  const tooShort = tooShortToSearch(value);
  const page = pageFrom(url);
  const list = value && !tooShort ? await searchBook(api, book, value, page) : undefined;
  return { kind: 'page', value, tooShort, page, list };
}
