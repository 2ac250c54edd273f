import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The digest's one-click unsubscribe link (RFC 8058) carries `<user id>.<HMAC-SHA256>`, signed
 * with the server's link secret: whoever holds the mail can turn that account's digest off,
 * and nothing else. The secret is LINK_SECRET, else one made once and kept in the data
 * directory (several processes on one database need LINK_SECRET, or the same data directory).
 */
export function linkSecret(config: Pick<Config, 'linkSecret' | 'dataDir'>): string {
  if (config.linkSecret) return config.linkSecret;
  const file = path.join(config.dataDir, 'link-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    // 'wx': another process that made it first wins, and its secret is read back.
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
    return secret;
  }
}

const PURPOSE = 'digest-unsubscribe';
const mac = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The account a token was made for; undefined when it is not one this server signed. */
export function tokenUser(secret: string, token: string): number | undefined {
  const m = /^([1-9]\d{0,15})\.([\w-]{43})$/.exec(token);
  if (!m) return undefined;
  const userId = Number(m[1]);
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(m[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}
