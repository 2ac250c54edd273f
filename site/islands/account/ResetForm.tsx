import type { userContracts } from '@kerygma/domain/contracts/users';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { islandTranslator } from '../messages.ts';
import { loadSession } from '../session/index.ts';
import {
  ACCOUNT_RULES,
  apiErrorText,
  Field,
  focusFirstInvalid,
  type Messages,
  NEW_PASSWORD_MESSAGES,
  NewPasswordFields,
  newPasswordErrors,
  Outcome,
  publicApi,
  rules,
  useHydrated,
} from './shared.tsx';

type Users = typeof userContracts;
const REQUEST = { method: 'POST', path: '/site/users/:username/requestreset' } as const satisfies Pick<
  Users['requestPasswordReset'],
  'method' | 'path'
>;
const RESET = { method: 'POST', path: '/site/users/reset' } as const satisfies Pick<
  Users['resetPassword'],
  'method' | 'path'
>;

export const RESET_MESSAGES = [
  ...NEW_PASSWORD_MESSAGES,
  'account.forms.usernameOrEmail',
  'account.forms.code',
  'account.forms.required',
  'account.forms.failed',
  'account.forms.sending',
  'account.pages.reset.requestIntro',
  'account.pages.reset.request',
  'account.pages.reset.requested',
  'account.pages.reset.setIntro',
  'account.pages.reset.submit',
  'account.pages.reset.done',
  'account.pages.about.signIn',
  'error.account.codeInvalid',
] as const;

type Props = { messages: Messages<(typeof RESET_MESSAGES)[number]>; signIn: string };

/** /user/reset-password: ask for a code by username or e-mail; then the code (or the link's) and a new password. */
export default function ResetForm({ messages, signIn }: Props) {
  const t = islandTranslator(messages);
  const ready = useHydrated();
  const setForm = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<'request' | 'set' | 'done'>('request');
  const [requested, setRequested] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [values, setValues] = useState({ code: '', password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const code = new URLSearchParams(location.search).get('code');
    if (code) {
      setValues((v) => ({ ...v, code }));
      setStep('set');
    }
  }, []);

  async function request(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    if (!name.trim()) return setNameError(t('account.forms.required'));
    setNameError(null);
    setBusy(true);
    try {
      await publicApi().call<Users['requestPasswordReset']>(REQUEST, { params: { username: name.trim() } });
      setRequested(true);
      setStep('set');
    } catch (err) {
      setFailure(apiErrorText(err, t('account.forms.failed')));
    } finally {
      setBusy(false);
    }
  }

  const errors = {
    code: rules.code(values.code) ? null : t('error.account.codeInvalid'),
    ...newPasswordErrors(t, values.password, values.confirm),
  };
  async function reset(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean)) return focusFirstInvalid(setForm.current);
    setBusy(true);
    try {
      await publicApi().call<Users['resetPassword']>(RESET, {
        body: { password_reset_code: values.code.replace(/\s+/g, '').toUpperCase(), password: values.password },
      });
      // Every session of the account has ended: this tab's too.
      await loadSession({ again: true });
      setStep('done');
    } catch (err) {
      setFailure(apiErrorText(err, t('account.forms.failed')));
    } finally {
      setBusy(false);
    }
  }

  if (step === 'done') {
    return (
      <div className="account-form">
        <p role="status" className="form-done">
          {t('account.pages.reset.done')}
        </p>
        <a className="button primary" href={signIn}>
          {t('account.pages.about.signIn')}
        </a>
      </div>
    );
  }
  if (step === 'request') {
    return (
      <form className="account-form" method="post" noValidate onSubmit={request}>
        <p>{t('account.pages.reset.requestIntro')}</p>
        <Field
          id="reset-name"
          name="username"
          label={t('account.forms.usernameOrEmail')}
          autoComplete="username"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
        />
        <Outcome error={failure} />
        <button type="submit" className="primary" disabled={busy || !ready}>
          {busy ? t('account.forms.sending') : t('account.pages.reset.request')}
        </button>
      </form>
    );
  }
  const set = (key: keyof typeof values) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setValues((now) => ({ ...now, [key]: value }));
  };
  return (
    <form ref={setForm} className="account-form" method="post" noValidate onSubmit={reset}>
      {requested ? (
        <p role="status" className="form-done">
          {t('account.pages.reset.requested')}
        </p>
      ) : null}
      <p>{t('account.pages.reset.setIntro')}</p>
      <Field
        id="reset-code"
        name="code"
        label={t('account.forms.code')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={ACCOUNT_RULES.codeLength + 4}
        value={values.code}
        onChange={set('code')}
        error={submitted ? errors.code : null}
      />
      <NewPasswordFields
        id="reset"
        t={t}
        password={values.password}
        confirm={values.confirm}
        onPassword={(password) => setValues((now) => ({ ...now, password }))}
        onConfirm={(confirm) => setValues((now) => ({ ...now, confirm }))}
        errors={submitted ? errors : null}
      />
      <Outcome error={failure} />
      <button type="submit" className="primary" disabled={busy || !ready}>
        {busy ? t('account.forms.sending') : t('account.pages.reset.submit')}
      </button>
    </form>
  );
}
