import type { userContracts } from '@kerygma/domain/contracts/users';
import { type SubmitEvent, useState } from 'react';
import { sessionCall, userChanged } from '../session/index.ts';
import { useLeaveWarning } from './leave-warning.ts';
import type { SettingsPartProps } from './settings-shared.ts';
import { apiErrorText, Field, focusFirstInvalid, NewPasswordFields, newPasswordErrors, Outcome } from './shared.tsx';

type Users = typeof userContracts;
const CHANGE = { method: 'POST', path: '/site/users/change_password' } as const satisfies Pick<
  Users['changePassword'],
  'method' | 'path'
>;

const EMPTY = { current: '', password: '', confirm: '' };

/** Changing the password: the current one, a new one by the §5 rules, confirmed. The server ends the other sessions. */
export default function SettingsPassword({ t }: SettingsPartProps) {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useLeaveWarning(Object.values(values).some(Boolean), t('account.forms.leaveQuestion'));
  const errors = {
    current: values.current ? null : t('account.forms.required'),
    ...newPasswordErrors(t, values.password, values.confirm),
  };

  async function change(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setSubmitted(true);
    setFailure(null);
    setDone(null);
    if (Object.values(errors).some(Boolean)) return focusFirstInvalid(form);
    setBusy(true);
    try {
      const answer = await sessionCall<Users['changePassword']>(CHANGE, {
        body: { current_password: values.current, password: values.password },
      });
      userChanged(answer.user, { newTokens: true });
      setValues(EMPTY);
      setSubmitted(false);
      setDone(t('account.pages.settings.passwordChanged'));
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
      onSubmit={change}
      aria-labelledby="settings-password-title"
    >
      <h2 id="settings-password-title">{t('account.pages.settings.passwordTitle')}</h2>
      <Field
        id="settings-password-current"
        name="current_password"
        type="password"
        label={t('account.forms.currentPassword')}
        autoComplete="current-password"
        value={values.current}
        onChange={(e) => {
          const current = e.currentTarget.value;
          setValues((now) => ({ ...now, current }));
        }}
        error={submitted ? errors.current : null}
      />
      <NewPasswordFields
        id="settings-new"
        t={t}
        password={values.password}
        confirm={values.confirm}
        onPassword={(password) => setValues((now) => ({ ...now, password }))}
        onConfirm={(confirm) => setValues((now) => ({ ...now, confirm }))}
        errors={submitted ? errors : null}
      />
      <Outcome error={failure} done={done} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('account.forms.sending') : t('account.pages.settings.changePassword')}
      </button>
    </form>
  );
}
