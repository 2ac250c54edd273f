import { BIBLE_BOOKS, bookSlug, formatReference, parseBibleText } from './bible.ts';
import type { Person, ScriptureLink } from './hymnal.ts';

/**
 * Pure helpers that turn the hymnal's source records into what pages show: credited people,
 * topics, scripture links, and the lines of a stanza. Nothing here reads files or the database.
 */

/**
 * A credit as the Open Hymnal writes it, 'Watts, Isaac (1674-1748)', as a person: 'Isaac Watts',
 * '1674-1748'. Credits without a comma ('Ambrose of Milan (340-397)', 'Latin') keep their order;
 * 'unknown' names nobody (null).
 */
export function parsePerson(raw: string): Person | null {
  let text = raw.replace(/\s+/g, ' ').trim();
  if (!text || /^unknown$/i.test(text)) return null;
  let lifeDates: string | null = null;
  const dates = /\s*\(([^()]*\d[^()]*)\)$/.exec(text);
  if (dates) {
    lifeDates = (dates[1] as string).trim();
    text = text.slice(0, dates.index).trim();
  }
  const comma = text.indexOf(', ');
  const name = comma > 0 ? `${text.slice(comma + 2)} ${text.slice(0, comma)}` : text;
  return { name: name.charAt(0).toUpperCase() + name.slice(1), lifeDates };
}

/** The people of a list of credits, 'unknown' ones and repeats left out. */
export function people(raws: readonly string[]): Person[] {
  const seen = new Set<string>();
  return raws.flatMap((raw) => {
    const person = parsePerson(raw);
    if (!person || seen.has(person.name)) return [];
    seen.add(person.name);
    return [person];
  });
}

/** A topic as shown: 'Blood [2,4]' → 'Blood', 'Pride (see also Humility) [1]' → 'Pride', '&amp;' → '&'. */
export function cleanTopic(raw: string): string {
  return raw
    .replace(/&amp;/g, '&')
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/\s*\(see also[^)]*\)/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A section name as shown: 'CROSS AND COMFORT' → 'Cross and Comfort', "LORD'S SUPPER" → "Lord's Supper". */
export function titleCase(raw: string): string {
  const small = new Set(['and', 'of', 'the', 'in', 'on', 'for', 'to', 'a']);
  return raw
    .toLowerCase()
    .split(/(\s+|\/)/)
    .map((word, i) => (i > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/** Other titles from the source's '(also known as A or B)', split over lines. */
export function alsoKnownAs(parts: readonly string[]): string | null {
  const text = parts
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^also known as\s*/i, '')
    .trim();
  return text || null;
}

/** The Open Hymnal's book abbreviations that the canon's spellings do not know ('Ez' is Ezekiel there). */
const HYMNAL_BOOKS: readonly [RegExp, string][] = [
  [/(^|[\s,;])Ez(?=\s+\d)/g, '$1Ezek'],
  [/(^|[\s,;])So(?=\s+\d)/g, '$1Song'],
];

/**
 * The Bible references of a hymn ('Gal 6:14, Rom 7:24, Ps 24:7, 118:19-20') with the scripture
 * page of each book and chapter. References outside the canon (a source typo) are left out.
 */
export function scriptureLinks(text: string | null | undefined): ScriptureLink[] {
  if (!text) return [];
  const fixed = HYMNAL_BOOKS.reduce((t, [pattern, name]) => t.replace(pattern, name), text);
  const seen = new Set<string>();
  return parseBibleText(fixed).flatMap((ref) => {
    const reference = formatReference(ref);
    if (seen.has(reference)) return [];
    seen.add(reference);
    return [
      {
        reference,
        osisAbbrev: ref.osisAbbrev,
        // The chapter and verses, the reference's last word ('1 Corinthians 10:13' → '10:13').
        passage: reference.slice(reference.lastIndexOf(' ') + 1),
        book: bookSlug(BIBLE_BOOKS[ref.bookIndex]?.name ?? ''),
        chapter: ref.chapter,
      },
    ];
  });
}

/** A rough count of a word's syllables (vowel groups, less a silent final e/-ed/-es). */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!w) return 0;
  let groups = w.match(/[aeiouy]+/g)?.length ?? 0;
  if (groups > 1 && /[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) groups -= 1;
  else if (groups > 1 && /[^aeiouy]ed$/.test(w) && !/[td]ed$/.test(w)) groups -= 1;
  else if (groups > 1 && /[^aeiouy]es$/.test(w) && !/(s|z|x|ch|sh|g|c)es$/.test(w)) groups -= 1;
  return Math.max(1, groups);
}

/** Words that are capitalised inside a line of a hymn, so they do not mark where one begins. */
const CAPITALISED =
  /^(I|I'm|I'll|I've|O|Oh|God|God's|Lord|Lord's|Christ|Christ's|Jesus|He|His|Him|Thee|Thou|Thy|Thine|Who|Whose)$/;

/** Whether a line may end before word `j`: the last word ends a clause, or the next starts a line (a capital). */
function breakScore(words: readonly string[], j: number): number {
  const prev = words[j - 1] ?? '';
  const next = (words[j] ?? '').replace(/^["'“‘(]+/, '');
  let score = 0;
  if (/[,;:.!?]["'”’)]*$/.test(prev)) score += 1.5;
  if (/^[A-Z]/.test(next) && !CAPITALISED.test(next.replace(/[^A-Za-z']+$/, ''))) score += 1.5;
  return score;
}

/** Largest mean difference, in syllables per line, between a split and the metre that is accepted. */
const MAX_MEAN_ERROR = 1;

/**
 * The lines of a stanza that the source gives as one string ('When I survey the wondrous cross
 * On which the Prince of Glory died, …'), from its metre (syllables per line, e.g. [8, 8, 8, 8]):
 * lines end only where a clause ends or the next word starts with a capital, and the split whose
 * lines come nearest the metre's syllable counts wins. Null when no split comes near enough (a
 * refrain sung to the stanza, an irregular text): the stanza is then shown as one paragraph.
 */
export function splitStanza(text: string, pattern: readonly number[]): string[] | null {
  const words = text.split(/\s+/).filter(Boolean);
  const n = pattern.length;
  if (n < 2 || words.length < n) return null;
  const prefix = [0];
  for (const word of words) prefix.push((prefix[prefix.length - 1] as number) + syllables(word));
  const count = words.length;
  const breaks = words.map((_, j) => (j > 0 ? breakScore(words, j) : 0));
  // cost[i][j]: best cost of the first i lines holding words [0, j); from[i][j]: where line i starts.
  const cost = Array.from({ length: n + 1 }, () => new Array<number>(count + 1).fill(Number.POSITIVE_INFINITY));
  const from = Array.from({ length: n + 1 }, () => new Array<number>(count + 1).fill(-1));
  (cost[0] as number[])[0] = 0;
  for (let i = 1; i <= n; i++) {
    const target = pattern[i - 1] as number;
    for (let j = i; j <= count; j++) {
      const bonus = j < count ? (breaks[j] as number) : 0;
      if (j < count && (i === n || bonus === 0)) continue;
      // Longer lines than this are far off the metre: no need to look further back.
      for (let k = j - 1; k >= i - 1 && (prefix[j] as number) - (prefix[k] as number) <= target + 8; k--) {
        const before = (cost[i - 1] as number[])[k] as number;
        if (!Number.isFinite(before)) continue;
        const diff = (prefix[j] as number) - (prefix[k] as number) - target;
        const c = before + diff * diff - bonus;
        if (c < ((cost[i] as number[])[j] as number)) {
          (cost[i] as number[])[j] = c;
          (from[i] as number[])[j] = k;
        }
      }
    }
  }
  if (!Number.isFinite((cost[n] as number[])[count] as number)) return null;
  const ends: number[] = [];
  for (let i = n, j = count; i > 0; i--) {
    ends.unshift(j);
    j = (from[i] as number[])[j] as number;
  }
  let start = 0;
  let error = 0;
  const lines = ends.map((end, i) => {
    error += Math.abs((prefix[end] as number) - (prefix[start] as number) - (pattern[i] as number));
    const line = words.slice(start, end).join(' ');
    start = end;
    return line;
  });
  return error / n <= MAX_MEAN_ERROR ? lines : null;
}

/** A stanza's lines by its metre's key ('8.8.8.8'), trying the metre doubled too; else the text as one line. */
export function stanzaLines(text: string, key: string | null): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!key) return [clean];
  const pattern = key.split('.').map(Number);
  return splitStanza(clean, pattern) ?? splitStanza(clean, [...pattern, ...pattern]) ?? [clean];
}

/** The first line of a text: its first line when split, else up to the first pause (at most 60 characters). */
export function firstLineOf(lines: readonly string[]): string {
  const first = (lines[0] ?? '').trim();
  if (lines.length > 1 || first.length <= 60) return first.replace(/[,;:.]$/, '');
  const pause = /^(.{12,60}?)[,;:.!?](\s|$)/.exec(first);
  if (pause) return (pause[1] as string).trim();
  const cut = first.slice(0, 60);
  return `${cut.slice(0, cut.lastIndexOf(' ')).trim()}…`;
}

/**
 * The key titles sort by, the same on every database: accents dropped, lower case, only
 * letters, digits and single spaces ("'Tis Finished" → 'tis finished').
 */
export function sortKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The letter a title is listed under ('#' for anything but A-Z). */
export function letterOf(title: string): string {
  const first = sortKey(title).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}
