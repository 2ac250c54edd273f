import { createHash } from 'node:crypto';

/** The Podcasting 2.0 namespace's own UUID namespace for podcast:guid. */
const PODCAST_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/**
 * podcast:guid of a feed: a UUIDv5 (RFC 4122) of its address without the scheme and trailing
 * slashes, as the namespace defines it, so anyone can compute the same one from the address
 * (podroll entries name other feeds this way too).
 */
export function podcastGuid(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''));
}

/** A name's UUIDv5 in the podcast namespace (Atom entries' ids are made of item guids this way). */
export function uuidV5(name: string): string {
  const namespace = Buffer.from(PODCAST_NAMESPACE.replaceAll('-', ''), 'hex');
  const bytes = createHash('sha1').update(namespace).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
