import { BIBLE_BOOKS, bookSlug, formatReference, parseBibleText } from './bible.ts';
import { meterKey, type Person, type ScriptureLink } from './hymnal.ts';

/**
 * Pure helpers that turn the hymnal's source records into what pages show: credited people,
 * topics, scripture links, and the lines of a stanza. Nothing here reads files or the database.
 */

/** Words that start a surname in lower case ('van Beethoven', 'von Weber', 'ben Judah'). */
const PARTICLE = /^(?:van|von|de|da|di|du|der|den|ben|la|le|ter|ten|zu)$/;

/**
 * 'Last, First' as the Open Hymnal writes a person: one comma, a surname of capitalised words
 * (or particles) before it, given names after it that start with a capital and hold no digit.
 * Anything else is not a name to turn round: 'from Day's Psalter, 1563', 'from Klug's Geistliche
 * Lieder, Wittenberg, 1533', 'Marquess of Bute, John Patrick Crichton-Stuart', 'Latin, 12th century'.
 */
function lastFirst(text: string): [last: string, first: string] | null {
  const parts = text.split(', ');
  if (parts.length !== 2) return null;
  const [last, first] = parts as [string, string];
  const surname = last.split(' ').every((word) => /^[\p{Lu}(]/u.test(word) || PARTICLE.test(word));
  return surname && /^\p{Lu}/u.test(first) && !/\d/.test(first) ? [last, first] : null;
}

/**
 * A credit as the Open Hymnal writes it, 'Watts, Isaac (1674-1748)', as a person: 'Isaac Watts',
 * '1674-1748'; 'Oatman, Jr., Johnson' as 'Johnson Oatman Jr.'. Credits that are not 'Last, First'
 * (lastFirst) keep their order and case: 'Ambrose of Milan (340-397)', 'from Day's Psalter, 1563'
 * (which reads on from its label, 'Music: from …'). A lone word takes a capital as a value does
 * ('anonymous' → 'Anonymous'); 'unknown' names nobody (null).
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
  // 'Jr.' goes after the surname, wherever the source puts it ('Bickersteth, Edward Henry Jr.').
  const suffix = /,? (Jr\.)(?=,|$)/.exec(text);
  const name = lastFirst(suffix ? text.replace(suffix[0], '') : text);
  if (name) return { name: [name[1], name[0], suffix?.[1]].filter(Boolean).join(' '), lifeDates };
  return { name: text.includes(' ') ? text : text.charAt(0).toUpperCase() + text.slice(1), lifeDates };
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

/** A word's syllables as sung: the likeliest count, and the fewest and most a setting may give it. */
export type Syllables = { n: number; lo: number; hi: number };

/** Vowels a singer may sound apart ('glo-ri-ous', 'cru-el', 'Is-ra-el', 'cre-ate'); not after c, s, t, g, x ('nation', 'gracious'). */
const APART = /(?<![cstgx])i(?:a|o|e(?=t|st|nt|nce))|u(?:a|in)|eo|oe(?!s?$)|ea(?=tes?$|ted$|ting$|tion)/g;

/**
 * A silent e inside a word: before an ending that makes a syllable of its own ('surely',
 * 'grateful', 'safety'), or ending the first part of a compound ('foretold', 'somewhere').
 */
const INNER_SILENT_E =
  /(?<=[aeiouy][^aeiouy]{1,2})e(?=(?:ly|ty|ful|fully|less|lessly|ness|ment|hood|some|fore|forth|groom|ward|wards|yard|times?|things?)$)|(?<=^(?:for|wher|ther|som|hom))e(?=[^aeiouys])(?!ver)/;

/** One part of a word (hyphenated words count by part). */
function partSyllables(part: string, sounded: boolean): Syllables {
  const w = part
    .replace(INNER_SILENT_E, '')
    .replace(/ayer/, 'air')
    .replace(/eye/g, 'ai')
    .replace(/qu/g, 'qw')
    // y between vowels or first is a consonant ('beyond', 'yield'); a g or q sounds the u after it silent ('tongue').
    .replace(/(^|[aeiou])y(?=[aeiou])/g, '$1j')
    .replace(/([gq])ue(s?)$/, '$1$2');
  // No vowel: an elided article ('th'' of th' assembly).
  if (!/[aeiouy]/.test(w)) return { n: 0, lo: 0, hi: 0 };
  if (/^(alleluia|allelulia)s?$/.test(w)) return { n: 4, lo: 4, hi: 4 };
  if (w === 'jesse') return { n: 2, lo: 2, hi: 2 };
  // Vowel groups, a vowel before -ing sounding apart ('be-ing', 'go-ing', 'dy-ing'), 'tri-umph', 'Mes-si-ah',
  // 'Is-ra-el', 'Em-man-u-el'.
  let n =
    (w.match(/[aeiouy]+/g)?.length ?? 0) + (w.match(/[aeiouy](?=ing)|iu|iah|ae|(?<=[^gq])ue(?!s?$|d$)/g)?.length ?? 0);
  let hi = 0;
  if (n > 1 && /[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) n -= 1;
  else if (n > 1 && !sounded && /[^aeiouy]ed$/.test(w) && !/(?:[td]|[^aeiouyr]r|ck)ed$/.test(w)) {
    n -= 1;
    hi += 1;
  } else if (n > 1 && /[^aeiouy]es$/.test(w) && !/(s|z|x|ch|sh|g|c|[^aeiouy]l)es$/.test(w)) n -= 1;
  n = Math.max(1, n);
  hi += w.match(APART)?.length ?? 0;
  if (/(?:(?<!y)our|ire|ower|ayer)s?$/.test(part)) hi += 1;
  // Elisions: heav'n, pow'r, ev'ry, suff'ring, cov'nant, sov'reign, t'ward.
  const elided =
    (w.match(/[aeiou][vw]e[nr](?:s|ly)?$|^every.|^spirits?$|^many$|^toward|ae/g)?.length ?? 0) +
    (n > 2
      ? (w.match(/(?<=[^aeiouy])[eo][rn](?=(?:ings?|y|ies|ous|ent|ently|ence|ance|ant|al|ate|eign|ers?|est)$)/g)
          ?.length ?? 0)
      : 0);
  return { n, lo: Math.max(1, n - elided), hi: n + hi };
}

/**
 * A word's syllables (vowel groups, less a silent e, -ed or -es), tolerant of what verse does
 * with them: an elision the text does not spell ('heaven' as heav'n, 'every' as ev'ry, 'power'
 * as pow'r, 'suffering' as suff'ring) lowers `lo`; vowels sounded apart ('glorious'), a
 * silent-looking -ed that is sung ('blessed'), 'fire' or 'our' as two raise `hi`. 'blessèd'
 * marks its -ed sung.
 */
export function syllables(word: string): Syllables {
  const sounded = /è/i.test(word);
  const plain = word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  // A possessive's after a hiss is a syllable of its own ('Church's').
  const extra = /(?:s|x|z|ch|sh|ce|ge|se)['’]s\W*$/.test(plain) ? 1 : 0;
  const total = { n: extra, lo: extra, hi: extra };
  for (const part of plain.split(/[-–—]+/)) {
    const s = partSyllables(part.replace(/[^a-z]/g, ''), sounded);
    total.n += s.n;
    total.lo += s.lo;
    total.hi += s.hi;
  }
  return total;
}

/** Words that are capitalised inside a line of a hymn as well, so a capital on them hardly marks where one begins. */
const CAPITALISED =
  /^(I|I'm|I'll|I've|I'd|O|Oh|God|God's|Lord|Lord's|Christ|Christ's|Jesus|Jesus'|He|His|Him|He's|Thee|Thou|Thy|Thine|Who|Whose|Whom)$/;

/** Where a line may start: after a stop or not, on a lower-case word, a word capitalised anyway, or another capital. */
type LineStart = { stop: boolean; start: 'lower' | 'capitalised' | 'capital' };

function lineStart(prev: string, next: string): LineStart {
  const word = next.replace(/^["'“‘(]+/, '');
  const stop = /[,;:.!?\-–—]["'”’)]*$/.test(prev);
  if (!/^[A-Z]/.test(word)) return { stop, start: 'lower' };
  return { stop, start: CAPITALISED.test(word.replace(/[^A-Za-z']+$/, '')) ? 'capitalised' : 'capital' };
}

/** Words a line of verse does not end on, or hardly does. */
const NEVER_LAST =
  /^(the|a|an|my|thy|his|our|your|their|its|whose|of|to|with|for|from|at|into|upon|and|or|nor|but|if|than|O)$/i;
const RARELY_LAST = /^(in|on|by|yet|so|as|when|while|all|her|I|he|she|thou|ye|you|we|they)$/i;

/**
 * What a line end costs, by where the next line would start (without a stop before it, with one).
 * A text that starts its lines with capitals is split with lines that start so ('capitals');
 * one that does not (the Scottish Psalter: 'who walketh not astray') with line ends anywhere, a
 * line ending mid-phrase needing the syllables to show it.
 */
const BREAK_COSTS = {
  capitals: { lower: [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY], capitalised: [1.5, 0.5], capital: [0.5, 0] },
  anywhere: { lower: [2, 0.5], capitalised: [1.5, 0.25], capital: [0.5, 0] },
} as const;
/** Per syllable an elision or vowels sung apart move a line from its likeliest count. */
const BEND_COST = 0.4;
/** A line ending on a word that hardly ends one (RARELY_LAST). */
const RARELY_COST = 1.5;
/** A line one syllable off its pattern, between the surest line ends (a stop, then a capital); more is never taken. */
const MISS_COST = 2;
/** A line the text stops inside (options.shortEnd): only its start is known. */
const PARTIAL_COST = 1;
/** The split taken must be cheaper than any other by this much; else the text stays one paragraph. */
const MARGIN = 1.5;
/** And cost no more than this per line on average. */
const MAX_LINE_COST = 1.25;

export type SplitOptions = {
  /** Word indexes before which the source itself breaks the line. */
  forced?: ReadonlySet<number>;
  /**
   * The text may end before the pattern does (the refrain, or another voice, sings the rest),
   * after its second line or later; where the text does not end with a stop, inside a line.
   */
  shortEnd?: boolean;
  /** The text may start at a later line of the pattern (a refrain: the metre's last lines). */
  lateStart?: boolean;
  /** Words of Alleluia ('Alleluia!', 'Hallelujah! Hallelujah!') may stand as lines outside the pattern. */
  alleluias?: boolean;
  /** Lines end only after a stop (long lines, each two of the metre's). */
  stops?: boolean;
};

/** A way to set the words: its cost, and the word index where each line ends. */
type Split = { cost: number; ends: number[] };

/** The two cheapest splits of `words` (with their `counts`) into the lines of `pattern` ('capitals' or 'anywhere' line ends). */
function cheapestSplits(
  words: readonly string[],
  counts: readonly Syllables[],
  pattern: readonly number[],
  mode: keyof typeof BREAK_COSTS,
  options: SplitOptions,
): Split[] {
  const count = words.length;
  const n = pattern.length;
  const sums = (pick: (s: Syllables) => number) => {
    const out = [0];
    for (const c of counts) out.push((out.at(-1) ?? 0) + pick(c));
    return out;
  };
  const [likely, fewest, most] = [sums((s) => s.n), sums((s) => s.lo), sums((s) => s.hi)];
  const span = (sum: readonly number[], k: number, j: number) => (sum[j] ?? 0) - (sum[k] ?? 0);
  const breakCost = words.map((word, j) => {
    if (j === 0 || options.forced?.has(j)) return 0;
    const prev = words[j - 1] ?? '';
    // A line does not end on 'the', 'my' or 'and', nor on the first word of a sentence ('Almighty! All / Thy works').
    if (NEVER_LAST.test(prev) || (j > 1 && /[.!?;:]["'”’)]*$/.test(words[j - 2] ?? '') && /\w$/.test(prev)))
      return Number.POSITIVE_INFINITY;
    const { stop, start } = lineStart(prev, word);
    if (options.stops && !stop) return Number.POSITIVE_INFINITY;
    // On 'in', 'so' or 'thou' a line ends only where the next starts with a capital.
    if (RARELY_LAST.test(prev))
      return start === 'lower' ? Number.POSITIVE_INFINITY : BREAK_COSTS[mode][start][0] + RARELY_COST;
    return BREAK_COSTS[mode][start][stop ? 1 : 0];
  });
  // Where the run of Alleluias that ends at each word starts.
  const alleluiaFrom: number[] = [];
  words.forEach((w, j) => {
    const word = options.alleluias === true && /^(alleluia|hallelujah)[!,.;:]*$/i.test(w);
    const before = alleluiaFrom[j - 1] ?? Number.POSITIVE_INFINITY;
    alleluiaFrom[j] = word ? Math.min(before, j) : Number.POSITIVE_INFINITY;
  });
  // The first forced break after each word: no line runs past it.
  const wall: number[] = [];
  for (let j = count; j >= 0; j--) wall[j] = j < count && options.forced?.has(j + 1) ? j + 1 : (wall[j + 1] ?? count);

  const cutShort = options.shortEnd === true && !/[,;:.!?]["'”’)]*$/.test(words.at(-1) ?? '');
  const lineCost = (k: number, j: number, target: number): number => {
    const [likeliest, lo, hi] = [span(likely, k, j), span(fewest, k, j), span(most, k, j)];
    if (cutShort && j === count && lo < target) return PARTIAL_COST;
    if (lo <= target && target <= hi) return BEND_COST * Math.abs(likeliest - target);
    const sure = breakCost[k] === 0 && (j === count || breakCost[j] === 0);
    return sure && (target === lo - 1 || target === hi + 1) ? MISS_COST : Number.POSITIVE_INFINITY;
  };

  // best[i][j]: the two cheapest ways to set words [0, j) as the first i lines of the pattern
  // (Alleluia lines besides), each as its cost and the state it came from.
  type Step = { cost: number; from: [i: number, k: number, rank: number] | null };
  const best: Step[][][] = Array.from({ length: n + 1 }, () => Array.from({ length: count + 1 }, () => []));
  const offer = (i: number, j: number, step: Step) => {
    const list = best[i]?.[j];
    if (!list || !Number.isFinite(step.cost)) return;
    list.push(step);
    list.sort((a, b) => a.cost - b.cost);
    list.length = Math.min(list.length, 2);
  };
  for (let i = 0; i <= (options.lateStart ? n - 2 : 0); i++) offer(i, 0, { cost: 0, from: null });
  for (let i = 0; i <= n; i++) {
    for (let k = 0; k < count; k++) {
      const here = best[i]?.[k] ?? [];
      if (here.length === 0) continue;
      const target = pattern[i] ?? 0;
      for (let j = k + 1; j <= (wall[k] ?? count); j++) {
        const end = j < count ? (breakCost[j] ?? 0) : 0;
        const alleluias = i > 0 && (alleluiaFrom[j - 1] ?? Number.POSITIVE_INFINITY) <= k;
        const line = i < n ? lineCost(k, j, target) : Number.POSITIVE_INFINITY;
        here.forEach((step, rank) => {
          if (alleluias) offer(i, j, { cost: step.cost + end, from: [i, k, rank] });
          if (Number.isFinite(line)) offer(i + 1, j, { cost: step.cost + line + end, from: [i, k, rank] });
        });
        // Longer lines are far off the pattern.
        if (span(fewest, k, j) > target + 1 && !alleluias) break;
      }
    }
  }
  const last = best.slice(options.shortEnd ? 2 : n).flatMap((row) => row[count] ?? []);
  const splits = last
    .sort((a, b) => a.cost - b.cost)
    .map((step) => {
      const ends: number[] = [];
      for (let at: Step | undefined = step, j = count; at?.from; ) {
        ends.unshift(j);
        const [i, k, rank]: [number, number, number] = at.from;
        at = best[i]?.[k]?.[rank];
        j = k;
      }
      return { cost: step.cost, ends };
    });
  // The same lines reached from another line of the pattern are the same split.
  return splits.filter((x, i) => splits.findIndex((y) => y.ends.join() === x.ends.join()) === i).slice(0, 2);
}

/**
 * The lines of a stanza that the source gives as one string ('When I survey the wondrous cross
 * On which the Prince of Glory died, …'), from its pattern of syllables per line ([8, 8, 8, 8]).
 * Every way to break the words into the pattern's lines is weighed: a line costs by how far its
 * syllables are from the pattern's (an elision or vowels sung apart a little, one syllable off a
 * lot, more not at all), a line end by where the next line would start (after a stop, on a
 * capital). The cheapest split is taken only when it is cheap and no other comes near it: else
 * null (an irregular text, a count the rough syllables cannot settle), and the stanza is shown
 * as one paragraph. Never wrong is worth more here than always split.
 */
export function splitStanza(text: string, pattern: readonly number[], options: SplitOptions = {}): string[] | null {
  const words = text.split(/\s+/).filter(Boolean);
  const n = pattern.length;
  // Nothing but Alleluias has no syllables to tell lines by.
  if (n < 2 || words.length < n || words.every((w) => /^(alleluia|hallelujah)\W*$/i.test(w))) return null;
  // Lines are looked for at capitals only in a text with capitals enough that are not there anyway ('Lord', 'Thy').
  const capitals = words.filter((w, j) => j > 0 && lineStart(words[j - 1] ?? '', w).start === 'capital').length;
  const counts = words.map(syllables);
  for (const mode of capitals * 2 >= n - 1 ? (['capitals', 'anywhere'] as const) : (['anywhere'] as const)) {
    const [first, second] = cheapestSplits(words, counts, pattern, mode, options);
    // A text whose lines cannot all start with capitals is tried with line ends anywhere.
    if (!first || first.cost > MAX_LINE_COST * first.ends.length || (second && second.cost - first.cost < MARGIN))
      continue;
    return first.ends.map((end, i) => words.slice(first.ends[i - 1] ?? 0, end).join(' '));
  }
  return null;
}

/** A metre as the splitter reads it: syllables per line, and whether Alleluias come between the lines. */
export type LineMeter = { lines: number[]; alleluias: boolean };

/**
 * The lines of a hymn's printed metre: its key's numbers ('8 7 8 7', 'C.M.D.'), an Alleluia or
 * Gloria line counted as its syllables ('8 7 8 7 Alleluia12 7 7'), and '… with Alleluias' for
 * Alleluias sung between the lines. Null for 'Irregular' and the like.
 */
export function lineMeter(printed: string | null | undefined): LineMeter | null {
  const text = (printed ?? '').trim();
  const key = meterKey(text);
  if (key) return { lines: key.split('.').map(Number), alleluias: false };
  const alleluias = /\s+with\s+alleluias$/i.test(text);
  const tokens = text.replace(/\s+with\s+alleluias$/i, '').split(/\s+/);
  const lines = tokens.map((t) => Number(/^(?:alleluia|gloria)?(\d{1,2})$/i.exec(t)?.[1] ?? Number.NaN));
  return lines.length > 1 && lines.every(Number.isFinite) ? { lines, alleluias } : null;
}

/**
 * Where a stanza's text comes from: sung under the music, one string whose end may be missing
 * (the refrain sings the metre's last lines, or another voice carries them); printed after the
 * music, with its own line breaks; or the refrain, the metre's last lines.
 */
export type StanzaSource = 'sung' | 'printed' | 'refrain';

/**
 * The patterns a stanza is tried with, surest first: the metre; the metre twice (two verses of
 * the tune); its lines in pairs, each long line ending at a stop; then, sung, the metre's first
 * lines (the last perhaps cut short), or for the refrain its last lines (SplitOptions).
 */
function readings({ lines, alleluias }: LineMeter, source: StanzaSource): [number[], SplitOptions][] {
  const n = lines.length;
  const pairs = lines.flatMap((x, i) => (i % 2 === 0 && i + 1 < n ? [x + (lines[i + 1] ?? 0)] : []));
  return [
    [lines, { alleluias }],
    [[...lines, ...lines], { alleluias }],
    ...(n % 2 === 0 && n > 2 ? [[pairs, { alleluias, stops: true }] as [number[], SplitOptions]] : []),
    ...(source === 'sung' ? [[lines, { alleluias, shortEnd: true }] as [number[], SplitOptions]] : []),
    ...(source === 'refrain' ? [[lines, { alleluias, lateStart: true }] as [number[], SplitOptions]] : []),
  ];
}

/**
 * A stanza's lines by its metre (lineMeter); else the text as one line. A printed stanza keeps
 * the source's line breaks, split further where a line holds two of the metre's.
 */
export function stanzaLines(text: string, meter: LineMeter | null, source: StanzaSource = 'sung'): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  const printed =
    source === 'printed'
      ? text
          .split('\n')
          .map((line) => line.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
      : null;
  const whole = printed ?? [clean];
  const n = meter?.lines.length ?? 0;
  if (!meter || whole.length === n || whole.length === 2 * n) return whole;
  // The printed line breaks are line ends whatever the metre.
  const forced = new Set<number>();
  let at = 0;
  for (const line of printed?.slice(0, -1) ?? []) {
    at += wordCount(line);
    forced.add(at);
  }
  for (const [pattern, options] of readings(meter, source)) {
    const lines = splitStanza(clean, pattern, { ...options, forced });
    if (lines) return lines;
  }
  return whole;
}

const wordCount = (line: string) => line.split(/\s+/).filter(Boolean).length;

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
