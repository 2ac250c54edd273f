import type { Db } from '../db/db.ts';
import { pathMappings } from './reference.queries.ts';

/** The answer of POST map-path (spec §2 "Legacy redirects", §7): where an unmatched path goes. */
export type PathMapping = { status: 301 | 302; url: string; internal: boolean };

/** A requested URL or path (POST map-path's `url`) as a URL; undefined when it is none. */
function parseRequested(requested: string): URL | undefined {
  try {
    return new URL(requested, 'http://mapping.invalid');
  } catch {
    return undefined;
  }
}

/**
 * The lookup key of a requested URL or path: the lower-cased path without a trailing slash,
 * with and without its query (a mapping may name one query, e.g. '/sermons.asp?currsection=new').
 */
export function mappingKeys(requested: string): string[] {
  const url = parseRequested(requested);
  if (!url) return [];
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
 * Query parameters that a mapped page of ours still understands, by the target's path: the old
 * search ('/search.asp?keyword=grace') lands on '/search?q=grace' instead of an empty search.
 * Parameter names are matched ignoring case, as the old ASP site did.
 */
const CARRIED_QUERY: Record<string, { from: readonly string[]; to: string }> = {
  '/search': { from: ['keyword', 'q'], to: 'q' },
};

/** `answer` with the parameters of `requested` its page takes (CARRIED_QUERY). */
function withCarriedQuery(answer: PathMapping, requested: string): PathMapping {
  const target = answer.internal ? new URL(answer.url, 'http://mapping.invalid') : undefined;
  const carried = target && CARRIED_QUERY[target.pathname];
  const params = parseRequested(requested)?.searchParams;
  const value = carried && params && firstValue(params, carried.from);
  if (!target || !carried || value === undefined) return answer;
  target.searchParams.set(carried.to, value);
  return { ...answer, url: `${target.pathname}${target.search}${target.hash}` };
}

/** The first value, trimmed and not blank, of a parameter named one of `names` (ignoring case), in their order. */
function firstValue(params: URLSearchParams, names: readonly string[]): string | undefined {
  for (const name of names) {
    for (const [key, value] of params) if (key.toLowerCase() === name && value.trim()) return value.trim();
  }
  return undefined;
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
  const rows = await pathMappings(db, keys);
  // The more specific key (with the query) wins.
  const hit = keys.map((k) => rows.find((r) => r.path === k)).find((r) => r !== undefined);
  return hit ? withCarriedQuery(mappingAnswer(hit.url, ownHost), requested) : undefined;
}
