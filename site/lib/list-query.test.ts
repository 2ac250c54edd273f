import { describe, expect, it } from 'vitest';
import { NO_SORT_OR_PAGE, oneOf, withoutIgnored } from './list-query.ts';

const SORTS = ['name', 'newest', 'sermon-count'] as const;
const url = (query: string) => new URL(`http://x/speakers/choice?${query}`);

describe('oneOf', () => {
  it('reads a parameter only when it is one of the values a list has', () => {
    expect(oneOf(url('sort=newest'), 'sort', SORTS)).toBe('newest');
    expect(oneOf(url('sort=bogus'), 'sort', SORTS)).toBeUndefined();
    expect(oneOf(url('sort='), 'sort', SORTS)).toBeUndefined();
    expect(oneOf(url('sort=NEWEST'), 'sort', SORTS)).toBeUndefined();
    expect(oneOf(url(''), 'sort', SORTS)).toBeUndefined();
  });
});

describe('withoutIgnored', () => {
  /** The query of the clean address of a list that reads `sort` (and `page`). */
  const cleaned = (query: string) => {
    const asked = url(query);
    return withoutIgnored(asked, { sort: oneOf(asked, 'sort', SORTS) });
  };

  it('takes out a sort the list does not have, an empty one and a page that is no page', () => {
    expect(cleaned('sort=bogus')).toBe('');
    expect(cleaned('sort=')).toBe(''); // a form sent without JavaScript
    expect(cleaned('sort=bogus&page=3')).toBe('?page=3');
    expect(cleaned('page=abc')).toBe('');
    expect(cleaned('page=0&sort=newest')).toBe('?sort=newest');
    expect(cleaned('page=-2')).toBe('');
    expect(cleaned('page=')).toBe('');
  });

  it('leaves an address alone when the list shows what it asks for', () => {
    expect(cleaned('')).toBeUndefined();
    expect(cleaned('sort=newest')).toBeUndefined();
    expect(cleaned('sort=name&page=2')).toBeUndefined(); // the default, named: still what is shown
    expect(cleaned('page=1')).toBeUndefined();
  });

  it('keeps the parameters the list does not read, as written', () => {
    expect(cleaned('apibranch=x&sort=bogus&utm_source=a%20b')).toBe('?apibranch=x&utm_source=a+b');
    expect(cleaned('apibranch=x&layout=')).toBeUndefined();
  });

  it('reads `page` on every list, and nothing else a list does not name', () => {
    // A parameter a page does not name stays, whatever its value.
    expect(withoutIgnored(url('sort=bogus&page=2'), {})).toBeUndefined();
    expect(withoutIgnored(url('sort=bogus&page=x'), {})).toBe('?sort=bogus');
    // A list in one order (international broadcasters, picked series) reads `page`, not `sort`.
    expect(withoutIgnored(url('sort=title&page=2'), { sort: undefined })).toBe('?page=2');
    // A parameter read and never applied (a blank search `q`) always goes.
    expect(withoutIgnored(url('q=%20&sort=newest'), { q: undefined, sort: 'newest' })).toBe('?sort=newest');
    // A page without order or pages (a landing page, a tab that is no list) takes out any `sort` and `page`.
    expect(withoutIgnored(url('sort=newest&page=2&apibranch=x'), NO_SORT_OR_PAGE)).toBe('?apibranch=x');
    expect(withoutIgnored(url('page=1'), NO_SORT_OR_PAGE)).toBe('');
    expect(withoutIgnored(url('apibranch=x'), NO_SORT_OR_PAGE)).toBeUndefined();
  });
});
