import { BROADCASTER_ROLE, type BroadcasterRoleID, holdsBroadcasterRole, type RoleHolder } from '@kerygma/domain/roles';

/**
 * The broadcaster account's screens, in navigation order, each with the role it needs (§6: Admin
 * implies Uploader and Biller; a site admin holds every role). An Uploader edits the profile and
 * its media; managers are the Admin's, money the Biller's. The server's guards refuse the same.
 */
export const ACCOUNT_SCREENS = [
  { path: 'settings', role: BROADCASTER_ROLE.uploader },
  { path: 'customization', role: BROADCASTER_ROLE.uploader },
  { path: 'email-settings', role: BROADCASTER_ROLE.uploader },
  { path: 'connections', role: BROADCASTER_ROLE.uploader },
  { path: 'api-key', role: BROADCASTER_ROLE.uploader },
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

/** Whether the user may open the screen for the broadcaster. */
export const mayOpen = (user: RoleHolder, broadcasterID: string, path: AccountScreenPath): boolean =>
  holdsBroadcasterRole(user, broadcasterID, screenRole(path));

/** The screens the user's navigation lists for the broadcaster. */
export const visibleScreens = (user: RoleHolder, broadcasterID: string): AccountScreen[] =>
  ACCOUNT_SCREENS.filter((s) => holdsBroadcasterRole(user, broadcasterID, s.role));
