import type { broadcasterAccountContracts } from '@kerygma/domain/contracts/broadcaster-account';
import { useEffect, useState } from 'react';
import { apiErrorText, type Messages, publicApi, useHydrated } from '../account/shared.tsx';
import { islandTranslator } from '../messages.ts';
import { loadSession, sessionCall } from '../session/index.ts';
import { dashboardURL } from './BroadcasterSelect.tsx';

type C = typeof broadcasterAccountContracts;
const PREVIEW = { method: 'GET', path: '/user_invites/:code' } as const satisfies Pick<
  C['invitePreview'],
  'method' | 'path'
>;
const ACCEPT = { method: 'POST', path: '/user_invites/:code/accept' } as const satisfies Pick<
  C['acceptInvite'],
  'method' | 'path'
>;

export const INVITE_MESSAGES = [
  'broadcasterAccount.linking.noCode',
  'broadcasterAccount.linking.loading',
  'broadcasterAccount.linking.invited',
  'broadcasterAccount.linking.sentTo',
  'broadcasterAccount.linking.signInToAccept',
  'broadcasterAccount.linking.createAccount',
  'broadcasterAccount.linking.accept',
  'broadcasterAccount.linking.accepting',
  'broadcasterAccount.linking.accepted',
  'broadcasterAccount.linking.openDashboard',
  'broadcasterAccount.linking.closed',
  'broadcasterAccount.linking.notVerified',
  'broadcasterAccount.roles.2',
  'broadcasterAccount.roles.3',
  'broadcasterAccount.roles.4',
  'account.forms.failed',
] as const;

type Props = {
  messages: Messages<(typeof INVITE_MESSAGES)[number]>;
  /** Localised paths. */
  signIn: string;
  verify: string;
  dashboard: string;
};

type Preview = { broadcasterID: string; broadcasterName: string; email: string; roles: number[]; state: string };

/**
 * /broadcaster/linking-users (spec §2, §6): an invite's link (`?code=`) shows what it offers; a
 * signed-in user with a verified address accepts it; a signed-out one signs in, or signs up
 * first, and comes back here (`next`) to accept.
 */
export default function InviteAcceptance({ messages, signIn, verify, dashboard }: Props) {
  const t = islandTranslator(messages);
  const ready = useHydrated();
  const [code, setCode] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null | 'missing'>(null);
  const [user, setUser] = useState<{ verified: boolean } | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const found = new URLSearchParams(location.search).get('code');
    setCode(found);
    void loadSession().then(setUser);
    if (!found) return;
    publicApi()
      .call<C['invitePreview']>(PREVIEW, { params: { code: found } })
      .then(setPreview, () => setPreview('missing'));
  }, []);

  if (!code) return <p>{t('broadcasterAccount.linking.noCode')}</p>;
  if (preview === null) return <p aria-busy="true">{t('broadcasterAccount.linking.loading')}</p>;
  if (preview === 'missing' || preview.state !== 'pending')
    return (
      <p role="alert" className="form-error">
        {t('broadcasterAccount.linking.closed')}
      </p>
    );
  const roleKey = (r: number) => `broadcasterAccount.roles.${r}` as 'broadcasterAccount.roles.2';
  const roles = preview.roles.map((r) => t(roleKey(r))).join(', ');
  const back = `?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  async function accept() {
    if (!code) return;
    setBusy(true);
    setFailure(null);
    try {
      await sessionCall<C['acceptInvite']>(ACCEPT, { params: { code } });
      setAccepted(true);
    } catch (err) {
      setFailure(apiErrorText(err, t('account.forms.failed')));
    } finally {
      setBusy(false);
    }
  }

  if (accepted)
    return (
      <div className="account-form">
        <p role="status" className="form-done">
          {t('broadcasterAccount.linking.accepted', { broadcaster: preview.broadcasterName })}
        </p>
        <a className="button primary" href={dashboardURL(dashboard, preview.broadcasterID, null)}>
          {t('broadcasterAccount.linking.openDashboard')}
        </a>
      </div>
    );
  return (
    <div className="account-form">
      <p>{t('broadcasterAccount.linking.invited', { broadcaster: preview.broadcasterName, roles })}</p>
      <p className="field-hint">{t('broadcasterAccount.linking.sentTo', { email: preview.email })}</p>
      {user === null ? (
        <p>
          <a className="button primary" href={`${signIn}${back}`}>
            {t('broadcasterAccount.linking.signInToAccept')}
          </a>{' '}
          <a className="button" href={`${signIn}${back}&signup=true`}>
            {t('broadcasterAccount.linking.createAccount')}
          </a>
        </p>
      ) : user && !user.verified ? (
        <p>
          <a href={`${verify}${back}`}>{t('broadcasterAccount.linking.notVerified')}</a>
        </p>
      ) : (
        <button type="button" className="primary" disabled={!ready || busy || !user} onClick={accept}>
          {busy ? t('broadcasterAccount.linking.accepting') : t('broadcasterAccount.linking.accept')}
        </button>
      )}
      <p role="alert" className="form-error">
        {failure ?? ''}
      </p>
    </div>
  );
}
