import { BIBLE_BOOKS, renameBooks } from '@kerygma/domain/bible';
import type { Media } from '@kerygma/domain/catalogue';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { nameKey } from '@kerygma/i18n/name-key';
import type { MessageKey, Translate } from '@kerygma/i18n/t';

/**
 * Event types, Bible books, topics and media qualities in the visitor's language. The API keeps
 * the English names the existing clients expect (spec §3 eventType, osisAbbrev, Topic); pages
 * and filter bars show these.
 */

export { nameKey };

const KNOWN_EVENT_TYPES = new Set<string>(EVENT_TYPES);
const KNOWN_BOOKS = new Set(BIBLE_BOOKS.map((b) => b.osisAbbrev));

/** The localized name of an event type; one we have no translation for keeps the given name. */
export function eventTypeName(t: Translate, type: string, fallback: string = type): string {
  return KNOWN_EVENT_TYPES.has(type) ? t(`eventTypes.${nameKey(type)}` as MessageKey) : fallback;
}

/** The localized name of a Bible book by OSIS abbreviation ('Rom' → 'Römer' in German). */
export function bookName(t: Translate, osisAbbrev: string, fallback: string = osisAbbrev): string {
  return KNOWN_BOOKS.has(osisAbbrev) ? t(`bibleBooks.${osisAbbrev}` as MessageKey) : fallback;
}

/** A text for the page, with `lang: 'en'` when it stays in the API's English (for the element's lang attribute). */
export type LocalText = { text: string; lang?: 'en' };

/**
 * A sermon's Bible text with the books named in the visitor's language ('2 Corinthians 10:6-11:1'
 * → '2. Korinther 10:6-11:1'). Only a text in the API's own form (the references formatReference
 * writes, joined by '; ') is rewritten, so nothing is lost; any other stays as it is, in English.
 */
function localBibleText(t: Translate, text: string): LocalText {
  const local = renameBooks(text, (osis) => (osis === 'psalm' ? t('bibleBooks.psalm') : bookName(t, osis)));
  return local === undefined ? { text, lang: 'en' } : { text: local };
}

/** Bible texts already written out, per translator (one a language): a list page names 25, mostly seen before. */
const bibleTexts = new WeakMap<Translate, Map<string, LocalText>>();
const MAX_BIBLE_TEXTS = 20_000;

/** localBibleText, remembered: parsing the references was 3% of a sermon list's render. */
export function bibleTextName(t: Translate, text: string): LocalText {
  let done = bibleTexts.get(t);
  if (!done) {
    done = new Map();
    bibleTexts.set(t, done);
  }
  let local = done.get(text);
  if (!local) {
    local = localBibleText(t, text);
    if (done.size >= MAX_BIBLE_TEXTS) done.clear();
    done.set(text, local);
  }
  return local;
}

type TopicText = { name: string; description: string };

/** A topic's message, keyed by its English name (which its slug is made of too); undefined for an unknown topic. */
function topicText(t: Translate, topic: TopicText, part: keyof TopicText): string | undefined {
  const key = `topics.${nameKey(topic.name)}.${part}`;
  const text = t(key as MessageKey);
  return text === key ? undefined : text;
}

/** The localized name of a topic; one we have no translation for keeps the API's name. */
export function topicName(t: Translate, topic: TopicText): string {
  return topicText(t, topic, 'name') ?? topic.name;
}

/** The localized description of a topic; one we have no translation for keeps the API's description. */
export function topicDescription(t: Translate, topic: TopicText): string {
  return topicText(t, topic, 'description') ?? topic.description;
}

/** Video renditions by resolution (spec §3 Media item: 1080p is video/1080p, 720p video/high, 360p video/low). */
const RESOLUTIONS: Record<string, string> = {
  '1080p': '1080p',
  high: '720p',
  '720p': '720p',
  low: '360p',
  '360p': '360p',
};
const AUDIO_QUALITIES = new Set(['high', 'low']);

/**
 * A download's quality for its label: a video's resolution ('720p'), an audio file's quality in the
 * visitor's language ('Hohe Qualität'); undefined when the item has none.
 */
export function qualityName(t: Translate, media: Pick<Media, 'quality' | 'rawURL'>, video = false): string | undefined {
  const { quality } = media;
  if (video) {
    const rung = /video\/(1080p|high|low)\b/.exec(media.rawURL ?? '')?.[1] ?? quality ?? '';
    return RESOLUTIONS[rung] ?? quality ?? undefined;
  }
  if (quality && AUDIO_QUALITIES.has(quality)) return t(`sermon.quality.${quality}` as MessageKey);
  return quality ?? undefined;
}
