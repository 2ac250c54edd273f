import type { BibleBookDto, EventTypeDetail, LiteSermon } from '@kerygma/domain/catalogue';
import { describe, expect, it } from 'vitest';
import { searchHref, searchParams } from './search.ts';
import { breadcrumbList, serializeJsonLd, truncate } from './seo.ts';
import { datePath, parseDateRoute } from './sermon-dates.ts';
import {
  cursorFrom,
  type FilterOptions,
  filterNames,
  filtersFrom,
  filtersSearch,
  findBook,
  findCategory,
  lastDays,
  MAX_PAGE,
  pageFrom,
  parseScriptureRoute,
  pastEnd,
  scripturePath,
  slugify,
  sortKey,
  withoutIgnoredFilters,
} from './sermon-lists.ts';

const book = (osisAbbrev: string, displayBookName: string): BibleBookDto => ({
  bookName: osisAbbrev,
  displayBookName,
  osisAbbrev,
  osisPA: osisAbbrev.toUpperCase(),
  testament: 'NT',
  chapters: [10],
});
const books = [book('Rom', 'Romans'), book('1Cor', '1 Corinthians'), book('Song', 'Song of Solomon')];
/** Romans with its 16 chapters' verse counts. */
const romans: BibleBookDto = {
  ...book('Rom', 'Romans'),
  chapters: [32, 29, 31, 25, 21, 23, 25, 39, 33, 21, 36, 21, 14, 23, 33, 27],
};
const event = (type: string): EventTypeDetail => ({
  type,
  description: type,
  displayEventType: type,
  numberOfSermons: 1,
});

describe('sermon list helpers', () => {
  it('slugs names', () => {
    expect(slugify('Sunday - AM')).toBe('sunday-am');
    expect(slugify('Question & Answer')).toBe('question-answer');
    expect(slugify('Español')).toBe('espanol');
  });

  it('finds books by lower-cased name, slug or OSIS code', () => {
    expect(findBook(books, 'romans')?.osisAbbrev).toBe('Rom');
    expect(findBook(books, 'ROM')?.osisAbbrev).toBe('Rom');
    expect(findBook(books, '1-corinthians')?.osisAbbrev).toBe('1Cor');
    expect(findBook(books, '1 corinthians')?.osisAbbrev).toBe('1Cor');
    expect(findBook(books, 'song-of-solomon')?.osisAbbrev).toBe('Song');
    expect(findBook(books, 'nope')).toBeUndefined();
  });

  it('matches categories by description, exactly or as a slug', () => {
    const types = [event('Sunday - AM'), event('Sermon Clip')];
    expect(findCategory(types, 'sunday-am')?.type).toBe('Sunday - AM');
    expect(findCategory(types, 'SERMON CLIP')?.type).toBe('Sermon Clip');
    expect(findCategory(types, 'clips')).toBeUndefined();
  });

  it('reads the page number defensively', () => {
    expect(pageFrom(new URL('http://x/?page=3'))).toBe(3);
    expect(pageFrom(new URL('http://x/?page=0'))).toBe(1);
    expect(pageFrom(new URL('http://x/?page=abc'))).toBe(1);
    expect(pageFrom(new URL('http://x/'))).toBe(1);
  });

  it('takes any whole page number, capped, so a huge one is past the end rather than page 1', () => {
    expect(pageFrom(new URL('http://x/?page=007'))).toBe(7);
    expect(pageFrom(new URL('http://x/?page=1000000'))).toBe(1_000_000);
    expect(pageFrom(new URL('http://x/?page=99999999'))).toBe(MAX_PAGE);
    expect(pageFrom(new URL(`http://x/?page=${'9'.repeat(400)}`))).toBe(MAX_PAGE);
    expect(pageFrom(new URL('http://x/?page=2.5'))).toBe(1);
    expect(pageFrom(new URL('http://x/?page=-3'))).toBe(1);
    expect(MAX_PAGE).toBeGreaterThan(1);
  });

  it('calls a page past the first with no rows past the end', () => {
    const list = (n: number) => ({ results: Array.from({ length: n }, () => ({})) });
    expect(pastEnd(500, list(0))).toBe(true);
    expect(pastEnd(2, list(3))).toBe(false);
    expect(pastEnd(1, list(0))).toBe(false); // an empty list is 'No Results', not a 404
    expect(pastEnd(2, undefined)).toBe(false); // no list: the page has its own 404
  });

  it('names sort messages', () => {
    expect(sortKey('newest-published')).toBe('newestPublished');
    expect(sortKey('title')).toBe('title');
  });

  it('counts back the last days across a month end', () => {
    expect(lastDays({ year: 2024, month: 3, day: 2 }, 3)).toEqual([
      { year: 2024, month: 3, day: 2 },
      { year: 2024, month: 3, day: 1 },
      { year: 2024, month: 2, day: 29 },
    ]);
  });
});

describe('sermon list filters (spec §9 filter names)', () => {
  const options: FilterOptions = {
    bibleBooks: [romans],
    languages: [],
    sermonEventTypes: [event('Sunday - AM')],
    years: [{ year: 2024 }],
  };
  const from = (query: string) => filtersFrom(new URL(`http://x/sermons?${query}`), options);

  it('passes speaker, broadcaster, series, media, duration, keyword and chapter through', () => {
    expect(
      from(
        'speakerID=169&broadcasterID=GraceChurch&series=%20Romans%20&media=video&duration=600-1200' +
          '&searchKeyword=%20%20grace%20&book=rom&chapter=8',
      ),
    ).toEqual({
      speakerID: 169,
      broadcasterID: 'gracechurch',
      series: 'Romans',
      media: 'video',
      duration: '600-1200',
      searchKeyword: 'grace',
      book: 'Rom',
      chapter: 8,
    });
    expect(from('duration=300')).toEqual({ duration: '300' });
    expect(from('media=pdf&series=12')).toEqual({ media: 'pdf', series: '12' });
  });

  it('drops values the API would refuse', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '', '99999999999999999999']) {
      expect(from(`speakerID=${bad}`), `speakerID=${bad}`).toEqual({});
    }
    for (const bad of ['', '%20', 'a%20b', 'x'.repeat(101), 'a/b']) {
      expect(from(`broadcasterID=${bad}`), `broadcasterID=${bad}`).toEqual({});
    }
    expect(from('series=%20%20')).toEqual({});
    expect(from(`series=${'s'.repeat(301)}`)).toEqual({});
    expect(from('media=doc')).toEqual({});
    for (const bad of ['5-3', '10-', '-10', 'long', '9999999', '1-9999999']) {
      expect(from(`duration=${bad}`), `duration=${bad}`).toEqual({});
    }
    expect(from('searchKeyword=%20ab%20')).toEqual({});
    expect(from('searchKeyword=%01%01ab')).toEqual({}); // the API reads control characters as spaces
    // A chapter only with a book, and only one the book has.
    expect(from('chapter=3')).toEqual({});
    expect(from('book=Rom&chapter=17')).toEqual({ book: 'Rom' });
    expect(from('book=Rom&chapter=0')).toEqual({ book: 'Rom' });
  });

  it('caps a long keyword at the API’s 200 characters', () => {
    const keyword = from(`searchKeyword=${'word '.repeat(60)}`).searchKeyword ?? '';
    expect(keyword.length).toBeLessThanOrEqual(200);
    expect(keyword).toMatch(/^word word/);
    expect(keyword).toBe(keyword.trim());
  });

  it('builds the query of a list link, leaving out what the page fixes or drops', () => {
    const values = { speakerID: 169, languageCode: 'es', book: 'Rom', chapter: 8, sortBy: 'title' as const };
    expect(filtersSearch(values)).toBe('?languageCode=es&book=Rom&chapter=8&speakerID=169&sortBy=title');
    expect(filtersSearch(values, ['speakerID', 'languageCode'])).toBe('?book=Rom&chapter=8&sortBy=title');
    expect(filtersSearch({})).toBe('');
  });

  it('sends a visitor from filters the list does not apply to the address of what it shows', () => {
    const cleaned = (query: string) => {
      const url = new URL(`http://x/sermons?${query}`);
      return withoutIgnoredFilters(url, filtersFrom(url, options));
    };
    expect(cleaned('languageCode=xx&year=2024&layout=lite')).toBe('?year=2024&layout=lite');
    expect(cleaned('year=1200&sortBy=bogus&page=3')).toBe('?page=3');
    expect(cleaned('languageCode=&eventType=&year=2024')).toBe('?year=2024'); // a form sent without JavaScript
    expect(cleaned('book=Rom&chapter=17')).toBe('?book=Rom');
    expect(cleaned('page=abc')).toBe('');
    expect(cleaned('page=0&year=2024')).toBe('?year=2024');
    // Applied as asked (values normalised, not dropped), or nothing asked: no redirect.
    expect(cleaned('year=2024&book=romans&chapter=8&broadcasterID=GraceChurch&page=2')).toBeUndefined();
    expect(cleaned('eventType=Sunday%20-%20AM&sortBy=title')).toBeUndefined();
    expect(cleaned('')).toBeUndefined();
    expect(cleaned('q=free%20grace&apibranch=x')).toBeUndefined(); // other parameters, as written
  });

  it('names the speaker, broadcaster and series from the listed sermons', () => {
    const sermon = {
      speaker: { speakerID: 169, displayName: 'John Owen' },
      broadcaster: { broadcasterID: 'gracechurch', displayName: 'Grace Church' },
      series: { seriesID: 12, title: 'Hebrews' },
    } as unknown as LiteSermon;
    expect(filterNames([sermon])).toEqual({ speakerID: 'John Owen', broadcasterID: 'Grace Church', series: 'Hebrews' });
    expect(filterNames([])).toEqual({});
  });
});

describe('scripture routes', () => {
  it('reads book, chapter and verse, each one the Bible has', () => {
    const all = [romans, ...books.slice(1)];
    expect(parseScriptureRoute(all, 'romans', [])).toEqual({ book: romans });
    expect(parseScriptureRoute(all, 'rom', ['8'])).toEqual({ book: romans, chapter: 8 });
    expect(parseScriptureRoute(all, 'romans', ['008', '07'])).toEqual({ book: romans, chapter: 8, verse: 7 });
    expect(parseScriptureRoute(all, 'romans', ['8', '39'])).toEqual({ book: romans, chapter: 8, verse: 39 });
    expect(parseScriptureRoute(all, 'romans', ['17'])).toBeUndefined(); // 16 chapters
    expect(parseScriptureRoute(all, 'romans', ['8', '40'])).toBeUndefined(); // Romans 8 has 39 verses
    expect(parseScriptureRoute(all, 'romans', ['0'])).toBeUndefined();
    expect(parseScriptureRoute(all, 'romans', ['1', '2', '3'])).toBeUndefined();
    expect(parseScriptureRoute(all, 'romans', ['x'])).toBeUndefined();
    expect(parseScriptureRoute(all, 'romans', [`1${'0'.repeat(30)}`])).toBeUndefined();
    expect(parseScriptureRoute(all, 'nope', [])).toBeUndefined();
  });
  it('builds canonical paths: book slug, numbers without leading zeros', () => {
    expect(scripturePath({ book: romans })).toBe('/sermons/scripture/romans');
    expect(scripturePath({ book: romans, chapter: 8, verse: 7 })).toBe('/sermons/scripture/romans/8/7');
  });
});

describe('date routes', () => {
  const today = { year: 2026, month: 11, day: 22 };
  it('accepts real dates from 1950 to next year', () => {
    expect(parseDateRoute(['2024'], today)).toEqual({ year: 2024 });
    expect(parseDateRoute(['2024', '02', '29'], today)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateRoute(['2023', '2', '29'], today)).toBeUndefined();
    expect(parseDateRoute(['1949'], today)).toBeUndefined();
    expect(parseDateRoute(['2028'], today)).toBeUndefined();
    expect(parseDateRoute(['2024', '13'], today)).toBeUndefined();
    expect(parseDateRoute(['24'], today)).toBeUndefined();
  });
  it('builds canonical paths without leading zeros', () => {
    expect(datePath({ year: 2024, month: 3, day: 7 })).toBe('/sermons/date/2024/3/7');
  });
});

describe('search parameters', () => {
  it('falls back to all types and relevance', () => {
    expect(searchParams(new URL('http://x/search?q=%20ab%20&type=nope&sort=nope'))).toEqual({
      q: 'ab',
      type: '',
      sort: 'relevance',
      tooShort: true,
    });
    expect(searchParams(new URL('http://x/search?q=grace&type=Speaker&sort=title')).type).toBe('speaker');
  });
  it('builds pill links that keep the query and sort', () => {
    const href = (p: string) => `/de${p}`;
    expect(searchHref(href, { q: 'a b', type: 'series', sort: 'title', page: 2 })).toBe(
      '/de/search?q=a+b&type=series&sort=title&page=2',
    );
    expect(searchHref(href, { q: 'x', sort: 'relevance' })).toBe('/de/search?q=x');
  });
});

describe('structured data', () => {
  it('escapes JSON-LD so no value can close the script element', () => {
    const json = serializeJsonLd({ name: '</script><b>&' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><b>&' });
  });
  it('numbers breadcrumbs from 1', () => {
    const list = breadcrumbList([
      { name: 'Home', url: 'https://k/' },
      { name: 'Sermons', url: 'https://k/sermons' },
    ]);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://k/' },
      { '@type': 'ListItem', position: 2, name: 'Sermons', item: 'https://k/sermons' },
    ]);
  });
  it('truncates descriptions at a word', () => {
    expect(truncate('one two three four five six', 20)).toBe('one two three four…');
    expect(truncate('short', 12)).toBe('short');
  });
});

describe('cursorFrom', () => {
  it('is the URL’s cursor when it has the form of one', () => {
    expect(cursorFrom(new URL('http://x/?page=401&cursor=WzQwMSwiMjAwMS0wMS0wMSJd'))).toBe('WzQwMSwiMjAwMS0wMS0wMSJd');
    expect(cursorFrom(new URL('http://x/?page=401'))).toBeUndefined();
    expect(cursorFrom(new URL('http://x/?cursor=a%20b'))).toBeUndefined();
    expect(cursorFrom(new URL(`http://x/?cursor=${'a'.repeat(501)}`))).toBeUndefined();
  });
});
