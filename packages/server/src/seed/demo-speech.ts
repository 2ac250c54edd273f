import { BIBLE_BOOKS, parseBibleText } from '@kerygma/domain/bible';
import { loadBibleText } from '@kerygma/domain/bible-text';

/**
 * What a demo sermon's recording says (espeak-ng reads it; see @kerygma/ffmpeg/speech): its own
 * public-domain words. In English: the title, series and description, then the KJV from the
 * sermon's passage on, read on through the chapters until the recording is long enough. In other
 * languages (the repository has no Bible in them) the title, series and description, repeated.
 */

/** What the text is made from (a demo sermon's fields). */
export type SpokenSource = {
  displayTitle: string;
  subtitle: string | null;
  bibleText: string | null;
  moreInfoText: string | null;
  languageCode: string;
};

// Reading speed in characters per second for sizing the text (160 wpm of English with word
// gaps); a CJK character is a syllable, read about as long as three Latin letters.
const CHARS_PER_SECOND = 13;
const spokenLength = (text: string) =>
  text.length + 2 * (text.match(/[\p{Script=Han}\p{Script=Hangul}]/gu)?.length ?? 0);

const sentence = (text: string) => (/[.!?。．？！]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** 'Matthew 6:15-26' as it is said: 'Matthew chapter 6, verse 15'. */
function sayReference(book: string, chapter: number, verse: number | null): string {
  return verse === null ? `${book} chapter ${chapter}` : `${book} chapter ${chapter}, verse ${verse}`;
}

/** KJV verses from the start of `bibleText`'s first passage on, until `chars` are reached (or the book ends). */
function readingFrom(bibleText: string, chars: number): string | null {
  const ref = parseBibleText(bibleText)[0];
  if (!ref) return null;
  const kjv = loadBibleText();
  const verses: string[] = [];
  let length = 0;
  let chapter = ref.chapter;
  let verse = ref.verseStart ?? 1;
  while (length < chars) {
    let text = kjv.get(`${ref.osisAbbrev}.${chapter}.${verse}`);
    if (text === undefined) {
      chapter++;
      verse = 1;
      text = kjv.get(`${ref.osisAbbrev}.${chapter}.${verse}`);
      if (text === undefined) break; // the end of the book
    }
    verses.push(text);
    length += text.length + 1;
    verse++;
  }
  if (!verses.length) return null;
  const book = BIBLE_BOOKS[ref.bookIndex]?.name ?? ref.osisAbbrev;
  return `Our reading is from ${sayReference(book, ref.chapter, ref.verseStart)}. ${verses.join(' ')}`;
}

/** The words a demo sermon's recording of about `seconds` says. */
export function spokenText(sermon: SpokenSource, seconds: number): string {
  const target = seconds * CHARS_PER_SECOND;
  const intro = [sermon.displayTitle, sermon.subtitle, sermon.moreInfoText]
    .filter((t): t is string => !!t?.trim())
    .map(sentence)
    .join(' ');
  const reading =
    sermon.languageCode === 'en' && sermon.bibleText
      ? readingFrom(sermon.bibleText, target - spokenLength(intro))
      : null;
  const parts = [intro];
  if (reading) parts.push(reading);
  // Without a reading, the sermon's own words again (a preacher's refrain) until long enough.
  while (!reading && spokenLength(parts.join(' ')) + spokenLength(intro) <= target) parts.push(intro);
  return parts.join(' ');
}
