import { type SubmitEvent, useRef, useState } from 'react';
import { islandTranslator } from '../messages.ts';
import { signIn } from '../session/index.ts';
import { afterSignIn } from './destinations.ts';
import {
  apiErrorText,
  Field,
  focusFirstInvalid,
  type Messages,
  Outcome,
  pageNext,
  useGuestOnly,
  useHydrated,
} from './shared.tsx';

export const LOGIN_MESSAGES = [
  'account.forms.usernameOrEmail',
  'account.forms.password',
  'account.forms.remember',
  'account.forms.required',
  'account.forms.failed',
  'account.forms.sending',
  'account.pages.login.submit',
] as const;

type Props = { messages: Messages<(typeof LOGIN_MESSAGES)[number]>; library: string; settings: string };

/** /user/login: username or e-mail, password, remember me; then `next` or the §2 destination. */
export default function LoginForm({ messages, library, settings }: Props) {
  const t = islandTranslator(messages);
  const ready = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useGuestOnly(settings, !busy);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const found = {
      ...(name ? {} : { name: t('account.forms.required') }),
      ...(password ? {} : { password: t('account.forms.required') }),
    };
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      const user = await signIn(name, password, data.get('remember') === 'on');
      location.assign(afterSignIn(user, library, pageNext()));
    } catch (error) {
      setBusy(false);
      setFailure(apiErrorText(error, t('account.forms.failed')));
    }
  }

  return (
    <form ref={form} className="account-form" method="post" noValidate onSubmit={submit}>
      <Field
        id="login-name"
        name="name"
        label={t('account.forms.usernameOrEmail')}
        autoComplete="username"
        required
        error={errors.name}
      />
      <Field
        id="login-password"
        name="password"
        type="password"
        label={t('account.forms.password')}
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="check">
        <input id="login-remember" name="remember" type="checkbox" />
        <label htmlFor="login-remember">{t('account.forms.remember')}</label>
      </div>
      <Outcome error={failure} />
      <button type="submit" className="primary" disabled={busy || !ready}>
        {busy ? t('account.forms.sending') : t('account.pages.login.submit')}
      </button>
    </form>
  );
}
