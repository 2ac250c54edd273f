import { BIBLE_BOOKS } from '@kerygma/domain/bible';
import type { Media } from '@kerygma/domain/catalogue';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { LOCALE_CODES } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import { describe, expect, it } from 'vitest';
import {
  bibleTextName,
  bookName,
  eventTypeName,
  nameKey,
  qualityName,
  topicDescription,
  topicName,
} from './catalogue-names.ts';

describe('event type and Bible book names per locale', () => {
  it('every event type and book has its own name in every locale (English: the API names)', async () => {
    const en = await getTranslator('en');
    for (const type of EVENT_TYPES) expect(eventTypeName(en, type)).toBe(type);
    for (const book of BIBLE_BOOKS) expect(bookName(en, book.osisAbbrev)).toBe(book.name);
    for (const code of LOCALE_CODES) {
      const t = await getTranslator(code);
      const events = EVENT_TYPES.map((type) => eventTypeName(t, type));
      const books = BIBLE_BOOKS.map((b) => bookName(t, b.osisAbbrev));
      expect(new Set(events).size, code).toBe(EVENT_TYPES.length);
      expect(new Set(books).size, code).toBe(BIBLE_BOOKS.length);
      expect(
        events.every((name) => !name.startsWith('eventTypes.')),
        code,
      ).toBe(true);
    }
  });

  it('uses the locale: German, Korean and Chinese names', async () => {
    const de = await getTranslator('de');
    expect(bookName(de, 'Rom')).toBe('Römer');
    expect(bookName(de, 'Gen')).toBe('1. Mose');
    expect(eventTypeName(de, 'Prayer Meeting')).toBe('Gebetsstunde');
    expect(bookName(await getTranslator('ko'), 'John')).toBe('요한복음');
    expect(bookName(await getTranslator('zh'), 'Ps')).toBe('诗篇');
  });

  it('keys and fallbacks', async () => {
    expect(nameKey('Sunday - AM')).toBe('sundayAm');
    expect(nameKey('Question & Answer')).toBe('questionAnswer');
    expect(nameKey('TV Broadcast')).toBe('tvBroadcast');
    const fr = await getTranslator('fr');
    expect(eventTypeName(fr, 'Harvest Festival')).toBe('Harvest Festival');
    expect(eventTypeName(fr, 'Harvest Festival', 'Fête des moissons')).toBe('Fête des moissons');
    expect(bookName(fr, 'Tob', 'Tobit')).toBe('Tobit');
  });
});

// The seeded topics (packages/server/src/seed/demo-data.ts TOPICS) as node/discover/topics gives them.
const TOPICS = [
  ['Prayer', 'Sermons on private, family and public prayer.'],
  ['Marriage and Family', 'Biblical teaching for husbands, wives, parents and children.'],
  ['Evangelism and Missions', 'Preaching the gospel to every creature, at home and abroad.'],
  ['Gospel', 'The good news of Jesus Christ, who died for sinners and rose again.'],
  ['Assurance of Salvation', 'How a believer may know that he has eternal life.'],
  ['Holiness', 'Sanctification and the Christian life.'],
  ['Suffering and Comfort', 'God\u2019s purposes in affliction and the comfort of the Scriptures.'],
  ['Christmas', 'The birth of Christ and the incarnation.'],
  ['The Cross and the Resurrection', 'The death, burial and resurrection of the Lord Jesus Christ.'],
  ['Revival', 'Sermons on the outpouring of the Holy Spirit and the reviving of the church.'],
  ['Worship', 'The worship of God in spirit and in truth.'],
  ['The Church', 'The nature, government and ordinances of the church.'],
  ['Last Things', 'Death, judgment, heaven, hell and the return of Christ.'],
  ['Justification by Faith', 'The sinner\u2019s acceptance with God through faith in Christ alone.'],
  ['The Holy Spirit', 'The person and work of the Holy Spirit.'],
].map(([name, description]) => ({ name: name ?? '', description: description ?? '' }));

describe('topic names', () => {
  it('every topic has its own name and description in every locale (English: the API text)', async () => {
    const en = await getTranslator('en');
    for (const topic of TOPICS) {
      expect(topicName(en, topic)).toBe(topic.name);
      expect(topicDescription(en, topic)).toBe(topic.description);
    }
    for (const code of LOCALE_CODES) {
      const t = await getTranslator(code);
      const names = TOPICS.map((topic) => topicName(t, topic));
      expect(new Set(names).size, code).toBe(TOPICS.length);
      expect(new Set(TOPICS.map((topic) => topicDescription(t, topic))).size, code).toBe(TOPICS.length);
      if (code !== 'en' && code !== 'gb') {
        const english = TOPICS.filter((topic) => topicDescription(t, topic) === topic.description);
        expect(english, `${code}: descriptions still in English`).toEqual([]);
      }
    }
  });

  it('translates a topic and keeps the API text of an unknown one', async () => {
    const de = await getTranslator('de');
    expect(topicName(de, TOPICS[3] ?? { name: '', description: '' })).toBe('Evangelium');
    expect(topicName(de, { name: 'Harvest', description: 'Thanksgiving.' })).toBe('Harvest');
    expect(topicDescription(de, { name: 'Harvest', description: 'Thanksgiving.' })).toBe('Thanksgiving.');
  });
});

describe('Bible texts', () => {
  it('names the books in the locale and keeps chapters and verses', async () => {
    const de = await getTranslator('de');
    expect(bibleTextName(de, '2 Corinthians 10:6-11:1')).toEqual({ text: '2. Korinther 10:6-11:1' });
    expect(bibleTextName(de, 'Isaiah 57; 1 John 1:8-10')).toEqual({ text: 'Jesaja 57; 1. Johannes 1:8-10' });
    expect(bibleTextName(de, 'Psalm 58:2-9')).toEqual({ text: 'Psalm 58:2-9' });
    expect(bibleTextName(await getTranslator('fr'), 'Psalm 23')).toEqual({ text: 'Psaume 23' });
    expect(bibleTextName(await getTranslator('zh'), 'Romans 8:28')).toEqual({ text: '罗马书 8:28' });
  });

  it('gives English texts back unchanged in English', async () => {
    const en = await getTranslator('en');
    for (const text of ['Song of Solomon 3:6', 'Psalm 23', 'Psalms 23-24', 'Mark 7', 'Isaiah 57; 1 John 1:8-10'])
      expect(bibleTextName(en, text)).toEqual({ text });
  });

  it('keeps a text it cannot rewrite exactly as it is, marked as English', async () => {
    const de = await getTranslator('de');
    for (const text of ['Rom 8:28, 31', 'John 3:16a', 'Tobit 1:1', 'Various passages', ''])
      expect(bibleTextName(de, text), text).toEqual({ text, lang: 'en' });
  });
});

describe('download qualities', () => {
  const media = (quality: string | null, url: string) => ({ quality, rawURL: url }) as unknown as Media;

  it('names video renditions by resolution (spec §3 Media item)', async () => {
    const de = await getTranslator('de');
    expect(qualityName(de, media('1080p', '/m/1/video/1080p.mp4'), true)).toBe('1080p');
    expect(qualityName(de, media('high', '/m/1/video/high.mp4'), true)).toBe('720p');
    expect(qualityName(de, media('low', '/m/1/video/low.mp4'), true)).toBe('360p');
    expect(qualityName(de, media(null, 'https://cdn.example/x/video/low.mp4'), true)).toBe('360p');
  });

  it('translates audio qualities', async () => {
    const de = await getTranslator('de');
    expect(qualityName(de, media('high', '/m/1/audio/high.mp3'))).toBe('Hohe Qualität');
    expect(qualityName(de, media('low', '/m/1/audio/low.mp3'))).toBe('Niedrige Qualität');
    expect(qualityName(await getTranslator('en'), media('low', '/m/1/audio/low.mp3'))).toBe('Low quality');
    expect(qualityName(de, media(null, '/m/1/doc.pdf'))).toBeUndefined();
  });
});
