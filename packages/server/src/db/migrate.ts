import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies the SQL files in db/migrations in name order, each once, all pending ones in one
 * transaction: a failing file leaves the database as it was before the start, not half-way.
 * Forward only: a shipped migration is never edited, a change is a new file (0024 was changed
 * before any release: a database that ran it keeps what it did). An advisory lock keeps two
 * processes starting at once from racing. A migration must stay quick, since start-up waits
 * for it: rewriting many rows belongs in a job (search/sermon-vectors.jobs.ts).
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7245001)');
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migration')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8'));
      await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
