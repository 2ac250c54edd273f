import type { userContracts } from '@kerygma/domain/contracts/users';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { islandTranslator } from '../messages.ts';
import { signIn } from '../session/index.ts';
import { PENDING_NEXT_KEY } from './destinations.ts';
import {
  ACCOUNT_RULES,
  apiErrorText,
  Field,
  focusFirstInvalid,
  type Messages,
  Outcome,
  pageNext,
  passwordOk,
  publicApi,
  RULE_MESSAGES,
  RuleList,
  rules,
  useGuestOnly,
  useHydrated,
} from './shared.tsx';

type Users = typeof userContracts;
const AVAILABLE = { method: 'GET', path: '/site/users/available' } as const satisfies Pick<
  Users['userAvailable'],
  'method' | 'path'
>;
const SIGN_UP = { method: 'POST', path: '/site/users/:username' } as const satisfies Pick<
  Users['signUp'],
  'method' | 'path'
>;

export const SIGN_UP_MESSAGES = [
  ...RULE_MESSAGES,
  'account.forms.username',
  'account.forms.email',
  'account.forms.displayName',
  'account.forms.password',
  'account.forms.confirmPassword',
  'account.forms.ruleUsername',
  'account.forms.ruleEmail',
  'account.forms.checking',
  'account.forms.usernameFree',
  'account.forms.emailFree',
  'account.forms.fixErrors',
  'account.forms.failed',
  'account.forms.sending',
  'account.pages.signup.submit',
  'error.account.usernameTaken',
  'error.account.emailTaken',
] as const;

type Props = {
  messages: Messages<(typeof SIGN_UP_MESSAGES)[number]>;
  /** The verification page, where the new account goes next. */
  verify: string;
  settings: string;
};

type Availability = 'unknown' | 'checking' | 'free' | 'taken';

/** Asks whether a username or address is free, 400 ms after the person stops typing. */
function useAvailability(kind: 'username' | 'email', value: string, valid: boolean): Availability {
  const [state, setState] = useState<Availability>('unknown');
  useEffect(() => {
    if (!valid) return setState('unknown');
    setState('checking');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      publicApi()
        .call<Users['userAvailable']>(AVAILABLE, { query: { [kind]: value }, signal: controller.signal, noCache: true })
        .then((a) => setState(a.available ? 'free' : 'taken'))
        .catch(() => setState('unknown'));
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, value, valid]);
  return state;
}

/** /signup and /user/login?signup=true: a new account, the §5 rules shown as the person types. */
export default function SignUpForm({ messages, verify, settings }: Props) {
  const t = islandTranslator(messages);
  const ready = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ username: '', email: '', display: '', password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useGuestOnly(settings, !busy);
  const username = useAvailability('username', values.username, rules.username(values.username));
  const email = useAvailability('email', values.email, rules.email(values.email));
  const set = (key: keyof typeof values) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setValues((now) => ({ ...now, [key]: value }));
  };

  const usernameRule = t('account.forms.ruleUsername', {
    min: ACCOUNT_RULES.usernameMinLength,
    max: ACCOUNT_RULES.usernameMaxLength,
  });
  const errors = {
    username: !rules.username(values.username)
      ? usernameRule
      : username === 'taken'
        ? t('error.account.usernameTaken')
        : null,
    email: !rules.email(values.email)
      ? t('account.forms.ruleEmail')
      : email === 'taken'
        ? t('error.account.emailTaken')
        : null,
    password: passwordOk(values.password) ? null : t('account.forms.fixErrors'),
    confirm: values.confirm === values.password && values.confirm ? null : t('account.forms.ruleMatch'),
  };
  // Taken names show at once; the rest once the person has tried to send the form.
  const shown = (key: keyof typeof errors, taken: boolean) => (submitted || taken ? errors[key] : null);
  const note = (state: Availability, free: string) =>
    state === 'checking' ? t('account.forms.checking') : state === 'free' ? free : null;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean)) {
      setFailure(t('account.forms.fixErrors'));
      return focusFirstInvalid(form.current);
    }
    setBusy(true);
    try {
      await publicApi().call<Users['signUp']>(SIGN_UP, {
        params: { username: values.username },
        body: {
          email: values.email,
          password: values.password,
          password_confirmation: values.confirm,
          ...(values.display.trim() ? { display_name: values.display.trim() } : {}),
        },
      });
      await signIn(values.username, values.password, false);
      const next = pageNext();
      try {
        if (next) sessionStorage.setItem(PENDING_NEXT_KEY, next);
        else sessionStorage.removeItem(PENDING_NEXT_KEY);
      } catch {
        // Storage refused: the verified person continues to their library instead.
      }
      const query = new URLSearchParams({ new: values.email, ...(next ? { next } : {}) });
      location.assign(`${verify}?${query}`);
    } catch (error) {
      setBusy(false);
      setFailure(apiErrorText(error, t('account.forms.failed')));
    }
  }

  const passwordRules: [string, boolean][] = [
    [
      t('account.forms.rulePasswordLength', { min: ACCOUNT_RULES.passwordMinLength }),
      rules.passwordLength(values.password),
    ],
    [t('account.forms.rulePasswordLower'), rules.passwordLower(values.password)],
    [t('account.forms.rulePasswordCapital'), rules.passwordCapital(values.password)],
  ];
  return (
    <form ref={form} className="account-form" method="post" noValidate onSubmit={submit}>
      <Field
        id="signup-username"
        name="username"
        label={t('account.forms.username')}
        autoComplete="username"
        required
        maxLength={ACCOUNT_RULES.usernameMaxLength}
        value={values.username}
        onChange={set('username')}
        error={shown('username', username === 'taken')}
        hint={
          <>
            <p>{usernameRule}</p>
            <p aria-live="polite">{note(username, t('account.forms.usernameFree'))}</p>
          </>
        }
      />
      <Field
        id="signup-email"
        name="email"
        type="email"
        label={t('account.forms.email')}
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={shown('email', email === 'taken')}
        hint={<p aria-live="polite">{note(email, t('account.forms.emailFree'))}</p>}
      />
      <Field
        id="signup-display"
        name="display_name"
        label={t('account.forms.displayName')}
        autoComplete="name"
        maxLength={ACCOUNT_RULES.displayNameMaxLength}
        value={values.display}
        onChange={set('display')}
      />
      <Field
        id="signup-password"
        name="password"
        type="password"
        label={t('account.forms.password')}
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={shown('password', false)}
        hint={
          <RuleList
            id="signup-password-rules"
            items={passwordRules}
            met={t('account.forms.met')}
            missing={t('account.forms.notMet')}
          />
        }
      />
      <Field
        id="signup-confirm"
        name="password_confirmation"
        type="password"
        label={t('account.forms.confirmPassword')}
        autoComplete="new-password"
        required
        value={values.confirm}
        onChange={set('confirm')}
        error={shown('confirm', false)}
      />
      <Outcome error={failure} />
      <button type="submit" className="primary" disabled={busy || !ready}>
        {busy ? t('account.forms.sending') : t('account.pages.signup.submit')}
      </button>
    </form>
  );
}
