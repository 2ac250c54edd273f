import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { islandTranslator } from '../messages.ts';
import { loadSession, signOutEverywhere } from '../session/index.ts';
import { forgetUnsavedChanges } from './leave-warning.ts';
import SettingsDelete from './SettingsDelete.tsx';
import SettingsEmail from './SettingsEmail.tsx';
import SettingsPassword from './SettingsPassword.tsx';
import SettingsPicture from './SettingsPicture.tsx';
import SettingsProfile from './SettingsProfile.tsx';
import { SETTINGS_MESSAGES, type SettingsKey } from './settings-shared.ts';
import { apiErrorText, type Messages, Outcome } from './shared.tsx';

export { SETTINGS_MESSAGES };

type Props = { messages: Messages<SettingsKey>; signIn: string; verify: string; home: string };

/**
 * /user/settings, for the signed-in only (§2 Guards: signed out → sign-in with `next`, checked
 * here because the page is cached): who is signed in; the profile, password, e-mail address and
 * picture (Settings*.tsx, each its own form and call); signing out everywhere; deleting the account.
 */
export default function SettingsPanel({ messages, signIn, verify, home }: Props) {
  const t = islandTranslator(messages);
  const user = useStore($user);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set when signing out here goes elsewhere (home), so the guard below does not send to sign-in instead. */
  const leaving = useRef(false);
  const leave = () => {
    leaving.current = true;
    forgetUnsavedChanges();
  };
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (user === null && !leaving.current)
      location.replace(`${signIn}?next=${encodeURIComponent(location.pathname + location.search)}`);
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
      </section>
      {/* Keyed by the user, so a form starts from what is saved when someone else signs in in another tab. */}
      <SettingsProfile key={`profile-${user.user_id}`} user={user} t={t} />
      <SettingsPicture user={user} t={t} />
      <SettingsPassword user={user} t={t} />
      <SettingsEmail user={user} t={t} verify={verify} />
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
              leave();
              await signOutEverywhere();
              location.assign(home);
            } catch (e) {
              leaving.current = false;
              setBusy(false);
              setFailure(apiErrorText(e, t('account.forms.failed')));
            }
          }}
        >
          {t('account.pages.settings.everywhere')}
        </button>
      </section>
      <SettingsDelete user={user} t={t} home={home} onLeave={leave} />
    </>
  );
}
