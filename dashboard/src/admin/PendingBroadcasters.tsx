import { type ApiClient, createApiClient } from '@kerygma/api/client';
import { ApiRequestError } from '@kerygma/api/request';
import type { Translate } from '@kerygma/i18n/t';
import { useCallback, useEffect, useMemo, useState } from 'react';

export type PendingBroadcastersProps = {
  t: Translate;
  /** The API client; one for this origin, with the session's cookies, when left out. */
  api?: ApiClient;
};

type BroadcasterSignup = Awaited<ReturnType<ApiClient['calls']['pendingSignups']>>['results'][number];
type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; signups: BroadcasterSignup[] };

/** The API's own message (already in the asker's language), else the status. */
function errorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.body && typeof error.body === 'object') {
    const errors = (error.body as { errors?: Record<string, unknown> }).errors;
    const texts = errors ? Object.values(errors).filter((v): v is string => typeof v === 'string') : [];
    if (texts.length) return texts.join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The first /admin screen (issue 24): broadcaster sign-ups waiting for a site admin while
 * payments are not configured, each approved or rejected here. The server allows it to site
 * admins only (403 otherwise, shown as the failure).
 */
export default function PendingBroadcasters({ t, api: given }: PendingBroadcastersProps) {
  const api = useMemo(
    () =>
      given ??
      createApiClient({ origin: location.origin, language: document.documentElement.lang || 'en', sameHost: true }),
    [given],
  );
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [busy, setBusy] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ error?: string; done?: string }>({});

  const refresh = useCallback(async () => {
    try {
      const answer = await api.calls.pendingSignups({ query: { state: 'pending' }, noCache: true });
      setLoad({ kind: 'ready', signups: answer.results });
    } catch {
      setLoad({ kind: 'failed' });
    }
  }, [api]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function decide(signup: BroadcasterSignup, decision: 'approve' | 'reject') {
    setBusy(signup.signupID);
    setOutcome({});
    try {
      const request = { params: { signupID: signup.signupID }, noCache: true } as const;
      if (decision === 'approve') await api.calls.approveSignup(request);
      else await api.calls.rejectSignup(request);
      setOutcome({
        done: t(decision === 'approve' ? 'broadcasterAccount.admin.approved' : 'broadcasterAccount.admin.rejected', {
          id: signup.broadcasterID,
        }),
      });
      await refresh();
    } catch (error) {
      setOutcome({ error: t('broadcasterAccount.admin.actionFailed', { error: errorText(error) }) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="pending-broadcasters-title">
      <h1 id="pending-broadcasters-title">{t('broadcasterAccount.admin.title')}</h1>
      <p>{t('broadcasterAccount.admin.intro')}</p>
      <p role="status">{outcome.done ?? ''}</p>
      <p role="alert">{outcome.error ?? ''}</p>
      {load.kind === 'loading' ? (
        <p aria-busy="true">{t('broadcasterAccount.admin.loading')}</p>
      ) : load.kind === 'failed' ? (
        <p role="alert">{t('broadcasterAccount.admin.failed')}</p>
      ) : load.signups.length === 0 ? (
        <p>{t('broadcasterAccount.admin.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('broadcasterAccount.admin.broadcaster')}</th>
              <th scope="col">{t('broadcasterAccount.admin.signer')}</th>
              <th scope="col">{t('broadcasterAccount.admin.date')}</th>
              <th scope="col">{t('broadcasterAccount.admin.coupon')}</th>
              <th scope="col">{t('broadcasterAccount.admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {load.signups.map((s) => (
              <tr key={s.signupID} data-broadcaster-id={s.broadcasterID}>
                <td>
                  <strong>{s.displayName}</strong> ({s.broadcasterID})<br />
                  {s.location}
                </td>
                <td>
                  {s.user.username}
                  <br />
                  {s.user.email}
                </td>
                <td>{new Date(s.created * 1000).toLocaleDateString(document.documentElement.lang || 'en')}</td>
                <td>{s.coupon ?? ''}</td>
                <td>
                  <button type="button" disabled={busy !== null} onClick={() => decide(s, 'approve')}>
                    {t('broadcasterAccount.admin.approve')}
                  </button>{' '}
                  <button type="button" disabled={busy !== null} onClick={() => decide(s, 'reject')}>
                    {t('broadcasterAccount.admin.reject')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
