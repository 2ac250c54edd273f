import { parseBibleText } from '@kerygma/domain/bible';
import type { Sermon } from '@kerygma/domain/catalogue';
import type { SpurgeonDevotional, SpurgeonDevotionalResponse } from '@kerygma/domain/contracts/devotional';
import type { DevotionalEntry, DevotionalQuery, DevotionalText } from '@kerygma/domain/devotional';
import { checkbookPreface, devotionalEntry } from '@kerygma/domain/devotional-text';
import type { Urls } from '../catalogue/dto.ts';
import type { EntityCache } from '../catalogue/entity-cache.ts';
import type { Db } from '../db/db.ts';
import { notFound } from '../errors.ts';
import { sermonDetail } from '../sermons/sermons.service.ts';
import { sermonForPassage } from './devotional.queries.ts';

/**
 * The day's reading of `type` (spec §7 GET node/spurgeon_devotional) in the shape SermonAudio's
 * clients read, with a sermon on its passage. The texts are fixed and held in the process.
 */
export async function devotionalReading(
  db: Db,
  entities: EntityCache,
  q: DevotionalQuery,
  urls: Urls,
): Promise<SpurgeonDevotionalResponse> {
  const entry = devotionalEntry(q.type, q.month, q.day_of_month);
  if (!entry) throw notFound('error.notFound');
  const sermonId = await sermonForPassage(db, keyPassage(entry));
  const sermon = sermonId ? ((await sermonDetail(db, entities, sermonId, false, urls)) as Sermon) : null;
  return {
    nodeType: 'spurgeon_devotional',
    nodeDisplayName: 'Spurgeon Devotional',
    totalCount: 1,
    next: null,
    results: {
      type: entry.type.toUpperCase() as SpurgeonDevotional['type'],
      month: entry.month,
      day: entry.dayOfMonth,
      quote: entry.verse,
      reference: entry.reference,
      content: entry.paragraphs.join('\n\n'),
      sermon,
      work: entry.work,
      author: entry.author,
      title: entry.title,
      missingQuotationAfter: entry.missingQuotationAfter,
    },
  };
}

/** The book and chapter of the reading's key verse, when its reference names one. */
function keyPassage(entry: DevotionalEntry): { bookIndex: number; chapter: number } | null {
  const ref = entry.reference ? parseBibleText(entry.reference)[0] : undefined;
  return ref ? { bookIndex: ref.bookIndex, chapter: ref.chapter } : null;
}

/** Spurgeon's preface to Faith's Checkbook. */
export function devotionalPreface(): DevotionalText {
  return checkbookPreface();
}
