/**
 * Roles (spec §6). Site roles are held on the user; broadcaster roles per broadcaster. A site
 * admin can do everything and counts as every broadcaster's admin; a broadcaster's Admin implies
 * its Uploader and Biller roles.
 */
export const SITE_ROLE = { translate: 1, admin: 2, videoWall: 3 } as const;
export const BROADCASTER_ROLE = { admin: 2, uploader: 3, biller: 4 } as const;

export type BroadcasterRoleID = (typeof BROADCASTER_ROLE)[keyof typeof BROADCASTER_ROLE];
export type RoleHolder = {
  roles: readonly number[];
  broadcasterRoles: readonly { broadcasterID: string; broadcasterRoleID: number }[];
};

export const isSiteAdmin = (user: RoleHolder): boolean => user.roles.includes(SITE_ROLE.admin);

/** Whether the user may act in `role` for the broadcaster (§6 implications applied). */
export function holdsBroadcasterRole(user: RoleHolder, broadcasterID: string, role: BroadcasterRoleID): boolean {
  if (isSiteAdmin(user)) return true;
  const id = broadcasterID.toLowerCase();
  return user.broadcasterRoles.some(
    (r) => r.broadcasterID === id && (r.broadcasterRoleID === role || r.broadcasterRoleID === BROADCASTER_ROLE.admin),
  );
}

/** Any role at all for the broadcaster: a manager of it. */
export function managesBroadcaster(user: RoleHolder, broadcasterID: string): boolean {
  if (isSiteAdmin(user)) return true;
  const id = broadcasterID.toLowerCase();
  return user.broadcasterRoles.some((r) => r.broadcasterID === id);
}

/** The video wall's screens (§6): a site's VideoWall role, or a site admin, who can do everything. */
export const mayUseVideoWall = (user: RoleHolder): boolean =>
  isSiteAdmin(user) || user.roles.includes(SITE_ROLE.videoWall);
