import { z } from 'zod';
import { contract } from './contract.ts';

const size = z.coerce.number().int().min(1).max(10_000).optional();

/** An oEmbed 1.0 answer of type rich or video (https://oembed.com §2.3.4). */
export const oembedSchema = z.object({
  type: z.enum(['rich', 'video']),
  version: z.literal('1.0'),
  title: z.string(),
  author_name: z.string().optional(),
  author_url: z.string().optional(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number().int(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});

export const oembedContracts = {
  oembed: contract({
    method: 'GET',
    path: '/oembed',
    atRoot: true,
    tag: 'Embedding',
    summary: 'oEmbed',
    description:
      'oEmbed 1.0 for a sermon or broadcaster page of this site, so pasted links unfurl as embedded players. JSON only (`format=xml` answers 501).',
    query: z.object({
      url: z.string().min(1).max(2000),
      format: z.string().max(20).default('json'),
      maxwidth: size,
      maxheight: size,
    }),
    responses: { 200: oembedSchema },
    errors: [404, 501],
  }),
};
