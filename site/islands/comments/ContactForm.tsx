import { COMMENT_RULES } from '@kerygma/domain/comments';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { loadSession, sessionCall } from '../session/index.ts';
import { type CommentCalls, errorText, ROUTES, signInHref } from './comment-calls.ts';

export const CONTACT_MESSAGES = [
  'contact.subject',
  'contact.message',
  'contact.send',
  'contact.sending',
  'contact.sent',
  'contact.signIn',
  'contact.verifyFirst',
  'comments.loadFailed',
] as const;

/**
 * The form that mails a message to a broadcaster (spec §2 /contact/{broadcasterID}, §7
 * message_from_user): for a signed-in user with a verified address; the broadcaster's address
 * stays on the server, and the reply comes to the user's own.
 */
export default function ContactForm(props: {
  broadcasterID: string;
  loginPath: string;
  messages: IslandMessages<(typeof CONTACT_MESSAGES)[number]>;
}) {
  const t = islandTranslator(props.messages);
  const user = useStore($user);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);

  useEffect(() => {
    loadSession().catch(() => {});
  }, []);

  if (user === null)
    return (
      <p>
        <a href={signInHref(props.loginPath)}>{t('contact.signIn')}</a>
      </p>
    );
  if (user && !user.verified) return <p>{t('contact.verifyFirst')}</p>;

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    setSending(true);
    setNotice(null);
    try {
      await sessionCall<CommentCalls['messageBroadcaster']>(ROUTES.messageBroadcaster, {
        params: { broadcasterID: props.broadcasterID },
        body: { subject, message },
      });
      setSubject('');
      setMessage('');
      setNotice({ error: false, text: t('contact.sent') });
    } catch (error) {
      setNotice({ error: true, text: errorText(error, t('comments.loadFailed')) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="contact-form" onSubmit={submit}>
      <label htmlFor="contact-subject">{t('contact.subject')}</label>
      <input
        id="contact-subject"
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        maxLength={COMMENT_RULES.contactSubjectMaxLength}
        required
      />
      <label htmlFor="contact-message">{t('contact.message')}</label>
      <textarea
        id="contact-message"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        minLength={COMMENT_RULES.contactMessageMinLength}
        maxLength={COMMENT_RULES.contactMessageMaxLength}
        rows={8}
        required
      />
      <button type="submit" disabled={sending || !user}>
        {sending ? t('contact.sending') : t('contact.send')}
      </button>
      <p role="status" className={notice?.error ? 'notice error' : 'notice'}>
        {notice?.text}
      </p>
    </form>
  );
}
