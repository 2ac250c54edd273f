import { describe, expect, it } from 'vitest';
import { cutSearch, searchFromSegment, searchPagePath, searchParams } from './search.ts';

const params = (qs: string) => searchParams(new URL(`http://kerygma.test/search?${qs}`));

/** The rest parameter Astro gives a page: its path decoded with decodeURI until it stays the same. */
function astroParam(path: string): string {
  let decoded = path;
  for (let i = 0; i < 10; i++) {
    let next: string;
    try {
      next = decodeURI(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return decoded.replace(/^\/[a-z]+\/search\//, '');
}

describe('searchParams', () => {
  it('trims the query and falls back to all types and relevance', () => {
    expect(params('q=%20grace%20&type=bogus&sort=bogus')).toEqual({
      q: 'grace',
      type: '',
      sort: 'relevance',
      tooShort: false,
    });
    expect(params('q=ab').tooShort).toBe(true);
  });

  it('cuts a long query at 200 code points, as the API counts, never inside a surrogate pair', () => {
    // 199 + 1 code points: cut by UTF-16 units (200), the last character was split in two.
    for (const q of [`${'a'.repeat(199)}📖`, `${'中'.repeat(199)}𠀀`]) {
      const cut = params(`q=${encodeURIComponent(q)}`).q;
      expect(cut).toBe(q);
      // A lone surrogate made the page's links throw (URIError).
      expect(() => encodeURIComponent(cut)).not.toThrow();
    }
    expect(params(`q=${encodeURIComponent('😀'.repeat(250))}`).q).toBe('😀'.repeat(200));
    expect(params(`q=${encodeURIComponent(`${'a'.repeat(199)}📖📖`)}`).q).toBe(`${'a'.repeat(199)}📖`);
  });

  it('too short counts code points, as the API does', () => {
    expect(params(`q=${encodeURIComponent('📖📖')}`).tooShort).toBe(true);
    expect(params(`q=${encodeURIComponent('📖📖📖')}`).tooShort).toBe(false);
    expect(params('q=').tooShort).toBe(false);
  });
});

describe('cutSearch', () => {
  it('drops lone surrogates and control characters (the API cannot search a NUL), keeps every script', () => {
    expect(cutSearch(' x\uD800y\uDC00 ')).toBe('x y');
    expect(cutSearch('grace\u0000\tmercy\n')).toBe('grace  mercy');
    expect(cutSearch('हिंदी 中文 😀')).toBe('हिंदी 中文 😀');
  });
});

describe('search page paths', () => {
  const odd = [
    'Hosea: The Prophet',
    'A/B Preacher',
    'why? grace',
    'law & gospel',
    'C# and #faith',
    '100% grace',
    '%E0%A4%A',
    'gracia de Dios',
    'हिंदी',
  ];

  // (Not '%3A' typed as such: Astro decodes the path repeatedly, so that arrives as ':'.)
  it('a query survives the link and the page: every character, whatever Astro leaves encoded', () => {
    for (const q of odd) {
      const path = searchPagePath('series', q);
      expect(path.startsWith('/series/search/')).toBe(true);
      expect(searchFromSegment(astroParam(path)), q).toBe(q);
    }
  });

  it('decodes the escapes Astro leaves (reserved characters), a malformed escape as typed', () => {
    expect(searchFromSegment('Hosea%3A The')).toBe('Hosea: The');
    expect(searchFromSegment('A%2FB')).toBe('A/B');
    expect(searchFromSegment('why%3F%20grace')).toBe('why? grace');
    expect(searchFromSegment('law %26 gospel')).toBe('law & gospel');
    expect(searchFromSegment('C%23')).toBe('C#');
    expect(searchFromSegment('100% grace')).toBe('100% grace');
    expect(searchFromSegment('%E0%A4%A')).toBe('%E0%A4%A');
    expect(searchFromSegment('a%E0%A4%A%3Ab')).toBe('a%E0%A4%A:b');
    expect(searchFromSegment(undefined)).toBe('');
  });

  it('trims and cuts the query in the path like the search page does', () => {
    expect(searchPagePath('speakers', '  calvin  ')).toBe('/speakers/search/calvin');
    const long = `${'a'.repeat(199)}📖📖`;
    expect(searchPagePath('broadcasters', long)).toBe(`/broadcasters/search/${'a'.repeat(199)}%F0%9F%93%96`);
    expect(searchFromSegment(long)).toBe(`${'a'.repeat(199)}📖`);
  });
});
