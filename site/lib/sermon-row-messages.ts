import { BIBLE_BOOKS } from '@kerygma/domain/bible';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import type { MessageKey } from '@kerygma/i18n/t';
import { nameKey } from './catalogue-names.ts';

/**
 * The messages a sermon row uses (lib/sermon-rows.ts): the video badge, the Bible books and the
 * event types, for an island that renders rows in the browser (islands/library/SermonRows.tsx).
 */
export const SERMON_ROW_MESSAGES: readonly MessageKey[] = [
  'sermon.video',
  'bibleBooks.psalm',
  ...BIBLE_BOOKS.map((b) => `bibleBooks.${b.osisAbbrev}` as MessageKey),
  ...EVENT_TYPES.map((type) => `eventTypes.${nameKey(type)}` as MessageKey),
];
