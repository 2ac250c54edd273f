import { BIBLE_BOOKS } from '@kerygma/domain/bible';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import type { MessageKey, Translate } from '@kerygma/i18n/t';

/**
 * Event types and Bible books in the visitor's language. The API keeps the English names the
 * existing clients expect (spec §3 eventType, osisAbbrev); pages and filter bars show these.
 */

/** The message key part of an event type: 'Sunday - AM' → 'sundayAm', 'Question & Answer' → 'questionAnswer'. */
export function eventTypeKey(type: string): string {
  const words = type.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
}

const KNOWN_EVENT_TYPES = new Set<string>(EVENT_TYPES);
const KNOWN_BOOKS = new Set(BIBLE_BOOKS.map((b) => b.osisAbbrev));

/** The localized name of an event type; one we have no translation for keeps the given name. */
export function eventTypeName(t: Translate, type: string, fallback: string = type): string {
  return KNOWN_EVENT_TYPES.has(type) ? t(`eventTypes.${eventTypeKey(type)}` as MessageKey) : fallback;
}

/** The localized name of a Bible book by OSIS abbreviation ('Rom' → 'Römer' in German). */
export function bookName(t: Translate, osisAbbrev: string, fallback: string = osisAbbrev): string {
  return KNOWN_BOOKS.has(osisAbbrev) ? t(`bibleBooks.${osisAbbrev}` as MessageKey) : fallback;
}
