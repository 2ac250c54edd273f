import type { BibleBookDto, EventTypeDetail } from '@kerygma/domain/catalogue';
import { describe, expect, it } from 'vitest';
import { searchHref, searchParams } from './search.ts';
import { breadcrumbList, serializeJsonLd, truncate } from './seo.ts';
import { datePath, parseDateRoute } from './sermon-dates.ts';
import { findBook, findCategory, lastDays, pageFrom, slugify, sortKey } from './sermon-lists.ts';

const book = (osisAbbrev: string, displayBookName: string): BibleBookDto => ({
  bookName: osisAbbrev,
  displayBookName,
  osisAbbrev,
  osisPA: osisAbbrev.toUpperCase(),
  testament: 'NT',
  chapters: [10],
});
const books = [book('Rom', 'Romans'), book('1Cor', '1 Corinthians'), book('Song', 'Song of Solomon')];
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
