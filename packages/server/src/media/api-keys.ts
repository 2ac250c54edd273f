import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';

/**
 * Broadcaster API keys (spec §6: "an API key is sent with every request"). A broadcaster's
 * key authorises its uploads and media calls, as a signed-in Uploader of it does (accounts/guards.ts). Keys are random; only their SHA-256 is kept.
 */
export const API_KEY_HEADER = 'x-api-key';

const hash = (key: string) => createHash('sha256').update(key).digest('hex');

export async function createApiKey(db: Db, broadcasterId: string, label = ''): Promise<string> {
  const key = `kgm_${randomBytes(24).toString('base64url')}`;
  await db.query(
    'INSERT INTO broadcaster_api_key (key_hash, broadcaster_id, label, last_four) VALUES ($1, $2, $3, $4)',
    [hash(key), broadcasterId, label, key.slice(-4)],
  );
  return key;
}

/** The broadcaster a key belongs to, or undefined for a missing or unknown key. */
export async function broadcasterForKey(db: Db, key: string | undefined): Promise<string | undefined> {
  if (!key || key.length > 200) return undefined;
  const [row] = await db.query<{ broadcaster_id: string }>(
    'SELECT broadcaster_id FROM broadcaster_api_key WHERE key_hash = $1',
    [hash(key)],
  );
  return row?.broadcaster_id;
}
