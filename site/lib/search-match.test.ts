import { englishMessages, translator } from '@kerygma/i18n/t';
import { describe, expect, it } from 'vitest';
import { aroundParameter, markedHtml, passageLink, sermonAtPath, startSecondsFrom } from './search-match.ts';

const en = translator(englishMessages);

describe('search matches on the search page', () => {
  it('marks matched runs and escapes every text', () => {
    expect(
      markedHtml([
        { text: 'Love <is> ', match: false },
        { text: 'patient', match: true },
        { text: ' & "kind"', match: false },
      ]),
    ).toBe('Love &lt;is&gt; <mark>patient</mark> &amp; &quot;kind&quot;');
    expect(markedHtml([{ text: '<script>', match: true }])).toBe('<mark>&lt;script&gt;</mark>');
  });

  it('reads a start time as seconds or a clock, and nothing else', () => {
    expect(startSecondsFrom('754')).toBe(754);
    expect(startSecondsFrom('12:34')).toBe(754);
    expect(startSecondsFrom('1:02:03')).toBe(3723);
    expect(startSecondsFrom(' 90 ')).toBe(90);
    for (const bad of [null, undefined, '', '0', '-5', '1e3', '12:75', 'abc', '1:2', '9999999'])
      expect(startSecondsFrom(bad), String(bad)).toBeUndefined();
    expect(sermonAtPath('a b', 754.9)).toBe('/sermons/a%20b?t=754');
    expect(startSecondsFrom(new URL(`https://k.test${sermonAtPath('1', 61)}`).searchParams.get('t'))).toBe(61);
  });

  it('names the passage in the page’s language and links its scripture page', () => {
    const de = translator({ ...englishMessages, bibleBooks: { ...englishMessages.bibleBooks, Rom: 'Römer' } });
    const romans8 = {
      reference: 'Romans 8',
      osisAbbrev: 'Rom',
      chapter: 8,
      verseStart: null,
      chapterEnd: 8,
      verseEnd: null,
      words: '',
    };
    expect(passageLink(de, romans8)).toEqual({ text: 'Römer 8', path: '/sermons/scripture/romans/8' });
    const john = {
      reference: 'John 3:16',
      osisAbbrev: 'John',
      chapter: 3,
      verseStart: 16,
      chapterEnd: 3,
      verseEnd: 16,
      words: 'love',
    };
    expect(passageLink(en, john)).toEqual({ text: 'John 3:16', path: '/sermons/scripture/john/3/16' });
    const song = { ...romans8, reference: 'Song of Solomon 2', osisAbbrev: 'Song', chapter: 2 };
    expect(passageLink(en, song).path).toBe('/sermons/scripture/song-of-solomon/2');
  });

  it('splits a message around the parameter a link goes in', () => {
    expect(aroundParameter(en, 'sermons.search.didYouMean', 'query')).toEqual(['Did you mean ', '?']);
    expect(aroundParameter(en, 'sermons.search.sermonsOn', 'passage')).toEqual(['Sermons on ', '']);
  });
});
