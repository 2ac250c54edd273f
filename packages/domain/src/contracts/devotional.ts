import { z } from 'zod';
import { sermonSchema } from '../catalogue.ts';
import { devotionalQuery } from '../devotional.ts';
import { contract } from './contract.ts';

/** The readings' names as clients send and read them: Morning and Evening's morning and evening, Faith's Checkbook. */
export const SPURGEON_DEVOTIONAL_TYPES = ['AM', 'PM', 'CHECKBOOK'] as const;

/**
 * The `results` of GET node/spurgeon_devotional: one reading. `quote` is its key verse as
 * printed, `content` its text, paragraphs apart by a blank line (a quoted stanza's lines by a
 * line break); `sermon` a sermon on the reading's passage (null only in a catalogue without
 * sermons). `work`, `author`, `title` and `missingQuotationAfter` are Kerygma's own.
 */
export const spurgeonDevotionalSchema = z.object({
  type: z.enum(SPURGEON_DEVOTIONAL_TYPES),
  month: z.number().int(),
  day: z.number().int(),
  quote: z.string().nullable(),
  reference: z.string().nullable(),
  content: z.string(),
  sermon: sermonSchema.nullable(),
  work: z.string(),
  author: z.string(),
  title: z.string().nullable(),
  /** Paragraphs (by index) that introduce a quotation the source text lacks. */
  missingQuotationAfter: z.array(z.number().int()),
});
export type SpurgeonDevotional = z.infer<typeof spurgeonDevotionalSchema>;

/** GET node/spurgeon_devotional's answer: a list's envelope whose `results` is the one reading. */
export const spurgeonDevotionalResponseSchema = z.object({
  nodeType: z.literal('spurgeon_devotional'),
  nodeDisplayName: z.string(),
  totalCount: z.literal(1),
  next: z.null(),
  results: spurgeonDevotionalSchema,
});
export type SpurgeonDevotionalResponse = z.infer<typeof spurgeonDevotionalResponseSchema>;

/** A book's preface: its work, author, title and paragraphs. */
export const devotionalTextSchema = z.object({
  work: z.string(),
  author: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
});

const tag = 'Daily devotional';

export const devotionalContracts = {
  spurgeonDevotional: contract({
    method: 'GET',
    path: '/node/spurgeon_devotional',
    tag,
    summary: "Get a day's devotional reading",
    description:
      "One reading of Spurgeon's Morning and Evening (`type` AM or PM) or Faith's Checkbook (CHECKBOOK) for a month and day, in any case, with a sermon on its passage.",
    query: devotionalQuery,
    responses: { 200: spurgeonDevotionalResponseSchema },
  }),
  spurgeonDevotionalPreface: contract({
    method: 'GET',
    path: '/node/spurgeon_devotional/preface',
    tag,
    summary: "Get Faith's Checkbook's preface",
    description: "Spurgeon's preface to Faith's Checkbook, as paragraphs.",
    responses: { 200: devotionalTextSchema },
  }),
};
