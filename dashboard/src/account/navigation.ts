import { BROADCASTER_ROLE } from '@kerygma/domain/roles';
import type { NavItem } from '../shell/nav.ts';
import { ACCOUNT_SCREENS } from './screens.ts';

/**
 * The overview's and the account screens' navigation entries, each shown to the roles that
 * may open it (an Admin holds every role; the overview is every manager's).
 */
export const accountNavItems: NavItem[] = [
  { path: '/overview', label: 'dashboardAccount.nav.overview' },
  ...ACCOUNT_SCREENS.map(({ path, role }) => ({
    path: `/account/${path}`,
    label: `dashboardAccount.nav.${path}` as const,
    roles: role === BROADCASTER_ROLE.admin ? [role] : [BROADCASTER_ROLE.admin, role],
  })),
];
