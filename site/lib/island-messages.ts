import type { MessageKey, Translate } from '@kerygma/i18n/t';
import type { IslandMessages } from '../islands/messages.ts';

/**
 * The island's messages in the page's language: each key's text unformatted (placeholders and
 * plural forms kept), for the island to format in the browser (islands/messages.ts).
 */
export function islandMessages<K extends MessageKey>(
  t: Translate,
  lang: string,
  keys: readonly K[],
): IslandMessages<K> {
  return { lang, text: Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<K, string> };
}
