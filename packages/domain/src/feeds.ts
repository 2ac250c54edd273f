import { z } from 'zod';
import { webAddress as webAddressOf } from './web-address.ts';

/**
 * Podcast feeds (issue 25): where each feed lives and the values a broadcaster sets for its feeds.
 * The server answers these paths (packages/server/src/feeds/), the API puts them in rssFeedURL,
 * rssFeedAtomURL, rssURL and rssAtomURL, and the site links them from its pages.
 */

export type FeedOwner = 'broadcaster' | 'speaker' | 'series';
export type FeedFormat = 'rss' | 'atom';

/** `/feeds/broadcaster/gracechurch.rss`, `/feeds/series/12.atom`: one address per feed, no language prefix. */
export function feedPath(owner: FeedOwner, id: string | number, format: FeedFormat = 'rss'): string {
  return `/feeds/${owner}/${encodeURIComponent(String(id).toLowerCase())}.${format}`;
}

const webAddress = webAddressOf(2000);

/** Where a podcast series is also listed (§3 feedLinks); every key optional. */
export const FEED_LINK_KINDS = ['apple', 'spotify', 'tuneIn', 'other'] as const;
export type FeedLinkKind = (typeof FEED_LINK_KINDS)[number];
export const feedLinksSchema = z.object({
  apple: webAddress.optional(),
  spotify: webAddress.optional(),
  tuneIn: webAddress.optional(),
  other: webAddress.optional(),
});
export type FeedLinks = z.infer<typeof feedLinksSchema>;

/** podcast:podroll: feeds the broadcaster recommends. */
export const PODROLL_MAX = 20;
export const podrollSchema = z
  .array(z.object({ url: webAddress, title: z.string().trim().min(1).max(200) }))
  .max(PODROLL_MAX);
export type Podroll = z.infer<typeof podrollSchema>;

/** podcast:txt: verification tokens a directory asked the broadcaster to put in its feeds. */
export const PODCAST_TXT_MAX = 10;
export const podcastTxtSchema = z
  .array(
    z.object({
      purpose: z
        .string()
        .trim()
        .max(128)
        .regex(/^[A-Za-z0-9._-]*$/, 'invalidTxtPurpose'),
      value: z.string().trim().min(1).max(4000),
    }),
  )
  .max(PODCAST_TXT_MAX);
export type PodcastTxt = z.infer<typeof podcastTxtSchema>;
