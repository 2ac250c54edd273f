import { SITE_ROLE } from '@kerygma/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../test/fixture.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import { userByName } from './accounts.queries.ts';
import { ensureDemoUsers, makeSiteAdmin } from './admin-users.ts';
import { passwordMatches } from './passwords.ts';

describe.each(BACKENDS)('site admins and demo users on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
    await loadFixture(t.db);
  }, 300_000);
  afterAll(() => t?.drop());

  it('promotes an existing account by username or e-mail, once', async () => {
    await testUser(t.db, 'Lydia');
    expect(await makeSiteAdmin(t.db, 'lydia@example.org')).toEqual({
      username: 'Lydia',
      created: false,
      wasAdmin: false,
    });
    expect(await makeSiteAdmin(t.db, 'LYDIA')).toEqual({ username: 'Lydia', created: false, wasAdmin: true });
    expect((await userByName(t.db, 'Lydia'))?.roles).toEqual([SITE_ROLE.admin]);
  });

  it('creates a verified site admin with a generated password; refuses a name it cannot create', async () => {
    const made = await makeSiteAdmin(t.db, 'phoebe.cenchreae@example.org');
    expect(made).toMatchObject({ username: 'phoebecenchreae', created: true });
    const user = await userByName(t.db, 'phoebecenchreae');
    expect(user).toMatchObject({ verified: true, roles: [SITE_ROLE.admin] });
    expect(await passwordMatches(user?.password_hash ?? '', made.password ?? '')).toBe(true);
    await expect(makeSiteAdmin(t.db, 'nobody')).rejects.toThrow("No account 'nobody'");
    await expect(makeSiteAdmin(t.db, 'bad-name', 'bad@example.org')).rejects.toThrow("'bad-name' cannot be a username");
  });

  it('makes the demo users once, logging their passwords only then', async () => {
    const logs: string[] = [];
    await ensureDemoUsers(t.db, 'gracechurch', (l) => logs.push(l));
    await ensureDemoUsers(t.db, 'gracechurch', (l) => logs.push(l));
    expect(logs).toHaveLength(1);
    const passwords = [...(logs[0] ?? '').matchAll(/^ {2}(\w+) \/ (\S+)$/gm)].map((m) => m[2]);
    expect(passwords).toHaveLength(2);
    const manager = await userByName(t.db, 'demomanager');
    expect(manager?.broadcaster_roles).toEqual([{ broadcasterID: 'gracechurch', broadcasterRoleID: 2 }]);
    expect(await passwordMatches(manager?.password_hash ?? '', passwords[1] ?? '')).toBe(true);
  });
});
