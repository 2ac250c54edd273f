import { BROADCASTER_ROLE } from '@kerygma/domain/roles';
import { getLocale, localizePath } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import type { Db } from '../db/db.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { type EmailSettingsRow, emailSettingsOf } from './settings.queries.ts';

/** What a broadcaster's managers may be told by e-mail, by the e-mail setting that turns it on. */
const SETTING = {
  comment: 'comment_notifications',
  message: 'message_notifications',
  media: 'media_notifications',
  weeklyStats: 'weekly_stats',
} as const satisfies Record<string, keyof EmailSettingsRow>;
export type ManagerMailKind = keyof typeof SETTING;

export type ManagerMailDeps = {
  db: Db;
  mail: Mailer;
  /** The site's origin, for the links in the mail. */
  origin: string;
  log?: { warn(obj: object, msg: string): void } | undefined;
};
type Translator = Awaited<ReturnType<typeof getTranslator>>;
/** A site path made absolute in the reader's language (`/sermons/1` → `https://…/es/sermons/1`). */
type Link = (path: string) => string;

/**
 * E-mails the broadcaster's Admins and Uploaders (verified addresses, each in the language of
 * their account) about something that happened, when the broadcaster's e-mail settings
 * (dashboard account/email-settings) ask for that kind. `compose` writes the mail with the
 * reader's translator and links; a last line says why it came and where to turn it off.
 * Answers how many were sent. A mail that cannot be sent is
 * logged and the others still go: the write that caused it stands either way.
 */
export async function mailManagers(
  deps: ManagerMailDeps,
  broadcasterId: string,
  kind: ManagerMailKind,
  compose: (t: Translator, link: Link) => Omit<Mail, 'to'>,
): Promise<number> {
  const settings = await emailSettingsOf(deps.db, broadcasterId);
  if (!settings[SETTING[kind]]) return 0;
  const [broadcaster] = await deps.db.query<{ display_name: string }>(
    'SELECT display_name FROM broadcaster WHERE broadcaster_id = $1',
    [broadcasterId],
  );
  const managers = await deps.db.query<{ email: string; locale: string }>(
    `SELECT DISTINCT u.email, u.locale FROM user_broadcaster_role r JOIN app_user u USING (user_id)
      WHERE r.broadcaster_id = $1 AND r.role IN ($2, $3) AND u.verified AND NOT u.disabled`,
    [broadcasterId, BROADCASTER_ROLE.admin, BROADCASTER_ROLE.uploader],
  );
  let sent = 0;
  for (const manager of managers) {
    const locale = getLocale(manager.locale).code;
    const t = await getTranslator(locale);
    const link: Link = (path) => `${deps.origin}${localizePath(path, locale)}`;
    const mail = compose(t, link);
    const why = t('managerMail.footer', {
      broadcaster: broadcaster?.display_name ?? broadcasterId,
      settingsLink: `${link('/dashboard/account/email-settings')}?broadcasterID=${encodeURIComponent(broadcasterId)}`,
    });
    try {
      await deps.mail({ to: manager.email, ...mail, text: `${mail.text}\n\n-- \n${why}` });
      sent++;
    } catch (err) {
      deps.log?.warn({ err, broadcasterId, kind }, 'could not e-mail a broadcaster manager');
    }
  }
  return sent;
}
