import type { Db } from '../db/db.ts';

/** The answer of POST map-path (spec §2 "Legacy redirects", §7): where an unmatched path goes. */
export type PathMapping = { status: 301 | 302; url: string; internal: boolean };

/**
 * The lookup key of a requested URL or path: the lower-cased path without a trailing slash,
 * with and without its query (a mapping may name one query, e.g. '/sermons.asp?currsection=new').
 */
export function mappingKeys(requested: string): string[] {
  let url: URL;
  try {
    url = new URL(requested, 'http://mapping.invalid');
  } catch {
    return [];
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname).toLowerCase();
  } catch {
    path = url.pathname.toLowerCase();
  }
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return url.search.length > 1 ? [`${path}${url.search.toLowerCase()}`, path] : [path];
}

/**
 * A stored target as the spec's answer: a path or a URL on our own host is internal (301,
 * given as a path); any other host is external (302, given whole).
 */
export function mappingAnswer(target: string, ownHost: string): PathMapping {
  if (target.startsWith('/') && !target.startsWith('//')) return { status: 301, url: target, internal: true };
  const url = new URL(target, `https://${ownHost}`); // '//host/…' names another host
  if (url.host.toLowerCase() === ownHost.toLowerCase() && !url.pathname.startsWith('//'))
    return { status: 301, url: `${url.pathname}${url.search}${url.hash}`, internal: true };
  return { status: 302, url: url.toString(), internal: false };
}

/** The mapping for a requested URL, or undefined when there is none. */
export async function mapPath(db: Db, requested: string, ownHost: string): Promise<PathMapping | undefined> {
  const keys = mappingKeys(requested);
  if (keys.length === 0) return undefined;
  const rows = await db.query<{ path: string; url: string }>(
    'SELECT path, url FROM path_mapping WHERE path = ANY($1::text[])',
    [keys],
    { prepare: true },
  );
  // The more specific key (with the query) wins.
  const hit = keys.map((k) => rows.find((r) => r.path === k)).find((r) => r !== undefined);
  return hit ? mappingAnswer(hit.url, ownHost) : undefined;
}
