import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { islandTranslator } from '../messages.ts';
import { loadSession, signOutEverywhere } from '../session/index.ts';
import { apiErrorText, type Messages, Outcome } from './shared.tsx';

export const SETTINGS_MESSAGES = [
  'account.forms.username',
  'account.forms.email',
  'account.forms.failed',
  'account.pages.settings.signedInAs',
  'account.pages.settings.everywhere',
  'account.pages.settings.everywhereText',
  'account.pages.settings.loading',
  'account.pages.settings.later',
  'account.pages.settings.unverified',
  'account.pages.settings.verifyLink',
] as const;

type Props = { messages: Messages<(typeof SETTINGS_MESSAGES)[number]>; signIn: string; verify: string; home: string };

/**
 * /user/settings, for the signed-in only (§2 Guards: signed out → sign-in with `next`, checked
 * here because the page is cached): who is signed in, and signing out everywhere. Changing the
 * profile, password, e-mail and picture (PATCH site/users and the picture calls) comes with
 * their contracts.
 */
export default function SettingsPanel({ messages, signIn, verify, home }: Props) {
  const t = islandTranslator(messages);
  const user = useStore($user);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (user === null) location.replace(`${signIn}?next=${encodeURIComponent(location.pathname + location.search)}`);
  }, [user, signIn]);

  if (!user) return <p role="status">{t('account.pages.settings.loading')}</p>;
  return (
    <>
      <section className="account-form" aria-labelledby="settings-who">
        <h2 id="settings-who">
          {t('account.pages.settings.signedInAs', { name: user.display_name || user.username })}
        </h2>
        <dl className="facts">
          <dt>{t('account.forms.username')}</dt>
          <dd>{user.username}</dd>
          <dt>{t('account.forms.email')}</dt>
          <dd>{user.email}</dd>
        </dl>
        {user.verified ? null : (
          <p>
            {t('account.pages.settings.unverified')} <a href={verify}>{t('account.pages.settings.verifyLink')}</a>
          </p>
        )}
        <p className="note">{t('account.pages.settings.later')}</p>
      </section>
      <section className="account-form secondary" aria-labelledby="settings-everywhere">
        <h2 id="settings-everywhere">{t('account.pages.settings.everywhere')}</h2>
        <p>{t('account.pages.settings.everywhereText')}</p>
        <Outcome error={failure} />
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setFailure(null);
            try {
              await signOutEverywhere();
              location.assign(home);
            } catch (e) {
              setBusy(false);
              setFailure(apiErrorText(e, t('account.forms.failed')));
            }
          }}
        >
          {t('account.pages.settings.everywhere')}
        </button>
      </section>
    </>
  );
}
