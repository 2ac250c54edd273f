import type { broadcasterContracts } from '@kerygma/domain/contracts/broadcasters';
import { useEffect, useState } from 'react';
import { safeNext } from '../account/destinations.ts';
import type { Messages } from '../account/shared.tsx';
import { islandTranslator } from '../messages.ts';
import { loadSession, sessionCall } from '../session/index.ts';

const LINKED = { method: 'GET', path: '/node/broadcasters' } as const satisfies Pick<
  (typeof broadcasterContracts)['broadcasterList'],
  'method' | 'path'
>;

export const SELECT_MESSAGES = [
  'broadcasterAccount.select.loading',
  'broadcasterAccount.select.none',
  'broadcasterAccount.select.signUp',
  'broadcasterAccount.select.open',
  'broadcasterAccount.select.failed',
] as const;

type Props = {
  messages: Messages<(typeof SELECT_MESSAGES)[number]>;
  /** Localised paths. */
  signIn: string;
  signUp: string;
  dashboard: string;
};

/** Where a broadcaster's dashboard opens: `next` when it is a dashboard path of this site, else the dashboard. */
export function dashboardURL(dashboard: string, broadcasterID: string, next: string | null): string {
  const target = next && /^\/(dashboard|dashboard-beta|django)(\/|$|\?)/.test(next) ? next : dashboard;
  const url = new URL(target, 'http://here');
  url.searchParams.set('broadcasterID', broadcasterID);
  return `${url.pathname}${url.search}`;
}

/**
 * /broadcaster/select (spec §2 sign-in flow): the broadcasters the user manages; one of them
 * opens at once, several are listed to choose from (switching between them), `next` kept.
 * Signed out: sign-in first, back here.
 */
export default function BroadcasterSelect({ messages, signIn, signUp, dashboard }: Props) {
  const t = islandTranslator(messages);
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'failed' } | { kind: 'list'; items: { id: string; name: string }[] }
  >({ kind: 'loading' });
  const [next, setNext] = useState<string | null>(null);

  useEffect(() => {
    const wanted = safeNext(new URLSearchParams(location.search).get('next'), location.origin);
    setNext(wanted);
    void (async () => {
      const user = await loadSession();
      if (!user) {
        location.replace(`${signIn}?next=${encodeURIComponent(location.pathname + location.search)}`);
        return;
      }
      try {
        const answer = await sessionCall<(typeof broadcasterContracts)['broadcasterList']>(LINKED, {
          query: { linkedOnly: 'true', lite: 'true', pageSize: 100 },
        });
        const items = answer.results.map((b) => ({ id: b.broadcasterID, name: b.displayName }));
        const only = items[0];
        if (items.length === 1 && only && !user.admin) {
          location.replace(dashboardURL(dashboard, only.id, wanted));
          return;
        }
        setState({ kind: 'list', items });
      } catch {
        setState({ kind: 'failed' });
      }
    })();
  }, [signIn, dashboard]);

  if (state.kind === 'loading') return <p aria-busy="true">{t('broadcasterAccount.select.loading')}</p>;
  if (state.kind === 'failed')
    return (
      <p role="alert" className="form-error">
        {t('broadcasterAccount.select.failed')}
      </p>
    );
  if (state.items.length === 0)
    return (
      <div className="account-form">
        <p>{t('broadcasterAccount.select.none')}</p>
        <a className="button primary" href={signUp}>
          {t('broadcasterAccount.select.signUp')}
        </a>
      </div>
    );
  return (
    <ul className="account-links">
      {state.items.map((b) => (
        <li key={b.id}>
          <a className="button" href={dashboardURL(dashboard, b.id, next)}>
            {t('broadcasterAccount.select.open', { name: b.name })}
          </a>
        </li>
      ))}
    </ul>
  );
}
