import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { streamSecrets } from './stream-secrets.ts';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'kerygma-secrets-'));
const KEY = 'live_8x7f-q2rt-9vb3-ka1m';

describe('stream secrets', () => {
  it('seal a key so that it cannot be read, and open it again', () => {
    const secrets = streamSecrets({ multicastSecretKey: undefined, dataDir: freshDir() });
    const sealed = secrets.seal('stream_key', KEY);
    expect(sealed).not.toContain(KEY);
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain(KEY);
    // A fresh nonce each time: the same key never looks the same twice.
    expect(secrets.seal('stream_key', KEY)).not.toBe(sealed);
    expect(secrets.open('stream_key', sealed)).toBe(KEY);
  });

  it('refuse a sealed value that was changed, or passed off as the other field', () => {
    const secrets = streamSecrets({ multicastSecretKey: undefined, dataDir: freshDir() });
    const sealed = Buffer.from(secrets.seal('stream_key', KEY), 'base64');
    expect(() => secrets.open('stream_url', sealed.toString('base64'))).toThrow();
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 1;
    expect(() => secrets.open('stream_key', sealed.toString('base64'))).toThrow();
  });

  it('make the key once in the data directory, readable by its owner only, and use it after a restart', () => {
    const dataDir = freshDir();
    const sealed = streamSecrets({ multicastSecretKey: undefined, dataDir }).seal('stream_url', 'rtmp://x/live');
    const file = path.join(dataDir, 'multicast-secret-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = readFileSync(file, 'utf8');
    expect(Buffer.from(written, 'base64')).toHaveLength(32);
    // The next start reads the same key (and does not write another).
    expect(streamSecrets({ multicastSecretKey: undefined, dataDir }).open('stream_url', sealed)).toBe('rtmp://x/live');
    expect(readFileSync(file, 'utf8')).toBe(written);
    // Another data directory has another key: what this one sealed cannot be opened there.
    expect(() =>
      streamSecrets({ multicastSecretKey: undefined, dataDir: freshDir() }).open('stream_url', sealed),
    ).toThrow();
  });

  it('use MULTICAST_SECRET_KEY when given, so processes on one database share it, and keep no file', () => {
    const value = randomBytes(32).toString('base64');
    const a = loadConfig({ KERYGMA_DATA_DIR: freshDir(), MULTICAST_SECRET_KEY: value });
    const b = loadConfig({ KERYGMA_DATA_DIR: freshDir(), MULTICAST_SECRET_KEY: value });
    const sealed = streamSecrets(a).seal('stream_key', KEY);
    expect(streamSecrets(b).open('stream_key', sealed)).toBe(KEY);
    expect(readdirSync(a.dataDir)).toEqual([]);
  });

  it('name MULTICAST_SECRET_KEY when it is not base64 of 32 bytes', () => {
    expect(() => loadConfig({ MULTICAST_SECRET_KEY: randomBytes(16).toString('base64') })).toThrow(
      /^Invalid MULTICAST_SECRET_KEY: must be base64 of 32 bytes/,
    );
  });
});
