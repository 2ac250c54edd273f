import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type Db, PG_TYPES, parseDate, parseInt8, parseNumeric } from './db.ts';

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(runner: Runner, pg: PGlite): Db {
  return {
    kind: 'pglite',
    async query<T>(text: string, params?: readonly unknown[]) {
      const result = await runner.query<T>(text, params as unknown[] | undefined);
      return result.rows;
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (runner !== pg) return fn(wrap(runner, pg)); // already inside one: join it
      return pg.transaction((tx) => fn(wrap(tx, pg)));
    },
    close: () => pg.close(),
  };
}

/** The embedded database, which can also be dumped whole (its data directory, as a tar). */
export type PgliteDb = Db & { dump(): Promise<Blob> };

/**
 * Opens (creating when needed) the embedded database. `dir` undefined means in memory; `from`: a
 * data directory to start from (a `dump()`, such as the tests' migrated template).
 */
export async function openPglite(dir: string | undefined, from?: Blob): Promise<PgliteDb> {
  if (dir) mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir ?? 'memory://', {
    ...(from ? { loadDataDir: from } : {}),
    extensions: { pg_trgm, unaccent, cube, earthdistance, btree_gin },
    parsers: {
      [PG_TYPES.INT8]: parseInt8,
      [PG_TYPES.NUMERIC]: parseNumeric,
      [PG_TYPES.DATE]: parseDate,
    },
  });
  return Object.assign(wrap(pg, pg), { dump: () => pg.dumpDataDir('none') });
}
