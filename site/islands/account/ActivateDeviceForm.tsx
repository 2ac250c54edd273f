import type { userContracts } from '@kerygma/domain/contracts/users';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { islandTranslator } from '../messages.ts';
import { loadSession, sessionCall } from '../session/index.ts';
import { ACCOUNT_RULES, apiErrorText, Field, type Messages, Outcome, useHydrated } from './shared.tsx';

type Users = typeof userContracts;
const ACTIVATE = { method: 'POST', path: '/site/device/activate' } as const satisfies Pick<
  Users['activateDevice'],
  'method' | 'path'
>;

export const ACTIVATE_MESSAGES = [
  'account.pages.activate.code',
  'account.pages.activate.approve',
  'account.pages.activate.refuse',
  'account.pages.activate.approved',
  'account.pages.activate.refused',
  'account.pages.settings.loading',
  'account.forms.required',
  'account.forms.failed',
  'account.forms.sending',
] as const;

type Props = { messages: Messages<(typeof ACTIVATE_MESSAGES)[number]>; signIn: string };

/**
 * /activate: a TV or car app shows a code (RFC 8628's user code); the signed-in person enters it
 * here, or arrives with it in `?code=` from the app's link or QR code, and approves or refuses
 * the device. Signed out → sign-in with `next` (checked here: the page is cached).
 */
export default function ActivateDeviceForm({ messages, signIn }: Props) {
  const t = islandTranslator(messages);
  const ready = useHydrated();
  const user = useStore($user);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<'approved' | 'refused' | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setCode(new URLSearchParams(location.search).get('code') ?? '');
    void loadSession();
  }, []);
  useEffect(() => {
    if (user === null) location.replace(`${signIn}?next=${encodeURIComponent(location.pathname + location.search)}`);
  }, [user, signIn]);

  async function answer(approve: boolean) {
    if (!code.trim()) return setError(t('account.forms.required'));
    setError(null);
    setFailure(null);
    setBusy(true);
    try {
      await sessionCall<Users['activateDevice']>(ACTIVATE, { body: { userCode: code, approve } });
      setOutcome(approve ? 'approved' : 'refused');
    } catch (e) {
      setFailure(apiErrorText(e, t('account.forms.failed')));
    } finally {
      setBusy(false);
    }
  }

  if (!user) return <p role="status">{t('account.pages.settings.loading')}</p>;
  if (outcome)
    return (
      <p role="status" className="form-done">
        {t(outcome === 'approved' ? 'account.pages.activate.approved' : 'account.pages.activate.refused')}
      </p>
    );
  return (
    <form
      className="account-form"
      method="post"
      noValidate
      onSubmit={(e: SubmitEvent<HTMLFormElement>) => {
        e.preventDefault();
        void answer(true);
      }}
    >
      <Field
        id="device-code"
        name="code"
        label={t('account.pages.activate.code')}
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
        {busy ? t('account.forms.sending') : t('account.pages.activate.approve')}
      </button>{' '}
      <button type="button" disabled={busy || !ready} onClick={() => void answer(false)}>
        {t('account.pages.activate.refuse')}
      </button>
    </form>
  );
}
