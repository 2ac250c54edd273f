import { BIBLE_BOOKS, formatReference, makeReference } from '@kerygma/domain/bible';
import type { MessageKey } from '@kerygma/i18n/t';
import { useState } from 'react';
import { useI18n } from '../../i18n.tsx';

/**
 * Picks a passage from the Bible's structure (books, their chapters, each chapter's verses), so
 * only references that exist can be made; `onPick` gets it in the API's English form
 * ('John 3:16-21'), which the text field holds.
 */
export function BiblePicker({ onPick }: { onPick: (reference: string) => void }) {
  const { t } = useI18n();
  const [bookIndex, setBookIndex] = useState(-1);
  const [chapter, setChapter] = useState(1);
  const [verseStart, setVerseStart] = useState(0);
  const [verseEnd, setVerseEnd] = useState(0);
  const book = BIBLE_BOOKS[bookIndex];
  const verses = book?.verses[chapter - 1] ?? 0;
  const range = (n: number, from = 1) => Array.from({ length: Math.max(0, n - from + 1) }, (_, i) => i + from);
  const add = () => {
    if (!book) return;
    const reference = makeReference(
      book.osisAbbrev,
      chapter,
      verseStart || null,
      chapter,
      verseStart ? Math.max(verseEnd, verseStart) : null,
    );
    if (reference) onPick(formatReference(reference));
  };
  return (
    <fieldset className="bible-picker">
      <legend>{t('dashboard.editor.biblePicker')}</legend>
      <select
        aria-label={t('dashboard.editor.book')}
        value={bookIndex}
        onChange={(e) => {
          setBookIndex(Number(e.target.value));
          setChapter(1);
          setVerseStart(0);
          setVerseEnd(0);
        }}
      >
        <option value={-1}>{t('dashboard.editor.book')}</option>
        {BIBLE_BOOKS.map((b, i) => (
          <option key={b.osisAbbrev} value={i}>
            {t(`bibleBooks.${b.osisAbbrev}` as MessageKey)}
          </option>
        ))}
      </select>
      {book && (
        <>
          <select
            aria-label={t('dashboard.editor.chapter')}
            value={chapter}
            onChange={(e) => {
              setChapter(Number(e.target.value));
              setVerseStart(0);
              setVerseEnd(0);
            }}
          >
            {range(book.chapters).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <select
            aria-label={t('dashboard.editor.verseFrom')}
            value={verseStart}
            onChange={(e) => setVerseStart(Number(e.target.value))}
          >
            <option value={0}>{t('dashboard.editor.wholeChapter')}</option>
            {range(verses).map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
          {verseStart > 0 && (
            <select
              aria-label={t('dashboard.editor.verseTo')}
              value={Math.max(verseEnd, verseStart)}
              onChange={(e) => setVerseEnd(Number(e.target.value))}
            >
              {range(verses, verseStart).map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          )}
          <button type="button" onClick={add}>
            {t('dashboard.editor.addPassage')}
          </button>
        </>
      )}
    </fieldset>
  );
}
