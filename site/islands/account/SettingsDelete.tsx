import type { userContracts } from '@kerygma/domain/contracts/users';
import { type SubmitEvent, useState } from 'react';
import { accountDeleted, sessionCall } from '../session/index.ts';
import type { SettingsPartProps } from './settings-shared.ts';
import { apiErrorText, Field, focusFirstInvalid, Outcome } from './shared.tsx';

type Users = typeof userContracts;
const DELETE = { method: 'DELETE', path: '/site/users' } as const satisfies Pick<
  Users['deleteUser'],
  'method' | 'path'
>;

/** Deleting the account: the password and an explicit confirmation; then signed out, stored data cleared, sent home (§4). */
export default function SettingsDelete({
  t,
  home,
  onLeave,
}: SettingsPartProps & {
  home: string /** Told before the user is signed out, so the page goes home. */;
  onLeave: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = {
    password: password ? null : t('account.forms.required'),
    confirmed: confirmed ? null : t('account.pages.settings.deleteConfirmNeeded'),
  };

  async function remove(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setSubmitted(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean)) return focusFirstInvalid(form);
    setBusy(true);
    try {
      await sessionCall<Users['deleteUser']>(DELETE, { body: { password } });
      onLeave();
      accountDeleted();
      location.assign(home);
    } catch (err) {
      setBusy(false);
      setFailure(apiErrorText(err, t('account.forms.failed')));
    }
  }

  const confirmError = submitted ? errors.confirmed : null;
  return (
    <form
      className="account-form secondary"
      method="post"
      noValidate
      onSubmit={remove}
      aria-labelledby="settings-delete-title"
    >
      <h2 id="settings-delete-title">{t('account.pages.settings.deleteTitle')}</h2>
      <p>{t('account.pages.settings.deleteText')}</p>
      <Field
        id="settings-delete-password"
        name="password"
        type="password"
        label={t('account.forms.currentPassword')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={submitted ? errors.password : null}
      />
      <div className="field">
        <div className="check">
          <input
            id="settings-delete-confirm"
            name="confirm"
            type="checkbox"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.currentTarget.checked)}
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? 'settings-delete-confirm-error' : undefined}
          />
          <label htmlFor="settings-delete-confirm">{t('account.pages.settings.deleteConfirm')}</label>
        </div>
        {confirmError ? (
          <p id="settings-delete-confirm-error" className="field-error">
            {confirmError}
          </p>
        ) : null}
      </div>
      <Outcome error={failure} />
      <button type="submit" className="danger" disabled={busy}>
        {busy ? t('account.forms.sending') : t('account.pages.settings.deleteSubmit')}
      </button>
    </form>
  );
}
