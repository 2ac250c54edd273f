import type { userContracts } from '@kerygma/domain/contracts/users';
import { type SubmitEvent, useState } from 'react';
import { sessionCall, userChanged } from '../session/index.ts';
import { useLeaveWarning } from './leave-warning.ts';
import type { SettingsPartProps } from './settings-shared.ts';
import { ACCOUNT_RULES, apiErrorText, Field, focusFirstInvalid, Outcome, rules } from './shared.tsx';

type Users = typeof userContracts;
const CHANGE = { method: 'POST', path: '/site/users/change_email' } as const satisfies Pick<
  Users['changeEmail'],
  'method' | 'path'
>;

/**
 * Changing the e-mail address: the password and the new address; a code goes to it, and the
 * address waiting for it (`pending_email`) shows until the code is used at /user/verify.
 */
export default function SettingsEmail({ user, t, verify }: SettingsPartProps & { verify: string }) {
  const [values, setValues] = useState({ current: '', email: '' });
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useLeaveWarning(Object.values(values).some(Boolean), t('account.forms.leaveQuestion'));
  const errors = {
    current: values.current ? null : t('account.forms.required'),
    email: rules.email(values.email.trim()) ? null : t('account.forms.ruleEmail'),
  };

  async function change(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setSubmitted(true);
    setFailure(null);
    setSent(false);
    if (Object.values(errors).some(Boolean)) return focusFirstInvalid(form);
    setBusy(true);
    try {
      const answer = await sessionCall<Users['changeEmail']>(CHANGE, {
        body: { current_password: values.current, email: values.email.trim() },
      });
      userChanged(answer.user);
      setValues({ current: '', email: '' });
      setSubmitted(false);
      setSent(true);
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
      aria-labelledby="settings-email-title"
    >
      <h2 id="settings-email-title">{t('account.pages.settings.emailTitle')}</h2>
      {user.pending_email ? (
        <p>
          {t('account.pages.settings.pendingEmail', { email: user.pending_email })}{' '}
          <a href={verify}>{t('account.pages.settings.enterCode')}</a>
        </p>
      ) : null}
      <Field
        id="settings-email-new"
        name="email"
        type="email"
        label={t('account.forms.newEmail')}
        autoComplete="email"
        maxLength={ACCOUNT_RULES.emailMaxLength}
        value={values.email}
        onChange={(e) => {
          const email = e.currentTarget.value;
          setValues((now) => ({ ...now, email }));
        }}
        error={submitted ? errors.email : null}
      />
      <Field
        id="settings-email-password"
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
      <Outcome
        error={failure}
        done={sent && user.pending_email ? t('account.pages.settings.emailSent', { email: user.pending_email }) : null}
      />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('account.forms.sending') : t('account.pages.settings.changeEmail')}
      </button>
    </form>
  );
}
