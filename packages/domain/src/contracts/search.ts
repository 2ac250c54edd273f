import { z } from 'zod';
import { seriesSchema, speakerSchema } from '../catalogue.ts';
import { searchQuery } from '../catalogue-queries.ts';
import { searchPassageSchema } from '../search-match.ts';
import { anyBroadcasterSchema } from './broadcasters.ts';
import { contract } from './contract.ts';
import { hashtagSchema } from './discover.ts';
import { anySermonSchema } from './sermons.ts';

/**
 * One search over every kind of result: sermons paged (`totalCount`, `next`), and the first few
 * broadcasters, speakers, series and hashtags with their counts (capped).
 */
export const searchResultsSchema = z.object({
  nodeType: z.string(),
  nodeDisplayName: z.string(),
  query: z.string(),
  totalCount: z.number().int().nullable(),
  next: z.string().nullable(),
  sermonResults: z.array(anySermonSchema),
  broadcasterResults: z.array(anyBroadcasterSchema),
  broadcasterCount: z.number().int().nullable(),
  speakerResults: z.array(speakerSchema),
  speakerCount: z.number().int().nullable(),
  seriesResults: z.array(seriesSchema),
  seriesCount: z.number().int().nullable(),
  hashtagResults: z.array(hashtagSchema),
  /** The Bible passage the query named, searched by passage; null when it named none. */
  passage: searchPassageSchema.nullable(),
  /** The query with its misspelt words replaced by the catalogue's own, when few sermons matched it. */
  didYouMean: z.string().nullable(),
});

export const searchContracts = {
  search: contract({
    method: 'GET',
    path: '/node/search',
    tag: 'Search',
    summary: 'Search everything',
    description:
      'Sermons matching `query` (at least 3 characters), most relevant first, with the first few matching broadcasters, speakers, series and hashtags. `types` (comma-joined) narrows the kinds.',
    query: searchQuery,
    responses: { 200: searchResultsSchema },
  }),
};
