import { describe, expect, it } from 'vitest';
import { spokenText } from './demo-speech.ts';

const english = {
  displayTitle: 'The Fruit of the Spirit',
  subtitle: 'Galatians',
  bibleText: 'Galatians 5:22-23',
  moreInfoText: null,
  languageCode: 'en',
};

describe('spokenText: what a demo recording says', () => {
  it('in English: the title, the series, then the KJV from the passage on, about as long as asked', () => {
    const text = spokenText(english, 120);
    expect(text).toMatch(
      /^The Fruit of the Spirit\. Galatians\. Our reading is from Galatians chapter 5, verse 22\. But the fruit of the Spirit is love, joy, peace/,
    );
    // Read on past the passage (5:24 and on) until long enough: 120 s at ~13 characters a second.
    expect(text).toContain("And they that are Christ's have crucified the flesh");
    expect(text.length).toBeGreaterThan(1300);
    expect(text.length).toBeLessThan(1900);
    // A longer recording reads on (into chapter 6, to the end of the letter).
    expect(spokenText(english, 240)).toMatch(
      /^.{2200,}Brethren, the grace of our Lord Jesus Christ be with your spirit\. Amen\.$/s,
    );
  });

  it('stops at the end of the book', () => {
    const text = spokenText({ ...english, bibleText: 'Revelation 22:20' }, 240);
    expect(text).toMatch(/Amen\.$/);
    expect(text.length).toBeLessThan(600);
  });

  it('in other languages: the sermon’s own words, repeated to length (there is no Bible in them here)', () => {
    const text = spokenText(
      {
        displayTitle: 'Liebet einander',
        subtitle: 'Das Buch Rut',
        bibleText: 'Ruth 1:21',
        moreInfoText: null,
        languageCode: 'de',
      },
      60,
    );
    expect(text.startsWith('Liebet einander. Das Buch Rut. Liebet einander.')).toBe(true);
    expect(text).not.toContain('Ruth');
    expect(text.length).toBeGreaterThan(700);
    expect(text.length).toBeLessThanOrEqual(60 * 13);
  });
});
