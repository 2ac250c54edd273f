import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MailList } from '@kerygma/domain/contracts/library';
import type { Config } from '../config.ts';
import { API_BASE } from '../http/api-base.ts';

/**
 * The listeners' e-mails' one-click unsubscribe links (RFC 8058) carry `<user id>.<HMAC-SHA256>`,
 * signed with the server's link secret for one list (the digest, the go-live e-mails): whoever
 * holds the mail can turn that account's e-mails of that list off, and nothing else. The secret is LINK_SECRET, else one made once and kept in the data
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

/** A token for one list never unsubscribes from another (the digest's purpose is the first tokens'). */
const mac = (secret: string, list: MailList, userId: number) =>
  createHmac('sha256', secret).update(`${list}-unsubscribe:${userId}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: number, list: MailList): string {
  return `${userId}.${mac(secret, list, userId)}`;
}

/**
 * A listener's e-mail's List-Unsubscribe headers for one list (the digest's address names no
 * list: the first digests were sent so).
 */
export function unsubscribeHeaders(deps: { origin: string; secret: string }, userId: number, list: MailList) {
  const query = `token=${unsubscribeToken(deps.secret, userId, list)}${list === 'digest' ? '' : `&list=${list}`}`;
  return {
    'List-Unsubscribe': `<${deps.origin}${API_BASE}/site/users/unsubscribe?${query}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The account a token was made for, for that list; undefined when it is not one this server signed. */
export function tokenUser(secret: string, token: string, list: MailList): number | undefined {
  const m = /^([1-9]\d{0,15})\.([\w-]{43})$/.exec(token);
  if (!m) return undefined;
  const userId = Number(m[1]);
  const expected = Buffer.from(mac(secret, list, userId));
  const given = Buffer.from(m[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}
