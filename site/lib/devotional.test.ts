import { describe, expect, it } from 'vitest';
import { dayLabel, dayRequest, devotionalEntryOf, devotionalPath, monthNames, scriptureChapter } from './devotional.ts';

const request = (query: string) => dayRequest(new URLSearchParams(query));

describe('dayRequest', () => {
  it('is today without a day', () => {
    expect(request('')).toEqual({ kind: 'today' });
    expect(request('layout=lite')).toEqual({ kind: 'today' });
  });

  it('takes a month and a day, February 29 included', () => {
    expect(request('month=2&day=29')).toEqual({ kind: 'day', day: { month: 2, day: 29 }, canonical: true });
    expect(request('month=12&day=31')).toEqual({ kind: 'day', day: { month: 12, day: 31 }, canonical: true });
    expect(request('month=02&day=09')).toEqual({ kind: 'day', day: { month: 2, day: 9 }, canonical: false });
  });

  it('refuses what names no day', () => {
    for (const q of [
      'month=2&day=30',
      'month=4&day=31',
      'month=13&day=1',
      'month=0&day=1',
      'month=1&day=0',
      'month=1',
      'day=1',
      'month=1&day=',
      'month=1&day=1.5',
      'month=1&day=-1',
      'month=1&day=+1',
      'month=1&day=100',
      'month=x&day=1',
      'month=1&month=2&day=1',
    ])
      expect(request(q), q).toEqual({ kind: 'invalid' });
  });
});

describe('devotionalPath', () => {
  it('names today’s page or a day’s', () => {
    expect(devotionalPath()).toBe('/daily-devotional');
    expect(devotionalPath({ month: 2, day: 29 })).toBe('/daily-devotional?month=2&day=29');
  });
});

describe('dayLabel and monthNames', () => {
  it('write days without a year in the reader’s language', () => {
    expect(dayLabel({ month: 2, day: 29 }, 'en')).toBe('February 29');
    expect(dayLabel({ month: 2, day: 29 }, 'en-GB')).toBe('29 February');
    expect(dayLabel({ month: 3, day: 1 }, 'de')).toBe('1. März');
    expect(monthNames('en')).toHaveLength(12);
    expect(monthNames('en')[0]).toBe('January');
    expect(monthNames('fr')[7]).toBe('août');
  });
});

describe('scriptureChapter', () => {
  it('leads a key verse to the sermons on its chapter', () => {
    expect(scriptureChapter('Ps. 23:6')).toEqual({ path: '/sermons/scripture/psalms/23', osis: 'Ps', chapter: 23 });
    expect(scriptureChapter('Song of Solomon 1:4')?.path).toBe('/sermons/scripture/song-of-solomon/1');
    expect(scriptureChapter('1 John 3:1,2')?.path).toBe('/sermons/scripture/1-john/3');
    expect(scriptureChapter('Jude 24')?.path).toBe('/sermons/scripture/jude/1');
  });

  it('is undefined when there is no reference or it does not parse', () => {
    expect(scriptureChapter(null)).toBeUndefined();
    expect(scriptureChapter('Hezekiah 3:1')).toBeUndefined();
  });
});

describe('devotionalEntryOf', () => {
  it('reads the API’s reading: its quote as the key verse, its content paragraph by paragraph', () => {
    const entry = devotionalEntryOf({
      type: 'CHECKBOOK',
      month: 2,
      day: 29,
      quote: '“Surely goodness and mercy shall follow me.”',
      reference: 'Ps. 23:6',
      content: 'A devout poet sings-\n\nOne line\nand another\n\nThe end.',
      sermon: null,
      work: 'Faith’s Checkbook',
      author: 'Charles H. Spurgeon',
      title: 'What Follows Us',
      missingQuotationAfter: [0],
    });
    expect(entry).toEqual({
      type: 'checkbook',
      month: 2,
      dayOfMonth: 29,
      work: 'Faith’s Checkbook',
      author: 'Charles H. Spurgeon',
      title: 'What Follows Us',
      verse: '“Surely goodness and mercy shall follow me.”',
      reference: 'Ps. 23:6',
      paragraphs: ['A devout poet sings-', 'One line\nand another', 'The end.'],
      missingQuotationAfter: [0],
    });
  });
});
