import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Restream destinations' addresses and stream keys, sealed at rest with AES-256-GCM. The key is
 * MULTICAST_SECRET_KEY (base64 of 32 bytes: give every process that shares the database the same
 * one), else one made on first start and kept in `<data dir>/multicast-secret-key` (mode 0600).
 * A sealed value is base64 of nonce (12 bytes) | tag (16) | ciphertext; the field's name is the
 * authenticated data, so a sealed key cannot be passed off as an address.
 */
export type StreamSecrets = {
  seal(field: SealedField, clear: string): string;
  open(field: SealedField, sealed: string): string;
};
export type SealedField = 'stream_url' | 'stream_key';

const KEY_FILE = 'multicast-secret-key';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function streamSecrets(config: { multicastSecretKey: Buffer | undefined; dataDir: string }): StreamSecrets {
  const key = config.multicastSecretKey ?? keyInDataDir(config.dataDir);
  return {
    seal(field, clear) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(field));
      const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
    },
    open(field, sealed) {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(field));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The data directory's key, made once ('wx': a process that made it first wins, and its key is read back). */
function keyInDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  const read = () => {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a base64 key of 32 bytes`);
    return key;
  };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch {
    return read();
  }
  return key;
}
