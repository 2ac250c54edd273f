import { type FeedLinks, type FeedOwner, feedPath } from '@kerygma/domain/feeds';
import type { Translate } from '@kerygma/i18n/t';

/** A broadcaster's, speaker's or podcast series' feeds as its page offers them (issue 25). */
export type PageFeeds = {
  rss: string;
  atom: string;
  /** The RSS address in the `podcast:` scheme, which opens Apple Podcasts on an iPhone or a Mac. */
  applePodcasts: string;
  /** Where the podcast is also listed (a series' feedLinks); `{}` for broadcasters and speakers. */
  links: FeedLinks;
};

export function pageFeeds(origin: string, owner: FeedOwner, id: string | number, links: FeedLinks = {}): PageFeeds {
  const rss = `${origin}${feedPath(owner, id, 'rss')}`;
  return {
    rss,
    atom: `${origin}${feedPath(owner, id, 'atom')}`,
    applePodcasts: rss.replace(/^https?:/, 'podcast:'),
    links,
  };
}

/** The podcast apps a series is also listed in, by name, in the order Subscribe shows them. */
export function podcastApps(t: Translate, links: FeedLinks): { label: string; href: string }[] {
  const named = [
    [t('podcast.subscribe.apple'), links.apple],
    [t('podcast.subscribe.spotify'), links.spotify],
    [t('podcast.subscribe.tuneIn'), links.tuneIn],
    [t('podcast.subscribe.other'), links.other],
  ] as const;
  return named.flatMap(([label, href]) => (href ? [{ label, href }] : []));
}
