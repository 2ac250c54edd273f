import { describe, expect, it } from 'vitest';
import { formatReference } from './bible.ts';
import { findPassage } from './passage-query.ts';

/** The passage as English text (formatReference), the other words and the passage as typed. */
function found(query: string, languageCode?: string) {
  const passage = findPassage(query, languageCode);
  return passage && [formatReference(passage.reference), passage.words, passage.matchedText];
}

describe('findPassage', () => {
  it.each<[string, string | undefined, string]>([
    // English, as bible.ts reads it
    ['John 3:16', 'en', 'John 3:16'],
    ['Jn 3:16', 'en', 'John 3:16'],
    ['jn 3.16', 'en', 'John 3:16'],
    ['1 Cor 13:4-7', 'en', '1 Corinthians 13:4-7'],
    ['I Corinthians 13', 'en', '1 Corinthians 13'],
    ['first john 4:8', 'gb', '1 John 4:8'],
    ['Psalm 23', 'en', 'Psalm 23'],
    ['Ps 23', 'en', 'Psalm 23'],
    ['Psalms 119:176', 'en', 'Psalm 119:176'],
    ['Romans 8:28-9:5', 'en', 'Romans 8:28-9:5'],
    ['Matthew 5-7', 'en', 'Matthew 5-7'],
    ['Matthew 5–7', 'en', 'Matthew 5-7'],
    ['Genesis 1:1-2:3', 'en', 'Genesis 1:1-2:3'],
    ['Rom. 8', 'en', 'Romans 8'],
    ['Rom8', 'en', 'Romans 8'],
    ['1Cor13:4', 'en', '1 Corinthians 13:4'],
    ['John 3:16ff', 'en', 'John 3:16'],
    ['Luke 15:11-32a', 'en', 'Luke 15:11-32'],
    ['John 3 v 16', 'en', 'John 3:16'],
    ['Song of Songs 2:4', 'en', 'Song of Solomon 2:4'],
    ['Revelation of John 21', 'en', 'Revelation 21'],
    ['Jude 3', 'en', 'Jude 1:3'],
    ['Phil 4:13', undefined, 'Philippians 4:13'],
    // German
    ['Röm 8', 'de', 'Romans 8'],
    ['Römer 8,28', 'de', 'Romans 8:28'],
    ['rÖm 8', 'de', 'Romans 8'],
    ['romer 8', 'de', 'Romans 8'],
    ['1Kor 13,4-7', 'de', '1 Corinthians 13:4-7'],
    ['1 Kor. 13', 'de', '1 Corinthians 13'],
    ['1. Mose 1,1-2,3', 'de', 'Genesis 1:1-2:3'],
    ['1Mo 3', 'de', 'Genesis 3'],
    ['Apg 2,38', 'de', 'Acts 2:38'],
    ['Offb 21', 'de', 'Revelation 21'],
    ['Psalm 23', 'de', 'Psalm 23'],
    ['Joh 3,16', 'de', 'John 3:16'],
    // Spanish
    ['Juan 3:16', 'es', 'John 3:16'],
    ['Salmo 23', 'es', 'Psalm 23'],
    ['génesis 1', 'es', 'Genesis 1'],
    ['Hch 2:38', 'es', 'Acts 2:38'],
    ['Mc 5', 'es', 'Mark 5'],
    ['1 Corintios 13', 'es', '1 Corinthians 13'],
    // French
    ['Jean 3:16', 'fr', 'John 3:16'],
    ['Psaume 23', 'fr', 'Psalm 23'],
    ['Es 53', 'fr', 'Isaiah 53'],
    ['Cantique des Cantiques 2', 'fr', 'Song of Solomon 2'],
    ['Rm 8', 'fr', 'Romans 8'],
    // Italian
    ['Giovanni 3,16', 'it', 'John 3:16'],
    ['Gv 3,16', 'it', 'John 3:16'],
    ['Es 3', 'it', 'Exodus 3'],
    ['Sal 23', 'it', 'Psalm 23'],
    ['1Cor 13', 'it', '1 Corinthians 13'],
    // Portuguese
    ['João 3:16', 'pt', 'John 3:16'],
    ['Jo 3:16', 'pt', 'John 3:16'],
    ['Jó 38', 'pt', 'Job 38'],
    ['Sl 23', 'pt', 'Psalm 23'],
    ['At 2', 'pt', 'Acts 2'],
    // Polish
    ['J 3,16', 'pl', 'John 3:16'],
    ['Rdz 1', 'pl', 'Genesis 1'],
    ['Łk 15', 'pl', 'Luke 15'],
    ['Księga Powtórzonego Prawa 6,4', 'pl', 'Deuteronomy 6:4'],
    ['Objawienie Jana 3', 'pl', 'Revelation 3'],
    // Korean
    ['요한복음 3:16', 'ko', 'John 3:16'],
    ['롬 8', 'ko', 'Romans 8'],
    ['고전 13:4-7', 'ko', '1 Corinthians 13:4-7'],
    ['요한복음 3장 16절', 'ko', 'John 3:16'],
    ['시편 23편', 'ko', 'Psalm 23'],
    ['요한일서 4:8', 'ko', '1 John 4:8'],
    // Chinese, simplified and traditional
    ['约翰福音 3:16', 'zh', 'John 3:16'],
    ['約翰福音3:16', 'zh', 'John 3:16'],
    ['约 3:16', 'zh', 'John 3:16'],
    ['罗马书 8', 'zh', 'Romans 8'],
    ['林前13', 'zh', '1 Corinthians 13'],
    ['约翰一书 4:8', 'zh', '1 John 4:8'],
    ['罗马书8章28节', 'zh', 'Romans 8:28'],
    ['约翰福音３：１６', 'zh', 'John 3:16'],
    // Tamil, Telugu, Khmer
    ['யோவான் 3:16', 'ta', 'John 3:16'],
    ['1 கொரிந்தியர் 13', 'ta', '1 Corinthians 13'],
    ['యోహాను 3:16', 'te', 'John 3:16'],
    ['కీర్తన 23', 'te', 'Psalm 23'],
    ['យ៉ូហាន ៣:១៦', 'km', 'John 3:16'],
    ['១ យ៉ូហាន ៤:៨', 'km', '1 John 4:8'],
    ['យ៉ូហាន 3:16', 'km', 'John 3:16'],
    // Any language's names in any page
    ['Römer 8', 'en', 'Romans 8'],
    ['요한복음 3:16', 'en', 'John 3:16'],
    ['Juan 3:16', undefined, 'John 3:16'],
    ['J 3,16', undefined, 'John 3:16'],
  ])('%s (%s) → %s', (query, languageCode, reference) => {
    expect(found(query, languageCode)).toEqual([reference, '', query]);
  });

  it.each<[string, string | undefined, string, string, string]>([
    ['grace Romans 8', 'en', 'Romans 8', 'grace', 'Romans 8'],
    ['Romans 8 grace', 'en', 'Romans 8', 'grace', 'Romans 8'],
    ['sermons on john 3:16 love', 'en', 'John 3:16', 'sermons on love', 'john 3:16'],
    ['  hope   in  Rom 5:1-5   suffering ', 'en', 'Romans 5:1-5', 'hope in suffering', 'Rom 5:1-5'],
    ['Gnade Röm 8,28', 'de', 'Romans 8:28', 'Gnade', 'Röm 8,28'],
    ['Romans 8, grace', 'en', 'Romans 8', 'grace', 'Romans 8'],
    ['faith (Hebrews 11)', 'en', 'Hebrews 11', 'faith', 'Hebrews 11'],
    ['讲道约翰福音3:16', 'zh', 'John 3:16', '讲道', '约翰福音3:16'],
    ['사랑 요일 4:8', 'ko', '1 John 4:8', '사랑', '요일 4:8'],
    ['Acts 29 John 3:16', 'en', 'John 3:16', 'Acts 29', 'John 3:16'],
    ['John 3:16 Romans 8', 'en', 'John 3:16', 'Romans 8', 'John 3:16'],
    ['Romans 8 very good', 'en', 'Romans 8', 'very good', 'Romans 8'],
  ])('%s (%s) → %s, words %s', (query, languageCode, reference, words, matchedText) => {
    expect(found(query, languageCode)).toEqual([reference, words, matchedText]);
  });

  it.each<[string, string | undefined]>([
    // A book alone is words: people search names like these.
    ['1 John', 'en'],
    ['Romans', 'en'],
    ['Acts', 'en'],
    ['2 Timothy', 'en'],
    ['Song of songs', 'en'],
    ['John Piper', 'en'],
    ['Römer', 'de'],
    ['요한복음', 'ko'],
    // Chapters and verses the book has not.
    ['Acts 29', 'en'],
    ['Psalm 151', 'en'],
    ['John 3:99', 'en'],
    ['Jude 2:1', 'en'],
    ['3 John 2:1', 'en'],
    ['John 3:21-16', 'en'],
    // Numbers that are not a book's chapter.
    ['3:16', 'en'],
    ['room 8', 'en'],
    ['mark 2020 conference', 'en'],
    ['Romans 8th', 'en'],
    ['covid19 sermon', 'en'],
    ['Hezekiah 1:1', 'en'],
    ['', 'en'],
    // A foreign one- or two-letter abbreviation is an everyday word in an English search…
    ['service at 10', 'en'],
    ['J 3,16', 'en'],
    // …and a one-letter Chinese name inside a word is not a book ('大约' is 'about').
    ['大约3天', 'zh'],
  ])('%s (%s) is no passage', (query, languageCode) => {
    expect(findPassage(query, languageCode)).toBeNull();
  });

  it('settles names that differ between languages by the searcher’s language, then English', () => {
    expect(found('Es 3', 'fr')?.[0]).toBe('Isaiah 3');
    expect(found('Es 3', 'it')?.[0]).toBe('Exodus 3');
    expect(found('Es 3', 'en')?.[0]).toBe('Esther 3');
    expect(found('Es 3', 'de')?.[0]).toBe('Esther 3');
    expect(found('Es 3')?.[0]).toBe('Esther 3');
    expect(found('Mc 5', 'en')?.[0]).toBe('Micah 5');
    expect(found('Hb 11', 'pt')?.[0]).toBe('Hebrews 11');
    expect(found('Hb 2', 'en')?.[0]).toBe('Habakkuk 2');
    // A reading the book cannot have gives way to the next: Exodus has no chapter 41, Esther none either.
    expect(found('Es 41', 'it')).toBeNull();
    expect(found('Es 40', 'it')?.[0]).toBe('Exodus 40');
    expect(found('Es 10', 'it')?.[0]).toBe('Exodus 10');
    expect(found('Mc 7', 'es')?.[0]).toBe('Mark 7');
    expect(found('Mc 8', 'es')?.[0]).toBe('Mark 8');
    expect(found('Mc 8', 'en')).toBeNull(); // Micah has 7 chapters; English pages read Mc as Micah
  });

  it('keeps the reference as the canon checks it', () => {
    expect(findPassage('Röm 8,28-30', 'de')?.reference).toEqual({
      osisAbbrev: 'Rom',
      bookIndex: 44,
      chapter: 8,
      verseStart: 28,
      chapterEnd: 8,
      verseEnd: 30,
    });
  });
});
