import { BROADCASTER_ROLE, type BroadcasterRoleID, holdsBroadcasterRole } from '@kerygma/domain/roles';

/**
 * The broadcaster account's screens, in navigation order, each with the role it needs (§6: Admin
 * implies Uploader and Biller; a site admin holds every role), as the server's guards decide
 * (contracts/broadcaster-account.ts): the account itself is its Admins', money its Billers'.
 * An Uploader manages sermons and sees the overview, none of these.
 */
export const ACCOUNT_SCREENS = [
  { path: 'settings', role: BROADCASTER_ROLE.admin },
  { path: 'customization', role: BROADCASTER_ROLE.admin },
  { path: 'email-settings', role: BROADCASTER_ROLE.admin },
  { path: 'podcast', role: BROADCASTER_ROLE.admin },
  { path: 'connections', role: BROADCASTER_ROLE.admin },
  { path: 'api-key', role: BROADCASTER_ROLE.admin },
  { path: 'managers', role: BROADCASTER_ROLE.admin },
  { path: 'donations', role: BROADCASTER_ROLE.biller },
  { path: 'billing', role: BROADCASTER_ROLE.biller },
] as const satisfies readonly { path: string; role: BroadcasterRoleID }[];

export type AccountScreen = (typeof ACCOUNT_SCREENS)[number];
export type AccountScreenPath = AccountScreen['path'];

export function screenRole(path: AccountScreenPath): BroadcasterRoleID {
  const screen = ACCOUNT_SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`Unknown account screen ${path}`);
  return screen.role;
}

/** The user's roles for the broadcaster being managed (the shell's `useBroadcaster().roles`). */
const holder = (roles: readonly number[]) => ({
  roles: [],
  broadcasterRoles: roles.map((broadcasterRoleID) => ({ broadcasterID: '', broadcasterRoleID })),
});

/** Whether someone with these roles holds `role` (an Admin holds every role). */
export const mayHold = (roles: readonly number[], role: BroadcasterRoleID): boolean =>
  holdsBroadcasterRole(holder(roles), '', role);

/** Whether someone with these roles may open the screen. */
export const mayOpen = (roles: readonly number[], path: AccountScreenPath): boolean => mayHold(roles, screenRole(path));

/** The screens the navigation lists for someone with these roles. */
export const visibleScreens = (roles: readonly number[]): AccountScreen[] =>
  ACCOUNT_SCREENS.filter((s) => holdsBroadcasterRole(holder(roles), '', s.role));
