import {
  BROADCASTER_ROLE,
  type BroadcasterRoleID,
  holdsBroadcasterRole,
  isSiteAdmin,
  managesBroadcaster,
  type RoleHolder,
} from '@kerygma/domain/roles';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import type { RouteOptions } from '../http/route.ts';
import { API_KEY_HEADER, broadcasterForKey } from '../media/api-keys.ts';
import { sessionByAccess, type UserRow } from './accounts.queries.ts';
import { ACCESS_COOKIE, readCookie } from './cookies.ts';
import { digest } from './tokens.ts';

/**
 * The server's one authorisation layer (spec §6). A route declares who may call it with one of
 * these as its `authorize` (http/route.ts runs it before the input is read):
 *
 *   route(app, c.x, handler, guard.signedIn)                         any signed-in user (its session)
 *   route(app, c.x, handler, guard.signedInUser)                     any signed-in user (the user)
 *   route(app, c.x, handler, guard.siteAdmin)                        site admins
 *   route(app, c.x, handler, guard.broadcasterRole('uploader'))      the :broadcasterID param's role
 *   route(app, c.x, handler, guard.broadcasterManager())             any role on :broadcasterID
 *   route(app, c.x, handler, guard.broadcasterKeyOrSession)          the broadcaster's X-API-Key, or a
 *                                                                    signed-in user (the handler checks
 *                                                                    the role on the sermon's broadcaster
 *                                                                    with `requireRole`/`requireManager`)
 *
 * Signed out (no token, or a token whose session has ended): 401. Signed in without the role:
 * 403. Both in the API's error shape with messages under `error.permission`. The session is
 * looked up on every request, so a revoked session or a removed role takes effect at once.
 */

/** A signed-in user's session. */
export type Session = { familyId: string; remember: boolean; user: UserRow };

/** Who acts for a broadcaster: the holder of its API key, or a signed-in user. */
export type Actor = { kind: 'apiKey'; broadcasterId: string } | { kind: 'user'; user: UserRow };

export type RoleName = keyof typeof BROADCASTER_ROLE;

export type GuardDeps = { db: Db; now: () => number };

const refuse = (status: 401 | 403, code: string, key: string, params?: Record<string, string>) =>
  new ApiError(status, code, { error: { key, params } });

export const signInRequired = () => refuse(401, 'signed_out', 'error.permission.signInRequired');
const ROLE_MESSAGE: Record<RoleName, string> = {
  admin: 'error.permission.broadcasterAdminRequired',
  uploader: 'error.permission.uploaderRequired',
  biller: 'error.permission.billerRequired',
};

/** The access token: `Authorization: Bearer …` (apps), else the session cookie (browsers). */
export function accessToken(req: FastifyRequest): string | undefined {
  const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return bearer ?? readCookie(req, ACCESS_COOKIE);
}

/** The live session of an access token, or undefined. */
export async function sessionFor(deps: GuardDeps, token: string | undefined): Promise<Session | undefined> {
  return token ? sessionByAccess(deps.db, digest(token), deps.now()) : undefined;
}

/** The request's session, or undefined when it carries none that is live. */
export const optionalSession = (deps: GuardDeps, req: FastifyRequest) => sessionFor(deps, accessToken(req));

/** The user's roles as the domain's role rules read them. */
export const roleHolder = (user: UserRow): RoleHolder => ({
  roles: user.roles,
  broadcasterRoles: user.broadcaster_roles,
});

/** A route parameter, as sent (guards run before the contract parses the input). */
function param(req: FastifyRequest, name: string): string {
  const value = (req.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/** Whether the actor may act in `role` for the broadcaster (a key acts for its own broadcaster in every role). */
export function actsAs(actor: Actor, broadcasterId: string, role: RoleName): boolean {
  if (actor.kind === 'apiKey') return actor.broadcasterId === broadcasterId.toLowerCase();
  return holdsBroadcasterRole(roleHolder(actor.user), broadcasterId, BROADCASTER_ROLE[role] as BroadcasterRoleID);
}

/** 403 unless the actor may act in `role` for the broadcaster. */
export function requireRole(actor: Actor, broadcasterId: string, role: RoleName): void {
  if (!actsAs(actor, broadcasterId, role)) throw refuse(403, 'forbidden', ROLE_MESSAGE[role]);
}

/** 403 unless the actor manages the broadcaster (its key, any role on it, or a site admin). */
export function requireManager(actor: Actor, broadcasterId: string): void {
  const ok =
    actor.kind === 'apiKey'
      ? actor.broadcasterId === broadcasterId.toLowerCase()
      : managesBroadcaster(roleHolder(actor.user), broadcasterId);
  if (!ok) throw refuse(403, 'forbidden', 'error.permission.managerRequired');
}

/** The guards of one app, over its database and clock. */
export function guards(deps: GuardDeps) {
  const session = async (req: FastifyRequest): Promise<Session> => {
    const found = await optionalSession(deps, req);
    if (!found) throw signInRequired();
    return found;
  };
  return {
    signedIn: { authorize: session } satisfies RouteOptions<Session>,
    /** Any signed-in user, for routes that need the user alone (the library, comments). */
    signedInUser: { authorize: async (req) => (await session(req)).user } satisfies RouteOptions<UserRow>,

    siteAdmin: {
      authorize: async (req) => {
        const s = await session(req);
        if (!isSiteAdmin(roleHolder(s.user))) throw refuse(403, 'forbidden', 'error.permission.siteAdminRequired');
        return s;
      },
    } satisfies RouteOptions<Session>,

    /** The role on the broadcaster named by the route's `paramName` (site admins and its Admins pass). */
    broadcasterRole: (
      role: RoleName,
      paramName = 'broadcasterID',
    ): RouteOptions<Session & { broadcasterId: string }> => ({
      authorize: async (req) => {
        const s = await session(req);
        const broadcasterId = param(req, paramName);
        requireRole({ kind: 'user', user: s.user }, broadcasterId, role);
        return { ...s, broadcasterId };
      },
    }),

    /** Any role on the broadcaster named by the route's `paramName` (site admins pass). */
    broadcasterManager: (paramName = 'broadcasterID'): RouteOptions<Session & { broadcasterId: string }> => ({
      authorize: async (req) => {
        const s = await session(req);
        const broadcasterId = param(req, paramName);
        requireManager({ kind: 'user', user: s.user }, broadcasterId);
        return { ...s, broadcasterId };
      },
    }),

    /**
     * The broadcaster's API key (`X-API-Key`, checked first when sent) or a signed-in user. The
     * role is checked by the handler once it knows whose sermon or upload is meant.
     */
    broadcasterKeyOrSession: {
      authorize: async (req): Promise<Actor> => {
        const header = req.headers[API_KEY_HEADER];
        const key = Array.isArray(header) ? header[0] : header;
        if (key !== undefined) {
          const broadcasterId = await broadcasterForKey(deps.db, key);
          if (!broadcasterId) throw refuse(401, 'unauthorized', 'error.apiKeyRequired');
          return { kind: 'apiKey', broadcasterId };
        }
        const s = await optionalSession(deps, req);
        if (!s) throw refuse(401, 'unauthorized', 'error.permission.keyOrSignInRequired');
        return { kind: 'user', user: s.user };
      },
    } satisfies RouteOptions<Actor>,
  };
}

export type Guards = ReturnType<typeof guards>;
