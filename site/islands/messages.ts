import { interpolate, type MessageParams } from '@kerygma/i18n/interpolate';
import type { MessageKey } from '@kerygma/i18n/t';

/**
 * The messages an island is given: only the keys it uses, in the page's language, picked on
 * the server (lib/island-messages.ts) and passed as the island's props, so no catalogue ships
 * to the browser.
 */
export type IslandMessages<K extends MessageKey> = { lang: string; text: Record<K, string> };

/** A translate function over an island's messages (plural forms by the page's language). */
export function islandTranslator<K extends MessageKey>(messages: IslandMessages<K>) {
  return (key: K, params?: MessageParams): string => interpolate(messages.text[key], params, messages.lang);
}
