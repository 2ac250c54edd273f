import { type FeedFormat, type FeedOwner, feedPath } from '@kerygma/domain/feeds';
import { type CatalogueChange, changeTags } from '../catalogue/catalogue-changes.ts';
import type { Urls } from '../catalogue/dto.ts';
import type { EntityCache } from '../catalogue/entity-cache.ts';
import type { Db } from '../db/db.ts';
import { compress, type Encoding, weakEtag } from '../http/content-coding.ts';
import { atomFeed } from './atom.ts';
import { type FeedRequest, feedContent } from './feed-content.ts';
import { rssFeed } from './rss.ts';

/**
 * Feeds, written once and kept until what they show changes: podcast apps poll every feed
 * every hour or so, nearly always to hear '304 Not Modified'. A kept feed carries the tags of
 * everything it shows (its owner, each item's sermon, speaker, series and broadcaster), and a
 * catalogue change drops exactly the feeds it touches (catalogue-changes.ts); a lifetime bounds
 * what another process's change could leave stale when its notice was missed.
 */

const KEEP_MS = 5 * 60_000;
const MAX_KEPT = 2000;

export type WrittenFeed = {
  body: Buffer;
  etag: string;
  lastModified: Date;
  contentType: string;
  /** Compressed bodies, made on their first request. */
  encoded: Map<Encoding, Promise<Buffer>>;
};

type Kept = { feed: WrittenFeed; tags: Set<string>; at: number };

const CONTENT_TYPE: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

export type FeedsDeps = {
  db: Db;
  entities: EntityCache;
  websubHub: string | undefined;
  /** Where WebSub pings name the feeds; without it (no PUBLIC_URL) no ping is sent. */
  publicUrl: string | undefined;
  log?: { warn: (obj: object, msg: string) => void };
  fetch?: typeof fetch;
};

export function createFeeds(deps: FeedsDeps) {
  const kept = new Map<string, Kept>();
  const keyOf = (urls: Urls, req: FeedRequest) =>
    [urls.origin, req.owner, req.id.toLowerCase(), req.format, req.page, req.after?.join('\u0000') ?? ''].join(
      '\u0001',
    );

  async function write(urls: Urls, req: FeedRequest): Promise<Kept | undefined> {
    const model = await feedContent({ ...deps, websubHub: deps.websubHub ?? null }, urls, req);
    if (!model) return undefined;
    const text = req.format === 'rss' ? rssFeed(model) : atomFeed(model);
    const body = Buffer.from(text);
    return {
      feed: {
        body,
        etag: weakEtag(body),
        lastModified: new Date(Math.floor(model.channel.updated.getTime() / 1000) * 1000),
        contentType: CONTENT_TYPE[req.format],
        encoded: new Map(),
      },
      tags: new Set(model.tags),
      at: Date.now(),
    };
  }

  /** Feeds being written, so that a burst of requests for one feed writes it once. */
  const writing = new Map<string, Promise<Kept | undefined>>();

  return {
    /** The written feed, or undefined when there is no such feed or page. */
    async get(urls: Urls, req: FeedRequest): Promise<WrittenFeed | undefined> {
      const key = keyOf(urls, req);
      const hit = kept.get(key);
      if (hit && Date.now() - hit.at < KEEP_MS) return hit.feed;
      let pending = writing.get(key);
      if (!pending) {
        pending = write(urls, req).finally(() => writing.delete(key));
        writing.set(key, pending);
      }
      const made = await pending;
      if (!made) return undefined;
      kept.delete(key);
      kept.set(key, made);
      for (const oldest of kept.keys()) {
        if (kept.size <= MAX_KEPT) break;
        kept.delete(oldest);
      }
      return made.feed;
    },

    encoded(feed: WrittenFeed, encoding: Encoding): Promise<Buffer> {
      const made = feed.encoded.get(encoding) ?? compress(feed.body, encoding);
      feed.encoded.set(encoding, made);
      return made;
    },

    /** Drops the feeds a change touches and tells the hub of its owners' feeds. */
    changed(change: CatalogueChange) {
      const tags = new Set(changeTags(change));
      for (const [key, entry] of kept) if ([...entry.tags].some((t) => tags.has(t))) kept.delete(key);
      void pingHub(deps, change);
    },
  };
}

export type Feeds = ReturnType<typeof createFeeds>;

/** The feeds a change is news for: its broadcasters', speakers' and series' (RSS and Atom). */
export function changedFeedPaths(change: CatalogueChange): string[] {
  const owners: [FeedOwner, readonly (string | number)[]][] = [
    ['broadcaster', change.broadcasterIds ?? []],
    ['speaker', change.speakerIds ?? []],
    ['series', change.seriesIds ?? []],
  ];
  return owners.flatMap(([owner, ids]) =>
    ids.flatMap((id) => [feedPath(owner, id, 'rss'), feedPath(owner, id, 'atom')]),
  );
}

/**
 * WebSub publish (W3C WebSub §7): the hub is told which feeds changed and fetches them itself.
 * A hub that does not answer is logged, never retried: the next change pings again, and apps
 * poll anyway.
 */
async function pingHub(deps: FeedsDeps, change: CatalogueChange) {
  if (!deps.websubHub || !deps.publicUrl) return;
  const paths = changedFeedPaths(change);
  if (paths.length === 0) return;
  const body = new URLSearchParams({ 'hub.mode': 'publish' });
  for (const path of paths) body.append('hub.url', deps.publicUrl + path);
  try {
    const answer = await (deps.fetch ?? fetch)(deps.websubHub, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) deps.log?.warn({ status: answer.status }, 'the WebSub hub refused a publish ping');
  } catch (err) {
    deps.log?.warn({ err }, 'could not reach the WebSub hub');
  }
}
