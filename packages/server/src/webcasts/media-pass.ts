import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBCAST_MEDIA_PASS_COOKIE } from '@kerygma/domain/contracts/webcasts';
import type { FastifyReply } from 'fastify';
import { type CookieMode, cookie, secureFor } from '../accounts/cookies.ts';

/**
 * The pass to a password-protected webcast's media: the one-webcast call given the right
 * password (or asked by its managers) sets the cookie `kerygma_webcast` on the path
 * `/live-media/<webcastID>/` only, holding `<expiry epoch s>.<HMAC-SHA256>` signed with the
 * server's link secret (LINK_SECRET) over the webcast and its password hash: a new password
 * voids the passes given before it. It lasts the short cookie's 7200 s (spec §9) and is renewed
 * with each playlist fetched, so a long webcast keeps playing. The one-webcast call also takes it
 * in place of the password: the site keeps a copy for the webcast's page (site/lib/webcasts.ts),
 * so a visitor is not asked again on each visit.
 */
export const MEDIA_PASS_COOKIE = WEBCAST_MEDIA_PASS_COOKIE;
export const MEDIA_PASS_SECONDS = 7200;

export const mediaPath = (webcastId: string) => `/live-media/${encodeURIComponent(webcastId)}/`;

const mac = (secret: string, webcastId: string, passwordHash: string, expires: number) =>
  createHmac('sha256', secret).update(`webcast-media:${webcastId}:${passwordHash}:${expires}`).digest('base64url');

export function mediaPass(secret: string, webcastId: string, passwordHash: string, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + MEDIA_PASS_SECONDS;
  return `${expires}.${mac(secret, webcastId, passwordHash, expires)}`;
}

/** Whether `pass` is one this server gave for the webcast with this password, and not expired. */
export function passValid(
  secret: string,
  webcastId: string,
  passwordHash: string,
  pass: string | undefined,
  nowMs: number,
): boolean {
  const m = /^(\d{1,12})\.([\w-]{43})$/.exec(pass ?? '');
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires * 1000 <= nowMs) return false;
  const expected = Buffer.from(mac(secret, webcastId, passwordHash, expires));
  const given = Buffer.from(m[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Adds the pass's Set-Cookie (httpOnly, Secure but on plain HTTP to this machine, SameSite Lax or None when framed). */
export function setMediaPass(
  reply: FastifyReply,
  origin: string,
  webcastId: string,
  pass: string,
  { framed }: CookieMode,
): void {
  reply.header(
    'set-cookie',
    cookie(MEDIA_PASS_COOKIE, pass, {
      path: mediaPath(webcastId),
      maxAge: MEDIA_PASS_SECONDS,
      secure: secureFor(origin),
      framed,
    }),
  );
}
