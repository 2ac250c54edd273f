import type { ApiClient } from '@kerygma/api/client';

export type MappedRedirect = { status: 301 | 302; location: string };

/**
 * Where the path mappings send an address no page answers (spec §2 "Legacy redirects": POST
 * map-path): 301 to a page of this site, in the reader's language (`localize`), or 302 to
 * another site; undefined when there is no mapping or the lookup fails.
 */
export async function mappedRedirect(
  api: ApiClient,
  pathWithQuery: string,
  localize: (path: string) => string,
): Promise<MappedRedirect | undefined> {
  const mapped = await api.mapPath(pathWithQuery);
  // An internal answer must be a path on this site ('//host' would leave it).
  if (mapped?.internal && /^\/(?![/\\])/.test(mapped.url)) return { status: 301, location: localize(mapped.url) };
  if (mapped && !mapped.internal && /^https?:\/\//.test(mapped.url)) return { status: 302, location: mapped.url };
  return undefined;
}
