/**
 * A feed as plain data, the same for RSS and Atom (rss.ts, atom.ts write it): what the catalogue
 * says of the owner and the page of items, with every address absolute and every text in the
 * feed's language. feed-content.ts makes it from the database.
 */

export type FeedFile = {
  url: string;
  type: string;
  /** Bytes; 0 when the file's size is not known (an external file). */
  length: number;
  bitrate: number | null;
  title: string;
  height: number | null;
};

export type FeedPerson = { name: string; role: 'host' | 'guest'; href: string; img: string | null };

export type FeedItem = {
  guid: string;
  /** The sermon ID was the guid (isPermaLink false either way: it is not an address). */
  title: string;
  link: string;
  /** Plain text: the description and, on lines of their own, passage, event type and speaker. */
  description: string;
  /** The same as HTML, escaped, with the passage linked to its scripture page. */
  html: string;
  published: Date;
  updated: Date;
  /** The main file (MP3 high, else the video), and every other form of it. */
  enclosure: FeedFile;
  alternates: FeedFile[];
  durationSeconds: number;
  image: string | null;
  person: FeedPerson;
  /** Public WebVTT captions, one per language. */
  transcripts: { url: string; language: string }[];
  chaptersUrl: string | null;
  /** Episode number in a series feed. */
  episode: number | null;
  /**
   * The sermon's series as its season in the feeds of a broadcaster or speaker: numbered by the
   * series' ID (it never changes, so apps never regroup) and named by its title, which apps show
   * instead of the number.
   */
  season: { number: number; name: string } | null;
  /** A short clip is itself a soundbite of the sermon it comes from. */
  soundbite: { start: number; duration: number } | null;
  keywords: string[];
  categories: string[];
};

export type FeedChannel = {
  title: string;
  /** The owner's page on the site. */
  link: string;
  description: string;
  language: string;
  author: string;
  owner: { name: string; email: string | null };
  /** JPEG, 1400 and 3000 pixels square. */
  image: { url1400: string; url3000: string };
  /** This page's address, the first page's, the next older page's (RFC 5005). */
  self: string;
  first: string;
  next: string | null;
  atomSelf: string;
  rssSelf: string;
  hub: string | null;
  podcastGuid: string;
  locked: { value: boolean; owner: string } | null;
  funding: { url: string; label: string } | null;
  location: { name: string; geo: string | null } | null;
  person: FeedPerson | null;
  podroll: { url: string; title: string; feedGuid: string }[];
  txt: { purpose: string; value: string }[];
  updated: Date;
  copyright: string;
};

export type FeedModel = {
  channel: FeedChannel;
  items: FeedItem[];
  /** The cache tags of everything the feed shows (catalogue-changes.ts CACHE_TAGS). */
  tags: string[];
};
