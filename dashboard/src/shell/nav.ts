import type { MessageKey } from '@kerygma/i18n/t';
import { accountNavItems } from '../account/navigation.ts';

/**
 * The dashboard's navigation, in order. A screen's room adds its entry here with its route in
 * `routes.tsx`; `roles` hides it from those without one of them (§6: 2 Admin, 3 Uploader, 4 Biller).
 */
export type NavItem = { path: string; label: MessageKey; roles?: number[] };

export const NAV_ITEMS: NavItem[] = [
  { path: '/sermons', label: 'dashboard.nav.sermons' },
  { path: '/series', label: 'dashboard.nav.series' },
  { path: '/speakers', label: 'dashboard.nav.speakers' },
  { path: '/highlighted', label: 'dashboard.nav.highlighted' },
  { path: '/notices', label: 'dashboard.nav.notices', roles: [2] },
  { path: '/feed-import', label: 'feedImportScreen.nav', roles: [2, 3] },
  { path: '/webcast', label: 'webcastScreen.nav', roles: [2, 3] },
  ...accountNavItems,
];
