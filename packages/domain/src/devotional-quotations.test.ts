import { describe, expect, it } from 'vitest';
import { curlyQuotes, isQuotationBlock, missingQuotations, withQuotations } from './devotional-quotations.ts';

/** An alternate edition's body: heading, key verse, then blocks between blank lines. */
const body = (...blocks: string[]) => `January 1st—Morning Reading\n"Key."—John 1:1\n\n\n${blocks.join('\n\n\n')}`;

describe('withQuotations', () => {
  const primary = ['Jesus Christ is himself the sum, as we sing—', 'Christ is in the covenant.'];

  it('puts the stanzas of the alternate edition between the primary edition’s paragraphs', () => {
    const alt = body(
      'Jesus Christ is Himself the sum, as we sing-',
      '"My God, I am thine!\n   What a blessing to know it is mine!"',
      'Christ is in the covenant.',
      '"O love, thou fathomless abyss!"',
    );
    expect(withQuotations(primary, alt)).toEqual([
      'Jesus Christ is himself the sum, as we sing—',
      '“My God, I am thine!\nWhat a blessing to know it is mine!”',
      'Christ is in the covenant.',
      '“O love, thou fathomless abyss!”',
    ]);
  });

  it('keeps the primary edition as it is when the prose does not pair up', () => {
    // One paragraph more in the alternate edition.
    const split = body(
      'Jesus Christ is Himself',
      'the sum, as we sing-',
      '"A line,\nanother line."',
      'Christ is in it.',
    );
    expect(withQuotations(primary, split)).toEqual(primary);
    // The same count, but other paragraphs.
    const other = body('Something else entirely here.', '"A line,\nanother line."', 'And more of that elsewhere.');
    expect(withQuotations(primary, other)).toEqual(primary);
    // No quotations at all.
    expect(withQuotations(primary, body('Jesus Christ is Himself the sum', 'Christ is in the covenant.'))).toEqual(
      primary,
    );
  });

  it('pairs paragraphs that begin a little differently in the two editions', () => {
    const primaryText = ['When Moses sang at the Red Sea, it was his joy:', 'The vanguard has reached the shore.'];
    const alt = body(
      'Then Moses sang at the Red Sea, it was his joy:',
      '"Part of the host\nhave crossed."',
      'The vanguard has reached the shore.',
    );
    expect(withQuotations(primaryText, alt)).toHaveLength(3);
  });
});

describe('isQuotationBlock', () => {
  it('tells verse and short quotations from prose', () => {
    expect(isQuotationBlock('"For all the chosen race\nShall meet around the throne,"')).toBe(true);
    expect(isQuotationBlock('"O love, thou fathomless abyss!"')).toBe(true);
    expect(isQuotationBlock(`"For let our debts be what they may, ${'however great or small, '.repeat(4)}all."`)).toBe(
      true,
    );
    expect(isQuotationBlock(`Hath He\njustice? ${'It may seem a stern attribute, '.repeat(4)}`)).toBe(false);
    expect(isQuotationBlock('Prayers are instantly noticed in heaven.')).toBe(false);
  });
});

describe('curlyQuotes', () => {
  it('turns straight quotation marks into the primary edition’s', () => {
    expect(curlyQuotes('"My God, I am thine," said he; \'Tis "so"')).toBe('“My God, I am thine,” said he; ’Tis “so”');
  });
});

describe('missingQuotations', () => {
  it('finds a paragraph introducing a quotation that does not follow', () => {
    expect(missingQuotations(['A devout poet sings-', 'This day comes but once in four years.'])).toEqual([0]);
    expect(missingQuotations(['He said:', 'More prose.'])).toEqual([0]);
    expect(missingQuotations(['Prose ending in a dash—'])).toEqual([0]);
    expect(missingQuotations(['As we sing—', '“A line,\nanother.”', 'Prose.'])).toEqual([]);
    expect(missingQuotations(['Well might the poet say,', '“O love!”'])).toEqual([]);
    expect(missingQuotations(['Plain prose.', 'More.'])).toEqual([]);
  });
});
