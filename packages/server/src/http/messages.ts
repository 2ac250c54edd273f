import { isLocale, pickLocale } from '@kerygma/i18n/locales';
import { loadMessages, type MessageKey, type MessageTree, translator } from '@kerygma/i18n/t';
import type { FastifyRequest } from 'fastify';
import type { MessageRef } from '../errors.ts';

/** Error texts in the request's language (Accept-Language), English when it has none. */
export async function messageTranslator(req: FastifyRequest): Promise<(ref: MessageRef | string) => string> {
  const header = req.headers['accept-language'];
  const locale = pickLocale({ acceptLanguage: Array.isArray(header) ? header[0] : header });
  const messages: MessageTree = await loadMessages(isLocale(locale) ? locale : 'en');
  const t = translator(messages);
  return (ref) => (typeof ref === 'string' ? ref : t(ref.key as MessageKey, ref.params));
}
