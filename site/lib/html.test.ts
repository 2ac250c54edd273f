import { describe, expect, it } from 'vitest';
import { escapeHtml, optionsHtml } from './html.ts';

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
