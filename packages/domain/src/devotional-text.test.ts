import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseBibleText } from './bible.ts';
import { DEVOTIONAL_TYPES, isDevotionalDay } from './devotional.ts';
import { allDevotionalEntries, checkbookPreface, devotionalEntry } from './devotional-text.ts';

const primary = JSON.parse(
  gunzipSync(
    readFileSync(new URL('../data/devotional/morning-and-evening/morning-and-evening.json.gz', import.meta.url)),
  ).toString('utf8'),
) as { month: number; day: number; slot: string; paragraphs: string[] }[];

describe('the devotional texts', () => {
  const all = allDevotionalEntries();

  it('have a reading of each type for each of the 366 days', () => {
    expect(all).toHaveLength(3 * 366);
    for (const type of DEVOTIONAL_TYPES) {
      const days = all.filter((e) => e.type === type);
      expect(days, type).toHaveLength(366);
      expect(days.every((e) => isDevotionalDay(e.month, e.dayOfMonth))).toBe(true);
      expect(new Set(days.map((e) => `${e.month}-${e.dayOfMonth}`)).size).toBe(366);
    }
    expect(devotionalEntry('am', 2, 30)).toBeUndefined();
  });

  it('have February 29 in both books', () => {
    expect(devotionalEntry('am', 2, 29)).toMatchObject({ work: 'Morning and Evening', reference: 'Jeremiah 31:3' });
    expect(devotionalEntry('pm', 2, 29)?.paragraphs.length).toBeGreaterThan(0);
    expect(devotionalEntry('checkbook', 2, 29)).toMatchObject({
      work: 'Faith’s Checkbook',
      title: 'What Follows Us',
      reference: 'Ps. 23:6',
    });
  });

  it('give every reading a key verse with a reference that parses, November 3 from the other edition', () => {
    expect(all.filter((e) => !e.verse || !e.reference)).toEqual([]);
    expect(all.filter((e) => parseBibleText(e.reference ?? '').length === 0).map((e) => e.reference)).toEqual([]);
    expect(devotionalEntry('am', 11, 3)).toMatchObject({ verse: '“Behold, he prayeth.”', reference: 'Acts 9:11' });
    expect(devotionalEntry('pm', 11, 3)).toMatchObject({
      verse: '“Their prayer came up to His holy dwelling place, even unto heaven.”',
      reference: '2 Chronicles 30:27',
    });
  });

  it('put back the stanzas Morning and Evening quotes, keeping its prose word for word', () => {
    const stanzas = all.flatMap((e) => e.paragraphs.filter((p) => p.includes('\n')));
    expect(stanzas.length).toBeGreaterThan(130);
    expect(devotionalEntry('am', 1, 3)?.paragraphs.at(-1)).toBe(
      [
        '“My God, I am thine-what a comfort divine!',
        'What a blessing to know that the Saviour is mine!',
        'In the heavenly Lamb thrice happy I am,',
        'And my heart it doth dance at the sound of His name.”',
      ].join('\n'),
    );
    // June 8 morning: the alternate edition interleaves the two columns of its hymn; left out.
    expect(devotionalEntry('am', 6, 8)?.paragraphs.some((p) => p.includes('Stand up! stand up for Jesus!'))).toBe(
      false,
    );
    for (const r of primary) {
      const merged = devotionalEntry(r.slot as 'am' | 'pm', r.month, r.day)?.paragraphs ?? [];
      const prose = merged.filter((p) => r.paragraphs.includes(p));
      expect(prose, `${r.month}-${r.day} ${r.slot}`).toEqual(r.paragraphs);
      // Everything added is a quotation: lines of verse, or one quoted line.
      const added = merged.filter((p) => !r.paragraphs.includes(p));
      expect(added.filter((p) => !p.includes('\n') && !p.startsWith('“'))).toEqual([]);
    }
  });

  it('mark the one quotation no edition has: Faith’s Checkbook, February 29', () => {
    const marked = all.filter((e) => e.missingQuotationAfter.length > 0);
    expect(marked.map((e) => [e.type, e.month, e.dayOfMonth, e.missingQuotationAfter])).toEqual([
      ['checkbook', 2, 29, [0]],
    ]);
    expect(devotionalEntry('checkbook', 2, 29)?.paragraphs[0]).toBe('A devout poet sings-');
  });

  it('have no markup, only text', () => {
    const texts = all.flatMap((e) => [e.title ?? '', e.verse ?? '', e.reference ?? '', ...e.paragraphs]);
    expect(texts.filter((t) => /<[a-z/!]|&[a-z#0-9]+;|\*\*|^#/i.test(t))).toEqual([]);
  });
});

describe('checkbookPreface', () => {
  it('is Spurgeon’s preface in paragraphs', () => {
    const preface = checkbookPreface();
    expect(preface.title).toBe('Preface');
    expect(preface.paragraphs[0]).toMatch(/^A promise from God may very instructively be compared to a check payable/);
    expect(preface.paragraphs.every((p) => !p.includes('\n'))).toBe(true);
    expect(preface.paragraphs.at(-1)).toBe('C.H. Spurgeon');
  });
});
