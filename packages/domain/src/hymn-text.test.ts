import { describe, expect, it } from 'vitest';
import {
  alsoKnownAs,
  cleanTopic,
  firstLineOf,
  letterOf,
  parsePerson,
  people,
  scriptureLinks,
  sortKey,
  splitStanza,
  stanzaLines,
  syllables,
  titleCase,
} from './hymn-text.ts';

describe('credits', () => {
  it('reads "Last, First (dates)" as a name and life dates', () => {
    expect(parsePerson('Watts, Isaac (1674-1748)')).toEqual({ name: 'Isaac Watts', lifeDates: '1674-1748' });
    expect(parsePerson('Weissel, Georg  (1590-1635)')).toEqual({ name: 'Georg Weissel', lifeDates: '1590-1635' });
    expect(parsePerson('Wade, John Francis (circa 1710-1786)')).toEqual({
      name: 'John Francis Wade',
      lifeDates: 'circa 1710-1786',
    });
    expect(parsePerson('Sedulius, Coelius (5th Century)')).toEqual({
      name: 'Coelius Sedulius',
      lifeDates: '5th Century',
    });
    expect(parsePerson('Olearius (Oelschlaeger), Johann (1611-1684)')).toEqual({
      name: 'Johann Olearius (Oelschlaeger)',
      lifeDates: '1611-1684',
    });
  });

  it('keeps names without a comma, and leaves "unknown" out', () => {
    expect(parsePerson('Ambrose of Milan (340-397)')).toEqual({ name: 'Ambrose of Milan', lifeDates: '340-397' });
    expect(parsePerson('anonymous')).toEqual({ name: 'Anonymous', lifeDates: null });
    expect(parsePerson('unknown')).toBeNull();
    expect(people(['unknown', 'Latin', 'Latin'])).toEqual([{ name: 'Latin', lifeDates: null }]);
  });
});

describe('topics, sections and other titles', () => {
  it('drops stanza numbers, cross references and HTML entities', () => {
    expect(cleanTopic('Blood [2,4]')).toBe('Blood');
    expect(cleanTopic('Pride (see also Humility) [1]')).toBe('Pride');
    expect(cleanTopic('God, Majesty &amp; Power of')).toBe('God, Majesty & Power of');
    expect(cleanTopic('Church on Earth (Church Militant) [3]')).toBe('Church on Earth (Church Militant)');
  });

  it('title-cases sections and reads "also known as"', () => {
    expect(titleCase('CROSS AND COMFORT')).toBe('Cross and Comfort');
    expect(titleCase("LORD'S SUPPER")).toBe("Lord's Supper");
    expect(titleCase('CONFESSION/ABSOLUTION')).toBe('Confession/Absolution');
    expect(alsoKnownAs(['(also known as Abide with Us, Lord Jesus or', 'Abide with Us, Our Savior)'])).toBe(
      'Abide with Us, Lord Jesus or Abide with Us, Our Savior',
    );
    expect(alsoKnownAs([])).toBeNull();
  });
});

describe('scripture links', () => {
  it('links each reference to its book and chapter, a bare chapter:verse continuing the book', () => {
    expect(scriptureLinks('Gal 6:14, Ps 24:7, 118:19-20')).toEqual([
      { reference: 'Galatians 6:14', osisAbbrev: 'Gal', passage: '6:14', book: 'galatians', chapter: 6 },
      { reference: 'Psalm 24:7', osisAbbrev: 'Ps', passage: '24:7', book: 'psalms', chapter: 24 },
      { reference: 'Psalm 118:19-20', osisAbbrev: 'Ps', passage: '118:19-20', book: 'psalms', chapter: 118 },
    ]);
  });

  it("reads the hymnal's own abbreviations ('Ez' is Ezekiel, 'So' the Song of Solomon)", () => {
    expect(scriptureLinks('Ez 36:27, 1Pt 2:5-9, So 6:10').map((l) => l.reference)).toEqual([
      'Ezekiel 36:27',
      '1 Peter 2:5-9',
      'Song of Solomon 6:10',
    ]);
    expect(scriptureLinks('Ezra 3:11').map((l) => l.book)).toEqual(['ezra']);
  });

  it('leaves out references outside the canon, repeats and empty text', () => {
    expect(scriptureLinks('Lk 24:50-35, Mt 9:37-39, Jn 3:16, Jn 3:16').map((l) => l.reference)).toEqual(['John 3:16']);
    expect(scriptureLinks(null)).toEqual([]);
    expect(scriptureLinks('')).toEqual([]);
  });
});

describe('lines of a stanza', () => {
  it('counts syllables roughly', () => {
    expect(['cross', 'glory', 'survey', 'wondrous', 'heav’nly', 'blessed', 'contempt'].map(syllables)).toEqual([
      1, 2, 2, 2, 2, 1, 2,
    ]);
  });

  it('splits a stanza where lines start, by its metre', () => {
    const text =
      'When I survey the wondrous cross On which the Prince of Glory died, My richest gain I count but loss, And pour contempt on all my pride.';
    expect(splitStanza(text, [8, 8, 8, 8])).toEqual([
      'When I survey the wondrous cross',
      'On which the Prince of Glory died,',
      'My richest gain I count but loss,',
      'And pour contempt on all my pride.',
    ]);
    // A doubled metre (8.6.8.6.8.6.8.6) is tried when the stanza holds two verses of the tune.
    const double =
      'I sing the goodness of the Lord, That filled the earth with food: He formed the creatures with His word, And then pronounced them good. Lord, how Thy wonders are displayed, Where’er I turn my eye; If I survey the ground I tread, Or gaze upon the sky.';
    expect(stanzaLines(double, '8.6.8.6')).toHaveLength(8);
  });

  it('keeps a stanza whole when no split comes near the metre', () => {
    expect(splitStanza('Alleluia, alleluia, alleluia!', [8, 8, 8, 8])).toBeNull();
    expect(stanzaLines('Glory be to God on high, and on earth peace.', null)).toEqual([
      'Glory be to God on high, and on earth peace.',
    ]);
  });

  it('takes the first line, or the words up to the first pause', () => {
    expect(firstLineOf(['Abide with me; fast falls the eventide;', 'The darkness deepens'])).toBe(
      'Abide with me; fast falls the eventide',
    );
    expect(
      firstLineOf([
        'The angel Gabriel from heaven came, his wings as drifted snow, his eyes as flame; "All hail," said he',
      ]),
    ).toBe('The angel Gabriel from heaven came');
  });
});

describe('sorting titles', () => {
  it('sorts without accents, case or punctuation, and files titles by letter', () => {
    expect(sortKey("'Tis Finished! The Messiah Dies")).toBe('tis finished the messiah dies');
    expect(sortKey('Ô Jésus')).toBe('o jesus');
    expect(letterOf('Ô Jésus')).toBe('O');
    expect(letterOf('1st Psalm')).toBe('#');
  });
});
