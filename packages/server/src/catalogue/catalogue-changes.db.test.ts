import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../test/test-db.ts';
import { type CatalogueChange, catalogueChanges, sharedCatalogueChanges } from './catalogue-changes.ts';

/**
 * Two processes on one PostgreSQL database (two web processes, or a web process and a
 * `--role worker`): what one announces reaches the other's caches, once, in full.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('catalogue changes between processes on PostgreSQL', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('postgres');
  });
  afterAll(async () => {
    await t?.drop();
  });

  /** One process's hub and what its caches were told. */
  async function process_() {
    const heard: CatalogueChange[] = [];
    const shared = await sharedCatalogueChanges(catalogueChanges(), {
      url: t.url as string,
      notify: (channel, payload) => t.db.query('SELECT pg_notify($1, $2)', [channel, payload]),
    });
    shared.changes.subscribe((change) => heard.push(change));
    return { ...shared, heard };
  }

  it('tells the other process what one announces, each cache once, and a long list in full', async () => {
    const web = await process_();
    const worker = await process_();
    try {
      const published = { sermonIds: ['1203261234'], broadcasterIds: ['gracechurch'], listed: true };
      worker.changes.announce(published);
      await expect.poll(() => web.heard).toEqual([published]);
      expect(worker.heard).toEqual([published]); // its own caches at once, and not again by NOTIFY

      // More sermons than one NOTIFY can carry (8,000 bytes): sent in parts, all arrive.
      const many = Array.from({ length: 650 }, (_, i) => String(1_000_000_000 + i));
      web.changes.announce({ sermonIds: many, broadcasterIds: ['gracechurch'] });
      await expect.poll(() => worker.heard.flatMap((c) => c.sermonIds ?? []).length).toBe(651);
      // (The parts go on separate connections: in any order.)
      expect(
        worker.heard
          .slice(1)
          .flatMap((c) => c.sermonIds)
          .sort(),
      ).toEqual(many);
      expect(worker.heard.slice(1).every((c) => c.broadcasterIds?.[0] === 'gracechurch')).toBe(true);
    } finally {
      await Promise.all([web.stop(), worker.stop()]);
    }
  });
});
