import { BROADCASTER_ROLE } from '@kerygma/domain/roles';
import { z } from 'zod';
import { problem, requiredEmail } from '../form/rules.ts';

/** The roles a manager may be given (§6), Admin first: it holds every permission. */
export const MANAGER_ROLES = [BROADCASTER_ROLE.admin, BROADCASTER_ROLE.uploader, BROADCASTER_ROLE.biller] as const;

/** §5: a manager keeps at least one permission. Checkbox values arrive as text. */
export const permissionsSchema = z.array(z.string()).min(1, problem('dashboardAccount.validation.permission'));

/** The ticked boxes as role ids, and the role ids as boxes. */
export const roleIds = (boxes: readonly string[]): number[] => boxes.map(Number).sort((a, b) => a - b);
export const roleBoxes = (ids: readonly number[]): string[] => ids.map(String);

export const inviteFormSchema = z.object({ email: requiredEmail(), roles: permissionsSchema });
export type InviteValues = z.infer<typeof inviteFormSchema>;

export const rolesFormSchema = z.object({ roles: permissionsSchema });
export type RolesValues = z.infer<typeof rolesFormSchema>;

/**
 * Whether taking `roles` from a manager would leave the broadcaster without an Admin: the
 * last Admin can neither lose the role nor leave (the server refuses it too).
 */
export function leavesNoAdmin(
  managers: readonly { userID: number; roles: readonly number[] }[],
  userID: number,
  roles: readonly number[],
): boolean {
  const admins = managers.filter((m) => m.roles.includes(BROADCASTER_ROLE.admin)).map((m) => m.userID);
  return admins.length === 1 && admins[0] === userID && !roles.includes(BROADCASTER_ROLE.admin);
}
