import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  alsoKnownAs,
  cleanTopic,
  firstLineOf,
  letterOf,
  lineMeter,
  parsePerson,
  people,
  scriptureLinks,
  sortKey,
  splitStanza,
  stanzaLines,
  syllables,
  titleCase,
} from './hymn-text.ts';
import { meterKey } from './hymnal.ts';
import { HYMNAL_FILES } from './hymnal-source.ts';

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

  it('puts a name right with its particle or its Jr., wherever the source writes it', () => {
    expect(parsePerson('van Beethoven, Ludwig (1770-1827)')?.name).toBe('Ludwig van Beethoven');
    expect(parsePerson('Giardini, Felice de (1716-1796)')?.name).toBe('Felice de Giardini');
    expect(parsePerson('Wood, Mrs. James W.')?.name).toBe('Mrs. James W. Wood');
    expect(parsePerson('Oatman, Jr., Johnson (1856-1922)')).toEqual({
      name: 'Johnson Oatman Jr.',
      lifeDates: '1856-1922',
    });
    expect(parsePerson('Bickersteth, Edward Henry Jr. (1825-1906)')?.name).toBe('Edward Henry Bickersteth Jr.');
  });

  it('leaves credits that are not "Last, First" as written: sources, titles, languages with a date', () => {
    // Hymn 25's music: a tune book, not a person named 'Köln, 1599 from Altes …'.
    const credits = [
      'from Altes Catholische Geistliche Kirchengeseng, Köln, 1599',
      "from Day's Psalter, 1563",
      'from the Scottish Psalter, 1650',
      'from Liturgy of St. James',
      'Marquess of Bute, John Patrick Crichton-Stuart',
      'Traditional, arr. John Stainer',
      'Anonymous, 1st century',
      'Latin, 12th century',
      'German, 1784',
      'Ancient Irish, tr. Kuno Meyer',
      'Welsh melody',
    ];
    for (const credit of credits) expect(parsePerson(credit)?.name).toBe(credit);
    expect(parsePerson('Mason, Lowell')?.name).toBe('Lowell Mason');
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

describe('syllables', () => {
  const count = (word: string) => syllables(word).n;

  it('counts vowel groups less silent endings, inside words and compounds too', () => {
    expect(
      ['cross', 'glory', 'survey', 'wondrous', 'heav’nly', 'contempt', 'tongue', 'being', 'triumph'].map(count),
    ).toEqual([1, 2, 2, 2, 2, 2, 1, 2, 2]);
    expect(['surely', 'grateful', 'wherefore', 'safety', 'sometimes', 'forest', 'beyond', 'prayer'].map(count)).toEqual(
      [2, 2, 2, 2, 2, 2, 2, 1],
    );
    // An elided article has none; a possessive after a hiss has one of its own.
    expect([count("th'"), count("Church's"), count("Lord's")]).toEqual([0, 2, 1]);
    expect(count('Alleluia!')).toBe(4);
  });

  it('allows what verse does with a word: elisions lower it, vowels sung apart and a sung -ed raise it', () => {
    expect(syllables('heaven')).toEqual({ n: 2, lo: 1, hi: 2 });
    expect(syllables('every')).toEqual({ n: 3, lo: 2, hi: 3 });
    expect(syllables('suffering')).toEqual({ n: 3, lo: 2, hi: 3 });
    expect(syllables('power')).toEqual({ n: 2, lo: 1, hi: 3 });
    expect(syllables('glorious')).toEqual({ n: 2, lo: 2, hi: 3 });
    expect(syllables('blessed')).toEqual({ n: 1, lo: 1, hi: 2 });
    // 'blessèd' marks its -ed sung; 'forever' and 'glory' have nothing to elide.
    expect(syllables('blessèd')).toEqual({ n: 2, lo: 2, hi: 2 });
    expect(syllables('forever').lo).toBe(2);
    expect(syllables('glory').lo).toBe(2);
  });
});

describe('lines of a stanza', () => {
  const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
  const metre = (key: string, alleluias = false) => ({ lines: key.split('.').map(Number), alleluias });

  it('splits a stanza where its lines start, by its metre', () => {
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
    expect(stanzaLines(double, metre('8.6.8.6'))).toHaveLength(8);
  });

  it('finds lines that start in lower case by their syllables, elisions allowed', () => {
    expect(
      splitStanza(
        'O little town of Bethlehem, how still we see thee lie! Above thy deep and dreamless sleep the silent stars go by.',
        [8, 6, 8, 6],
      ),
    ).toEqual([
      'O little town of Bethlehem,',
      'how still we see thee lie!',
      'Above thy deep and dreamless sleep',
      'the silent stars go by.',
    ]);
    // 'hour' as one syllable, 'forever' as three.
    expect(
      splitStanza("Be still, my soul: the hour is hast'ning on When we shall be forever with the Lord.", [10, 10]),
    ).toEqual(["Be still, my soul: the hour is hast'ning on", 'When we shall be forever with the Lord.']);
  });

  it('keeps a stanza whole where a split would be a guess', () => {
    expect(splitStanza('Alleluia, alleluia, alleluia!', [8, 8, 8, 8])).toBeNull();
    expect(stanzaLines('Glory be to God on high, and on earth peace.', null)).toEqual([
      'Glory be to God on high, and on earth peace.',
    ]);
    // The metre fits only with a line ending on the first word of a sentence ('Almighty! All / Thy works').
    expect(
      splitStanza(
        'Holy, holy, holy! Lord God Almighty! All Thy works shall praise Thy Name, in earth, and sky, and sea;',
        [6, 6, 6, 6],
      ),
    ).toBeNull();
    // A line never ends on 'the' or 'and', whatever the syllables say.
    expect(splitStanza('Come sing the praise of God our King', [3, 5])).toBeNull();
    // 'Power' is sung in one syllable, two or three: two words a line fits best, but one and three fit too.
    expect(splitStanza('Power Power Power Power', [3, 3])).toBeNull();
    expect(splitStanza('Power Power Power Power', [4, 4])).toEqual(['Power Power', 'Power Power']);
  });

  it('reads Alleluia lines, a stanza the refrain ends and a refrain that ends the metre', () => {
    expect(
      stanzaLines(
        'Christ, the Lord, is risen today, Alleluia! Sons of men and angels say, Alleluia! Raise your joys and triumphs high, Alleluia! Sing, ye heavens, and earth, reply, Alleluia!',
        metre('7.7.7.7', true),
      ),
    ).toEqual([
      'Christ, the Lord, is risen today,',
      'Alleluia!',
      'Sons of men and angels say,',
      'Alleluia!',
      'Raise your joys and triumphs high,',
      'Alleluia!',
      'Sing, ye heavens, and earth, reply,',
      'Alleluia!',
    ]);
    // Four lines of six; the refrain sings the other two.
    expect(
      stanzaLines(
        'Angels from the realms of glory, Wing your flight o’er all the earth; Ye who sang creation’s story Now proclaim Messiah’s birth.',
        metre('8.7.8.7.8.7'),
      ),
    ).toHaveLength(4);
    expect(
      stanzaLines(
        'Come and worship, come and worship, Worship Christ, the newborn King.',
        metre('8.7.8.7.8.7'),
        'refrain',
      ),
    ).toEqual(['Come and worship, come and worship,', 'Worship Christ, the newborn King.']);
    // A stanza the source cuts short inside a line (the rest is sung elsewhere).
    expect(
      stanzaLines(
        'Of the Father’s love begotten Ere the worlds began to be, He is Alpha and Omega, He the source, the ending He, Of the things that are, that have been, And that',
        metre('8.7.8.7.8.7.7'),
      ),
    ).toEqual([
      'Of the Father’s love begotten',
      'Ere the worlds began to be,',
      'He is Alpha and Omega,',
      'He the source, the ending He,',
      'Of the things that are, that have been,',
      'And that',
    ]);
  });

  it('keeps the line breaks of a printed stanza, splitting further where a line holds two', () => {
    expect(
      stanzaLines(
        'In a rude manger, stretched on hay, In poverty content He lay;\nWith milk was fed the Lord of all, Who feeds the ravens when they call.',
        metre('8.8.8.8'),
        'printed',
      ),
    ).toEqual([
      'In a rude manger, stretched on hay,',
      'In poverty content He lay;',
      'With milk was fed the Lord of all,',
      'Who feeds the ravens when they call.',
    ]);
    expect(stanzaLines('Shall we gather at the river\nWhere bright angel feet have trod', null, 'printed')).toEqual([
      'Shall we gather at the river',
      'Where bright angel feet have trod',
    ]);
  });

  it('reads the metre a hymn prints, Alleluia lines and all', () => {
    expect(lineMeter('8 7 8 7 Alleluia12 7 7')).toEqual({ lines: [8, 7, 8, 7, 12, 7, 7], alleluias: false });
    expect(lineMeter('7 7 7 7 with Alleluias')).toEqual({ lines: [7, 7, 7, 7], alleluias: true });
    expect(lineMeter('C.M.D.')).toEqual({ lines: [8, 6, 8, 6, 8, 6, 8, 6], alleluias: false });
    expect(lineMeter('Irregular')).toBeNull();
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

  it('splits the 1912 Psalter, joined into one string a stanza, back into its printed lines', () => {
    const psalter = readFileSync(HYMNAL_FILES.psalter1912);
    const book = JSON.parse(gunzipSync(psalter).toString('utf8')) as { meter: string; content: string[][] }[];
    const tally = { same: 0, fewer: 0, wrong: 0, whole: 0 };
    const ends = (lines: string[]) => lines.map((_, i) => wordsOf(lines.slice(0, i + 1).join(' ')).length);
    for (const { meter, content } of book)
      for (const printed of content) {
        const stanza = printed.map((line) => line.replace(/\s+/g, ' ').trim());
        const key = meterKey(meter, stanza.length);
        if (!key) continue;
        const got = stanzaLines(stanza.join(' '), metre(key));
        const want = ends(stanza);
        if (got.length === 1) tally.whole += 1;
        else if (got.join('\n') === stanza.join('\n')) tally.same += 1;
        else if (ends(got).every((end) => want.includes(end))) tally.fewer += 1;
        else tally.wrong += 1;
      }
    // 1874 stanzas. The one wrong is printed '10s and 11s' but sung 10.10.11.11.
    expect(tally).toEqual({ same: 1820, fewer: 27, wrong: 1, whole: 26 });
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
