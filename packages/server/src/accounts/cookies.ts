import { SIGNED_IN_COOKIE } from '@kerygma/domain/account-values';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../http/api-base.ts';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './tokens.ts';

export const ACCESS_COOKIE = 'kerygma_access';
export const REFRESH_COOKIE = 'kerygma_refresh';
/** The refresh token goes only to the calls that use it (refresh, sign-out). */
const REFRESH_PATH = `${API_BASE}/site/users`;

/** A cookie's value from the request, if sent. */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * Secure everywhere but on plain HTTP to this machine (localhost, 127.0.0.1, [::1]), where a
 * browser would not send a Secure cookie back in development.
 */
export const secureFor = (origin: string) => !/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

/**
 * How the cookies are sent. `framed`: classic-admin origins are configured (CLASSIC_ADMIN_ORIGINS),
 * whose pages frame our /django/ screens; a framed page is a third-party context, where browsers
 * send only `SameSite=None` cookies, and those must be `Secure`. Cross-site writes stay refused by
 * same-origin.ts (the framed screens send our own Origin).
 */
export type CookieMode = { framed: boolean };

export function cookie(
  name: string,
  value: string,
  options: { path: string; maxAge?: number; secure: boolean; framed: boolean; script?: boolean },
): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    ...(options.maxAge !== undefined ? [`Max-Age=${options.maxAge}`] : []),
    ...(options.script ? [] : ['HttpOnly']),
    ...(options.secure || options.framed ? ['Secure'] : []),
    options.framed ? 'SameSite=None' : 'SameSite=Lax',
  ].join('; ');
}

/**
 * Sets the session's cookies: with remember-me the access cookie lasts as long as its token and
 * the refresh cookie a year; otherwise both end with the browser. Beside them the indicator
 * `kerygma_signed_in=1` (not httpOnly, no secret), with the refresh cookie's lifetime: the site's
 * islands read it to ask who is signed in only when someone may be, so an anonymous page view
 * makes no call (site/islands/session/).
 */
export function setSessionCookies(
  reply: FastifyReply,
  origin: string,
  tokens: { access: string; refresh: string; remember: boolean },
  { framed }: CookieMode = { framed: false },
): void {
  const secure = secureFor(origin);
  reply.header('set-cookie', [
    cookie(ACCESS_COOKIE, tokens.access, {
      path: '/',
      maxAge: tokens.remember ? ACCESS_TOKEN_SECONDS : undefined,
      secure,
      framed,
    }),
    cookie(REFRESH_COOKIE, tokens.refresh, {
      path: REFRESH_PATH,
      maxAge: tokens.remember ? REFRESH_TOKEN_SECONDS : undefined,
      secure,
      framed,
    }),
    cookie(SIGNED_IN_COOKIE, '1', {
      path: '/',
      maxAge: tokens.remember ? REFRESH_TOKEN_SECONDS : undefined,
      secure,
      framed,
      script: true,
    }),
  ]);
}

export function clearSessionCookies(
  reply: FastifyReply,
  origin: string,
  { framed }: CookieMode = { framed: false },
): void {
  const secure = secureFor(origin);
  reply.header('set-cookie', [
    cookie(ACCESS_COOKIE, '', { path: '/', maxAge: 0, secure, framed }),
    cookie(REFRESH_COOKIE, '', { path: REFRESH_PATH, maxAge: 0, secure, framed }),
    cookie(SIGNED_IN_COOKIE, '', { path: '/', maxAge: 0, secure, framed, script: true }),
  ]);
}
