import type { userContracts } from '@kerygma/domain/contracts/users';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { islandTranslator } from '../messages.ts';
import { loadSession } from '../session/index.ts';
import { afterSignIn, PENDING_NEXT_KEY, safeNext } from './destinations.ts';
import {
  ACCOUNT_RULES,
  apiErrorText,
  Field,
  focusFirstInvalid,
  type Messages,
  Outcome,
  pageNext,
  publicApi,
  rules,
  useHydrated,
} from './shared.tsx';

type Users = typeof userContracts;
const ACTIVATE = { method: 'POST', path: '/site/activations/:code/activate' } as const satisfies Pick<
  Users['activateAccount'],
  'method' | 'path'
>;
const RESEND = { method: 'POST', path: '/site/activations/resend' } as const satisfies Pick<
  Users['resendActivation'],
  'method' | 'path'
>;

export const VERIFY_MESSAGES = [
  'account.forms.code',
  'account.forms.usernameOrEmail',
  'account.forms.required',
  'account.forms.failed',
  'account.forms.sending',
  'account.pages.signup.done',
  'account.pages.verify.submit',
  'account.pages.verify.done',
  'account.pages.verify.resendHeading',
  'account.pages.verify.resend',
  'account.pages.verify.resent',
  'account.pages.verify.continue',
  'error.account.codeInvalid',
] as const;

/** Where the verified person continues: this page's `next`, else the one kept at sign-up in this tab. */
function pendingNext(): string | null {
  try {
    return pageNext() ?? safeNext(sessionStorage.getItem(PENDING_NEXT_KEY), location.origin);
  } catch {
    return pageNext();
  }
}

type Props = { messages: Messages<(typeof VERIFY_MESSAGES)[number]>; library: string; signIn: string };

/** /user/verify: the code from the mailed link (`?code=`, sent at once) or typed; a new code on request. */
export default function VerifyForm({ messages, library, signIn }: Props) {
  const t = islandTranslator(messages);
  const ready = useHydrated();
  const user = useStore($user);
  const form = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [newAddress, setNewAddress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resend, setResend] = useState<{ name: string; error?: string; failure?: string; done?: boolean }>({
    name: '',
  });

  async function activate(value: string) {
    const clean = value.replace(/\s+/g, '').toUpperCase();
    if (!rules.code(clean)) {
      setError(t('error.account.codeInvalid'));
      return focusFirstInvalid(form.current);
    }
    setError(null);
    setFailure(null);
    setBusy(true);
    try {
      await publicApi().call<Users['activateAccount']>(ACTIVATE, { params: { code: clean } });
      setVerified(true);
      await loadSession({ again: true });
    } catch (e) {
      setFailure(apiErrorText(e, t('account.forms.failed')));
    } finally {
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the link's code
  useEffect(() => {
    void loadSession();
    const query = new URLSearchParams(location.search);
    setNewAddress(query.get('new'));
    const fromLink = query.get('code');
    if (fromLink) {
      setCode(fromLink);
      void activate(fromLink);
    }
  }, []);

  async function sendAgain(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = user?.username ?? resend.name.trim();
    if (!name) return setResend({ ...resend, error: t('account.forms.required') });
    setResend({ name: resend.name });
    try {
      await publicApi().call<Users['resendActivation']>(RESEND, { body: { username: name } });
      setResend({ name: resend.name, done: true });
    } catch (err) {
      setResend({ name: resend.name, failure: apiErrorText(err, t('account.forms.failed')) });
    }
  }

  if (verified) {
    return (
      <div className="account-form">
        <p role="status" className="form-done">
          {t('account.pages.verify.done')}
        </p>
        <a className="button primary" href={user ? afterSignIn(user, library, pendingNext()) : signIn}>
          {t('account.pages.verify.continue')}
        </a>
      </div>
    );
  }
  return (
    <>
      {newAddress ? (
        <p role="status" className="form-done">
          {t('account.pages.signup.done', { email: newAddress })}
        </p>
      ) : null}
      <form
        ref={form}
        className="account-form"
        method="post"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void activate(code);
        }}
      >
        <Field
          id="verify-code"
          name="code"
          label={t('account.forms.code')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={ACCOUNT_RULES.codeLength + 4}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <Outcome error={failure} />
        <button type="submit" className="primary" disabled={busy || !ready}>
          {busy ? t('account.forms.sending') : t('account.pages.verify.submit')}
        </button>
      </form>
      <form className="account-form secondary" method="post" noValidate onSubmit={sendAgain}>
        <h2>{t('account.pages.verify.resendHeading')}</h2>
        {user ? null : (
          <Field
            id="verify-resend-name"
            name="username"
            label={t('account.forms.usernameOrEmail')}
            autoComplete="username"
            value={resend.name}
            onChange={(e) => setResend({ name: e.currentTarget.value })}
            error={resend.error}
          />
        )}
        <Outcome error={resend.failure} done={resend.done ? t('account.pages.verify.resent') : null} />
        <button type="submit" disabled={!ready}>
          {t('account.pages.verify.resend')}
        </button>
      </form>
    </>
  );
}
