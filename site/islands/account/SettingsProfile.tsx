import type { userContracts } from '@kerygma/domain/contracts/users';
import { type SubmitEvent, useState } from 'react';
import { sessionCall, userChanged } from '../session/index.ts';
import type { SettingsPartProps } from './settings-shared.ts';
import { ACCOUNT_RULES, apiErrorText, Field, focusFirstInvalid, Outcome } from './shared.tsx';

type Users = typeof userContracts;
const UPDATE = { method: 'PATCH', path: '/site/users' } as const satisfies Pick<Users['updateUser'], 'method' | 'path'>;

const CHECKS = [
  ['notify_email', 'account.pages.settings.notifyEmail'],
  ['notify_mobile', 'account.pages.settings.notifyMobile'],
  ['newsletter_opt_in', 'account.pages.settings.newsletter'],
] as const;
type Check = (typeof CHECKS)[number][0];

/** The profile: display name, location, the daily e-mail of new sermons, phone notifications, the newsletter (PATCH site/users). */
export default function SettingsProfile({ user, t }: SettingsPartProps) {
  const [name, setName] = useState(user.display_name || user.username);
  const [place, setPlace] = useState(user.display_location);
  const [checks, setChecks] = useState<Record<Check, boolean>>({
    notify_email: user.notify_email,
    notify_mobile: user.notify_mobile,
    newsletter_opt_in: user.newsletter_opt_in,
  });
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setFailure(null);
    setDone(null);
    if (!name.trim()) {
      setNameError(t('account.forms.required'));
      return focusFirstInvalid(form);
    }
    setNameError(null);
    setBusy(true);
    try {
      const saved = await sessionCall<Users['updateUser']>(UPDATE, {
        body: { display_name: name.trim(), display_location: place.trim(), ...checks },
      });
      userChanged(saved);
      setDone(t('account.pages.settings.saved'));
    } catch (err) {
      setFailure(apiErrorText(err, t('account.forms.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="account-form secondary"
      method="post"
      noValidate
      onSubmit={save}
      aria-labelledby="settings-profile"
    >
      <h2 id="settings-profile">{t('account.pages.settings.profileTitle')}</h2>
      <Field
        id="settings-name"
        name="display_name"
        label={t('account.pages.settings.displayName')}
        autoComplete="name"
        maxLength={ACCOUNT_RULES.displayNameMaxLength}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={nameError}
      />
      <Field
        id="settings-location"
        name="display_location"
        label={t('account.pages.settings.location')}
        autoComplete="address-level2"
        maxLength={ACCOUNT_RULES.displayLocationMaxLength}
        value={place}
        onChange={(e) => setPlace(e.currentTarget.value)}
      />
      {CHECKS.map(([key, label]) => (
        <div className="check" key={key}>
          <input
            id={`settings-${key}`}
            name={key}
            type="checkbox"
            checked={checks[key]}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setChecks((now) => ({ ...now, [key]: on }));
            }}
          />
          <label htmlFor={`settings-${key}`}>{t(label)}</label>
        </div>
      ))}
      <Outcome error={failure} done={done} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('account.forms.sending') : t('account.pages.settings.saveProfile')}
      </button>
    </form>
  );
}
