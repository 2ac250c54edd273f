import { describe, expect, it } from 'vitest';
import { escapeHtml, languageLinksHtml, optionsHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});

describe('optionsHtml', () => {
  const books = [
    { value: 'GEN', label: 'Genesis' },
    { value: 'SNG', label: 'Song of "Songs" <& more>' },
  ];

  it('marks the chosen value and escapes values and labels', () => {
    expect(optionsHtml('test:books', () => books, 'SNG')).toBe(
      '<option value="GEN">Genesis</option>' +
        '<option value="SNG" selected>Song of &quot;Songs&quot; &lt;&amp; more&gt;</option>',
    );
    expect(optionsHtml('test:books', () => books, undefined)).not.toContain('selected');
    expect(optionsHtml('test:books', () => books, 'GEN')).toMatch(/^<option value="GEN" selected>/);
  });

  it('builds a list once per key', () => {
    let built = 0;
    const choices = () => {
      built += 1;
      return [{ value: '2024', label: '2024' }];
    };
    optionsHtml('test:years', choices, undefined);
    optionsHtml('test:years', choices, '2024');
    expect(built).toBe(1);
    optionsHtml('test:years:other', choices, undefined);
    expect(built).toBe(2);
  });
});

describe('languageLinksHtml', () => {
  it('links the page in each of the 13 languages, keeping the query and marking the current one', () => {
    const html = languageLinksHtml('/sermons', '?page=2&sortBy=oldest', 'de');
    expect(html.match(/<li>/g)).toHaveLength(13);
    expect(html).toMatch(
      /^<li><a href="\/sermons\?page=2&amp;sortBy=oldest" hreflang="en" data-locale="en" lang="en">English<\/a><\/li>/,
    );
    expect(html).toContain(
      '<li><a href="/de/sermons?page=2&amp;sortBy=oldest" hreflang="de" data-locale="de" lang="de" aria-current="true">Deutsch</a></li>',
    );
    expect(html).toContain(
      '<a href="/zh/sermons?page=2&amp;sortBy=oldest" hreflang="zh-Hans" data-locale="zh" lang="zh-Hans">中文（简体）</a>',
    );
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });

  it('gives the home page the bare prefix of each language and escapes the address', () => {
    expect(languageLinksHtml('/', '', 'en')).toContain(
      '<a href="/" hreflang="en" data-locale="en" lang="en" aria-current="true">',
    );
    expect(languageLinksHtml('/', '', 'en')).toContain('<a href="/ko" hreflang="ko"');
    expect(languageLinksHtml('/speakers/"a"<b>', '', 'en')).toContain('href="/fr/speakers/&quot;a&quot;&lt;b&gt;"');
  });
});
