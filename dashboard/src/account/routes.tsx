import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RoleGate } from './RoleGate.tsx';
import { ACCOUNT_SCREENS, type AccountScreenPath, screenRole } from './screens.ts';

type Screen = () => Promise<{ default: ComponentType }>;

/** Each screen is its own chunk, loaded once the role gate lets its user in. */
const SCREENS: Record<AccountScreenPath, Screen> = {
  settings: () => import('./settings/SettingsScreen.tsx'),
  customization: () => import('./customization/CustomizationScreen.tsx'),
  'email-settings': () => import('./email/EmailSettingsScreen.tsx'),
  podcast: () => import('./podcast/PodcastScreen.tsx'),
  connections: () => import('./connections/ConnectionsScreen.tsx'),
  'api-key': () => import('./api-key/ApiKeyScreen.tsx'),
  managers: () => import('./managers/ManagersScreen.tsx'),
  donations: () => import('./donations/DonationsScreen.tsx'),
  billing: () => import('./billing/BillingScreen.tsx'),
};

/** The account screens (§2 Dashboard: /dashboard-beta/account/…), under the shell's layout. */
export const routes: RouteObject[] = ACCOUNT_SCREENS.map(({ path }) => ({
  path: `account/${path}`,
  element: <RoleGate role={screenRole(path)} />,
  children: [{ index: true, lazy: () => SCREENS[path]().then((m) => ({ Component: m.default })) }],
}));
