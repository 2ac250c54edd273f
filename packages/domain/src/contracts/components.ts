import type { z } from 'zod';
import {
  bibleBookSchema,
  broadcasterSchema,
  eventTypeSchema,
  languageSchema,
  liteBroadcasterSchema,
  liteSeriesSchema,
  liteSermonSchema,
  liteSpeakerSchema,
  mediaSchema,
  mediaSetSchema,
  seriesSchema,
  sermonSchema,
  speakerSchema,
} from '../catalogue.ts';
import { broadcasterDetailSchema, speakerSermonCountSchema } from './broadcasters.ts';
import { apiErrorSchema } from './contract.ts';
import { biblePassageSchema, broadcasterLocationSchema, hashtagSchema, topicSchema } from './discover.ts';
import { hymnDetailSchema, hymnSummarySchema, psalmDetailSchema, psalmSummarySchema, tuneSchema } from './hymnal.ts';
import { mediaTrackerSchema, uploadSlotSchema } from './media.ts';
import { oembedSchema } from './oembed.ts';
import { bibleVersionSchema, filterOptionsSchema } from './reference.ts';
import { searchResultsSchema } from './search.ts';
import { speakerBroadcasterSchema } from './speakers.ts';

/**
 * The API's objects by the names the OpenAPI document and the reference page give them: where a
 * route's schema uses one of these, the document refers to it instead of repeating it.
 */
export const COMPONENTS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['Sermon', sermonSchema],
  ['LiteSermon', liteSermonSchema],
  ['Broadcaster', broadcasterSchema],
  ['BroadcasterDetail', broadcasterDetailSchema],
  ['LiteBroadcaster', liteBroadcasterSchema],
  ['Speaker', speakerSchema],
  ['LiteSpeaker', liteSpeakerSchema],
  ['Series', seriesSchema],
  ['LiteSeries', liteSeriesSchema],
  ['Media', mediaSchema],
  ['MediaSet', mediaSetSchema],
  ['Language', languageSchema],
  ['EventType', eventTypeSchema],
  ['BibleBook', bibleBookSchema],
  ['BibleVersion', bibleVersionSchema],
  ['BiblePassage', biblePassageSchema],
  ['FilterOptions', filterOptionsSchema],
  ['SpeakerSermonCount', speakerSermonCountSchema],
  ['SpeakerBroadcaster', speakerBroadcasterSchema],
  ['BroadcasterLocation', broadcasterLocationSchema],
  ['Hashtag', hashtagSchema],
  ['Topic', topicSchema],
  ['SearchResults', searchResultsSchema],
  ['HymnSummary', hymnSummarySchema],
  ['HymnDetail', hymnDetailSchema],
  ['PsalmSummary', psalmSummarySchema],
  ['PsalmDetail', psalmDetailSchema],
  ['Tune', tuneSchema],
  ['UploadSlot', uploadSlotSchema],
  ['MediaTracker', mediaTrackerSchema],
  ['OEmbed', oembedSchema],
  ['Error', apiErrorSchema],
];
