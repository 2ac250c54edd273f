import { z } from 'zod';
import { pageNumber, pageSize, queryBoolean, searchText } from './query.ts';

/**
 * The hymnal and the psalter (spec §2 "Hymnal and psalter", §3 "Hymn", §7 node/discover/hymns):
 * the shapes the API answers and the query contracts of its calls.
 *
 * IDs in URLs never change:
 * - a hymn's `hymnID` is its `sourceIndex` in the Open Hymnal file (unique; the hymnal's own
 *   numbers are not: X:1 is used six times), e.g. /hymnal/169 'Abide With Me';
 * - a psalm's `psalmID` is its number in The Psalter (1912), '1' to '413', e.g. /psalter/53;
 *   the Scottish Metrical Psalter (1650) has 'scottish-{psalm}' for each psalm (its first
 *   version where it has two) and 'scottish-{psalm}-2' for the 12 second versions.
 */

/** A person credited with words or music; "unknown" credits are left out. */
export type Person = { name: string; lifeDates: string | null };

/** A hymn tune by its id (a slug of its name). */
export type TuneRef = { tuneID: string; name: string };

/** A stanza (hymns, 1912 Psalter) or a verse (Scottish Psalter); a refrain has no number. */
export type Stanza = { number: number | null; refrain: boolean; lines: string[] };

/** A heading printed before a stanza (the Scottish Psalter's part headings in Psalm 119). */
export type StanzaHeading = { beforeStanza: number; text: string };

/**
 * A Bible reference of a hymn or psalm ('Luke 24:29': the book's OSIS code and '24:29') with the
 * scripture page it links to (/sermons/scripture/{book}/{chapter}).
 */
export type ScriptureLink = { reference: string; osisAbbrev: string; passage: string; book: string; chapter: number };

export type HymnSummary = {
  hymnID: number;
  /** The Open Hymnal's own number ('X:'); not unique. */
  number: number;
  title: string;
  /** Another hymn has the same title (four are 'When I Survey the Wondrous Cross'): only the tune tells them apart. */
  titleShared: boolean;
  firstLine: string;
  authors: Person[];
  tune: TuneRef | null;
  /** As printed, e.g. '8 8 8 8', 'Irregular'. */
  meter: string;
  /** The syllables per line, dotted ('8.8.8.8'), when the metre is regular; tunes match on it. */
  meterKey: string | null;
  category: string | null;
  viewCount: number;
};

export type HymnDetail = HymnSummary & {
  /** Other titles, as the source words them ('also known as …'). */
  alsoKnownAs: string | null;
  translators: Person[];
  composers: Person[];
  arrangers: Person[];
  wordsCredit: string | null;
  musicCredit: string | null;
  topics: string[];
  /** The source's references as written ('Gal 6:14, Rom 7:24'). */
  scripture: string | null;
  scriptureReferences: ScriptureLink[];
  stanzas: Stanza[];
  /** Set when part of the words is carried by another voice in the score (the text is incomplete). */
  lyricsNote: string | null;
  copyright: string;
  source: string[];
};

export type PsalterEdition = '1912' | '1650';

export type PsalmSummary = {
  psalmID: string;
  edition: PsalterEdition;
  /** The 1912 Psalter's number (1-413); null in the Scottish Psalter. */
  number: number | null;
  /** The psalm paraphrased (1-150). */
  psalm: number;
  /** 'first' or 'second' where the Scottish Psalter has two versions of a psalm. */
  version: 'first' | 'second' | null;
  title: string;
  firstLine: string;
  meter: string;
  meterKey: string | null;
  viewCount: number;
};

export type PsalmDetail = PsalmSummary & {
  superscription: string | null;
  stanzas: Stanza[];
  headings: StanzaHeading[];
  scriptureReferences: ScriptureLink[];
};

export type Tune = {
  tuneID: string;
  name: string;
  meter: string;
  meterKey: string | null;
  /** Hymns set to this tune. */
  hymnIDs: number[];
  /** Psalter selections in this tune's metre. */
  psalmCount: number;
  /** No recordings of the tunes exist yet. */
  hasAudio: boolean;
};

/** A psalm's id from its edition, number and version (see the top of this file). */
export function psalmId(edition: PsalterEdition, number: number, version: 'first' | 'second' | null = null): string {
  if (edition === '1912') return String(number);
  return version === 'second' ? `scottish-${number}-2` : `scottish-${number}`;
}

/**
 * Sorts of the hymn lists (spec §3 "lists popular, alphabetical, psalter"); 'number' is the
 * book's order, 'relevance' (best matches first) applies to searches, and is their default.
 */
export const HYMN_SORTS = ['alphabetical', 'popular', 'number', 'relevance'] as const;
export type HymnSort = (typeof HYMN_SORTS)[number];

/** The sort of a list: the one asked for if known; else relevance for a search, alphabetical otherwise. */
export function hymnSort(asked: string | undefined, searching: boolean): HymnSort {
  const known = (HYMN_SORTS as readonly string[]).includes(asked ?? '') ? (asked as HymnSort) : undefined;
  if (known === 'relevance' && !searching) return 'alphabetical';
  return known ?? (searching ? 'relevance' : 'alphabetical');
}

/** At most this many hymns in one page: the whole hymnal (274) or psalter (575) fits. */
export const MAX_HYMN_PAGE_SIZE = 1000;

/** `node/discover/hymns`: the hymnal, or with `psalter` the psalter. */
export const hymnListQuery = z.object({
  page: pageNumber,
  pageSize: pageSize(50, MAX_HYMN_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
  /** Unknown sorts are the default (hymnSort), not an error. */
  sortBy: z.string().max(40).optional(),
  psalter: queryBoolean.optional(),
  searchKeyword: searchText.optional(),
  query: searchText.optional(),
  /** Psalter only: selections of this psalm. */
  psalm: z.coerce.number().int().min(1).max(150).optional(),
  /** Hymns only: set to this tune. */
  tuneID: z.string().min(1).max(200).optional(),
  /** A metre ('8.6.8.6', '8 6 8 6', 'C.M.'). */
  meter: z.string().min(1).max(100).optional(),
  /** Hymns only: the hymnal's section ('Advent'), any case. */
  category: z.string().min(1).max(100).optional(),
});
export type HymnListQuery = z.infer<typeof hymnListQuery>;

/** `node/discover/hymns/{id}`: a hymn, or with `psalter` a psalm. */
export const hymnQuery = z.object({ psalter: queryBoolean.optional() });

/** `node/discover/hymns/metric/{metric}/tunes`: with `psalter` only tunes that fit some psalm. */
export const tuneListQuery = z.object({ psalter: queryBoolean.optional(), audioOnly: queryBoolean.optional() });

/** Named metres by their syllables per line. */
const NAMED_METERS: Readonly<Record<string, readonly number[]>> = {
  CM: [8, 6, 8, 6],
  LM: [8, 8, 8, 8],
  SM: [6, 6, 8, 6],
  CPM: [8, 8, 6, 8, 8, 6],
  LPM: [8, 8, 8, 8, 8, 8],
  HM: [6, 6, 6, 6, 8, 8],
};

/** Names of the common metres by key, shown beside the numbers. */
const METER_NAMES: Readonly<Record<string, string>> = {
  '8.6.8.6': 'C.M.',
  '8.6.8.6.8.6.8.6': 'C.M.D.',
  '8.8.8.8': 'L.M.',
  '8.8.8.8.8.8.8.8': 'L.M.D.',
  '6.6.8.6': 'S.M.',
  '6.6.8.6.6.6.8.6': 'S.M.D.',
  '8.8.6.8.8.6': 'C.P.M.',
  '6.6.6.6.8.8': 'H.M.',
};

/** The usual name of a metre ('C.M.' for 8.6.8.6), if it has one. */
export function meterName(key: string | null): string | null {
  return key ? (METER_NAMES[key] ?? null) : null;
}

const repeatTo = (unit: readonly number[], lines: number) =>
  lines % unit.length === 0 ? Array.from({ length: lines }, (_, i) => unit[i % unit.length] as number) : null;

/**
 * The syllables per line of a metre, dotted ('8.6.8.6'), or null when it is irregular or
 * cannot be told. Reads the numbers of the Open Hymnal ('8 6 8 6') and the Scottish Psalter
 * ('8,6,8,6'), the names C.M., L.M., S.M., C.P.M., L.P.M., H.M. (with D. doubled), and the 1912
 * Psalter's '7s', '8s and 7s', which need the stanza's number of `lines` ('7s' in four lines
 * is 7.7.7.7; C.M. in eight lines is C.M.D.). Anything else is null: no tune is offered for it.
 */
export function meterKey(printed: string, lines?: number): string | null {
  const text = printed.trim();
  if (/^\d{1,2}(?:\s*[.,\s]\s*\d{1,2})*$/.test(text)) return text.split(/[\s.,]+/).join('.');
  const name = text.toUpperCase().replace(/[.\s]/g, '');
  const doubled = /^(CM|LM|SM)D$/.exec(name);
  const base = NAMED_METERS[doubled ? (doubled[1] as string) : name];
  if (base) {
    const unit = doubled ? [...base, ...base] : base;
    // Long metre is all eights, whatever its number of lines ('L.M.' in six lines).
    const pattern = lines === undefined ? unit : repeatTo(name.startsWith('LM') ? [8] : unit, lines);
    return pattern ? pattern.join('.') : null;
  }
  if (lines === undefined) return null;
  // '7s' (every line 7), '8s and 7s' (8 and 7 in turn).
  const same = /^(\d{1,2})s$/.exec(text);
  if (same) return repeatTo([Number(same[1])], lines)?.join('.') ?? null;
  // In stanzas of 4 or 8 lines; in others the turns are not regular ('10s and 4s' in six lines is 10.4.10.4.10.10).
  const alternate = /^(\d{1,2})s and (\d{1,2})s$/.exec(text);
  if (alternate && lines % 4 === 0)
    return repeatTo([Number(alternate[1]), Number(alternate[2])], lines)?.join('.') ?? null;
  return null;
}
