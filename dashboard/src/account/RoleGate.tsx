import type { BroadcasterRoleID } from '@kerygma/domain/roles';
import { Outlet } from 'react-router';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { mayHold } from './screens.ts';

/**
 * Refuses a screen (the account's, the feed import) to someone without its role (§6: 503 'This
 * page is unavailable with the current permissions'), before its code is loaded; the server
 * refuses its calls too.
 */
export function RoleGate({ role }: { role: BroadcasterRoleID }) {
  const { t } = useI18n();
  const { roles } = useBroadcaster();
  if (!mayHold(roles, role)) {
    return (
      <section className="card" data-status="503">
        <h1>{t('dashboardAccount.common.unavailable')}</h1>
      </section>
    );
  }
  return <Outlet />;
}
