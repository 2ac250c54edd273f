import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { broadcasterForKey } from '../media/api-keys.ts';
import { ensureReferenceData } from '../reference/reference-data.ts';
import { loadFixture } from '../test/fixture.ts';
import { freePort, health, killLeftovers, runCli, type Spawned, startServer } from '../test/processes.ts';
import { BACKENDS, openTestDb } from '../test/test-db.ts';

/**
 * `pnpm api-key` and `pnpm seed` against an embedded database that a running server holds:
 * two real processes on one data dir.
 */
let dataDir: string;
const env = () => ({ KERYGMA_DATA_DIR: dataDir });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kerygma-cli-'));
  const db = await openDatabase({ dataDir, databaseUrl: undefined, databasePoolSize: 1 });
  try {
    await migrate(db);
    await ensureReferenceData(db);
    await loadFixture(db);
  } finally {
    await db.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
afterEach(killLeftovers);

/** The server on the data dir, once it answers. */
async function serve(): Promise<{ server: Spawned; origin: string }> {
  const port = await freePort();
  const server = startServer({ ...env(), PORT: String(port), HOST: '127.0.0.1' });
  const origin = `http://127.0.0.1:${port}`;
  expect((await health(origin))?.status).toBe(200);
  return { server, origin };
}

/** The status of a call that needs the broadcaster's key (401 without a valid one). */
async function withKey(origin: string, key: string): Promise<number> {
  const answer = await fetch(`${origin}/api/v2/jobs/encode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: '{}',
  });
  return answer.status;
}

describe('commands that change data, while the server holds the embedded database', () => {
  it('api-key: the running server makes the key, and takes it at once', async () => {
    const { server, origin } = await serve();
    const made = await runCli('api-key', ['GraceChurch', 'uploads'], env());
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const key = made.stdout.trim();
    expect(key).toMatch(/^kgm_[\w-]{32}$/);
    expect(await withKey(origin, 'kgm_not-a-key')).toBe(401);
    expect(await withKey(origin, key)).toBe(400); // past the key: the body lacks sermonID

    const unknown = await runCli('api-key', ['nobody'], env());
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: "No broadcaster 'nobody'.\n" });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('seed --reset: the running server reloads the demo catalogue and serves it at once', async () => {
    const { server, origin } = await serve();
    const seeded = await runCli('seed', ['--reset'], env());
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toMatch(/^demo seed: catalogue removed/m);
    expect(seeded.stdout).toMatch(new RegExp(`^Seeded ${dataDir} in [\\d.]+ s:\\n  \\d+ broadcasters`, 'm'));
    const gone = await fetch(`${origin}/api/v2/node/broadcasters/kingsseminary`);
    expect(gone.status).toBe(404); // a broadcaster of the fixture alone went with the reset
    const demo = await fetch(`${origin}/api/v2/node/broadcasters/hopepres`);
    expect(demo.status).toBe(200); // one of the demo's
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('user:admin: promotes an account, or creates a verified site admin whose password is printed once', async () => {
    const { server, origin } = await serve();
    const created = await runCli('user-admin', ['firstadmin', 'first@example.org'], env());
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const [said, password] = created.stdout.trim().split('\n');
    expect(said).toBe('Created the site admin firstadmin, verified. Its password, shown this once:');
    expect(password).toMatch(/^\S{20,}$/);
    // The running server signs it in at once, as a site admin.
    const signIn = await fetch(`${origin}/api/v2/site/users/firstadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ password }),
    });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { user: unknown }).user).toMatchObject({
      username: 'firstadmin',
      admin: true,
      verified: true,
    });

    const again = await runCli('user-admin', ['first@example.org'], env());
    expect(again).toMatchObject({ code: 0, stdout: 'firstadmin is already a site admin.\n' });
    const unknown = await runCli('user-admin', ['nobody'], env());
    expect(unknown).toMatchObject({
      code: 1,
      stdout: '',
      stderr: "No account 'nobody'. To create one, give its e-mail address too.\n",
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('refuses, naming the holder, while another command holds the data dir', async () => {
    const lock = await lockDataDir(dataDir, 'pnpm seed');
    try {
      const refused = await runCli('api-key', ['gracechurch'], env());
      expect(refused).toMatchObject({
        code: 1,
        stdout: '',
        stderr:
          `The embedded database in ${dataDir} is in use by pnpm seed (pid ${process.pid}): ` +
          'only one process may open it at a time. Run this again once it has stopped.\n',
      });
    } finally {
      await lock.release();
    }
  }, 60_000);
});

describe.each(BACKENDS.filter((b) => b === 'postgres'))('with DATABASE_URL (%s)', (backend) => {
  it('api-key opens PostgreSQL itself, as before, whoever holds the data dir', async () => {
    const t = await openTestDb(backend);
    const lock = await lockDataDir(dataDir, 'the Kerygma server');
    try {
      await loadFixture(t.db);
      const [row] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${row?.name}`;
      const made = await runCli('api-key', ['gracechurch'], { ...env(), DATABASE_URL: url.toString() });
      expect(made.code).toBe(0);
      expect(await broadcasterForKey(t.db, made.stdout.trim())).toBe('gracechurch');
    } finally {
      await lock.release();
      await t.drop();
    }
  }, 120_000);
});
