import { getLocale, type LocaleCode, localizePath, pickLocale, readLocaleCookie } from '@kerygma/i18n/locales';
import { getTranslator, type MessageKey } from '@kerygma/i18n/t';
import type { FastifyRequest } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';

/** The language a request is in: the language cookie, else Accept-Language (spec §4). */
export function requestLocale(req: FastifyRequest): LocaleCode {
  const header = req.headers['accept-language'];
  return pickLocale({
    cookie: readLocaleCookie(req.headers.cookie),
    acceptLanguage: Array.isArray(header) ? header[0] : header,
  });
}

type CodeMail = { to: string; name: string; locale: string; code: string; origin: string };

/** The page a code's link opens, in the account's language. */
const PAGES = { verify: '/user/verify', reset: '/user/reset-password' } as const;
const TEXTS = {
  verify: { subject: 'account.mail.verifySubject', body: 'account.mail.verifyBody' },
  reset: { subject: 'account.mail.resetSubject', body: 'account.mail.resetBody' },
} as const satisfies Record<keyof typeof PAGES, { subject: MessageKey; body: MessageKey }>;

/** Mails a verification or reset code, in the account's language, with a link that carries it. */
export async function mailCode(send: Mailer, purpose: keyof typeof PAGES, mail: CodeMail): Promise<void> {
  const locale = getLocale(mail.locale).code;
  const t = await getTranslator(locale);
  const link = `${mail.origin}${localizePath(PAGES[purpose], locale)}?code=${mail.code}`;
  await send({
    to: mail.to,
    subject: t(TEXTS[purpose].subject),
    text: t(TEXTS[purpose].body, { name: mail.name, code: mail.code, link }),
  });
}
