import type { ListResponse } from '@kerygma/domain/catalogue';
import {
  DEVOTIONAL_TYPES,
  type DevotionalEntry,
  type DevotionalQuery,
  type DevotionalText,
} from '@kerygma/domain/devotional';
import { checkbookPreface, devotionalEntry } from '@kerygma/domain/devotional-text';
import { listResponse } from '../catalogue/paging.ts';
import { notFound } from '../errors.ts';

/**
 * The day's readings (spec §7 GET node/spurgeon_devotional): the one of `type`, or without it all
 * three (morning, evening, Faith's Checkbook). The texts are fixed and held in the process.
 */
export function devotionalReadings(q: DevotionalQuery): ListResponse<DevotionalEntry> {
  const results = (q.type ? [q.type] : DEVOTIONAL_TYPES).map((type) => {
    const entry = devotionalEntry(type, q.month, q.day_of_month);
    if (!entry) throw notFound('error.notFound');
    return entry;
  });
  return listResponse('spurgeon_devotional', 'Spurgeon Devotional', results, results.length, null);
}

/** Spurgeon's preface to Faith's Checkbook. */
export function devotionalPreface(): DevotionalText {
  return checkbookPreface();
}
