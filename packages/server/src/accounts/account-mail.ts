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
const PAGES = { verify: '/user/verify', reset: '/user/reset-password', email: '/user/verify' } as const;
const TEXTS = {
  verify: { subject: 'account.mail.verifySubject', body: 'account.mail.verifyBody' },
  reset: { subject: 'account.mail.resetSubject', body: 'account.mail.resetBody' },
  email: { subject: 'account.profile.emailChangeSubject', body: 'account.profile.emailChangeBody' },
} as const satisfies Record<keyof typeof PAGES, { subject: MessageKey; body: MessageKey }>;

/** Mails a verification, reset or e-mail change code, in the account's language, with a link that carries it. */
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

/** Tells an account's old address that the account now uses another, in the account's language. */
export async function mailEmailChanged(
  send: Mailer,
  mail: { to: string; name: string; locale: string; email: string; origin: string },
): Promise<void> {
  const locale = getLocale(mail.locale).code;
  const t = await getTranslator(locale);
  await send({
    to: mail.to,
    subject: t('account.profile.emailChangedSubject'),
    text: t('account.profile.emailChangedBody', { name: mail.name, email: mail.email, link: mail.origin }),
  });
}
