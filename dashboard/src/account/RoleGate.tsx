import { Outlet } from 'react-router';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { type AccountScreenPath, mayOpen } from './screens.ts';

/**
 * Refuses an account screen to someone without its role (§6: 503 'This page is unavailable with
 * the current permissions'), before its code is loaded; the server refuses its calls too.
 */
export function RoleGate({ path }: { path: AccountScreenPath }) {
  const { t } = useI18n();
  const { roles } = useBroadcaster();
  if (!mayOpen(roles, path)) {
    return (
      <section className="card" data-status="503">
        <h1>{t('dashboardAccount.common.unavailable')}</h1>
      </section>
    );
  }
  return <Outlet />;
}
