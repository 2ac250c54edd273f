import { z } from 'zod';

/**
 * What a search understood and why each sermon matched (issue 26): additions to the search and
 * sermon list answers, so existing clients read the shapes they always did.
 */

/** A run of text, `match` when it is one of the words (or the passage) searched for. */
export const textPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type TextPart = z.infer<typeof textPartSchema>;

/** How a sermon's passage meets the query's: the same passage, one containing it, or one overlapping it. */
export const PASSAGE_MATCHES = ['exact', 'contains', 'overlaps'] as const;
export type PassageMatch = (typeof PASSAGE_MATCHES)[number];

/** Why one sermon of a search matched. */
export const searchMatchSchema = z.object({
  /** The title in runs, the searched words marked. */
  title: z.array(textPartSchema),
  /** A passage of its description or transcript holding the words, when it has one. */
  snippet: z
    .object({
      source: z.enum(['description', 'transcript']),
      parts: z.array(textPartSchema),
      /** Where in the recording the transcript's sentence is said (seconds); null for a description. */
      startSeconds: z.number().nullable(),
    })
    .nullable(),
  /** How its Bible reference meets the query's passage, when the query named one. */
  passageMatch: z.enum(PASSAGE_MATCHES).nullable(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

/** The Bible passage a query named ('Röm 8' → Rom 8), with the rest of its words. */
export const searchPassageSchema = z.object({
  /** The passage in English, as formatReference writes it: 'Romans 8', 'John 3:16'. */
  reference: z.string(),
  osisAbbrev: z.string(),
  chapter: z.number().int(),
  verseStart: z.number().int().nullable(),
  chapterEnd: z.number().int(),
  verseEnd: z.number().int().nullable(),
  /** The query's other words, searched as words ('' when the query was the passage alone). */
  words: z.string(),
});
export type SearchPassage = z.infer<typeof searchPassageSchema>;
