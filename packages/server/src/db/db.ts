/**
 * The one database interface the server uses. Two implementations: embedded PGlite (default,
 * data in the data dir) and PostgreSQL through a `pg` pool (DATABASE_URL). Both speak the same
 * SQL; values come back with the same JavaScript types (int8 and numeric as numbers, dates as
 * 'YYYY-MM-DD' strings) so queries behave identically on both.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /**
   * `prepare` marks a query whose text never changes (only its parameters): PostgreSQL then
   * keeps its plan per connection instead of planning it on every call.
   */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs several statements without parameters (migrations, bulk DDL). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type QueryOptions = { prepare?: boolean };

/** Postgres type OIDs we parse ourselves, identically on both drivers. */
export const PG_TYPES = { INT8: 20, NUMERIC: 1700, DATE: 1082, INT8_ARRAY: 1016 } as const;

export const parseInt8 = (v: string) => Number(v);
export const parseNumeric = (v: string) => Number(v);
export const parseDate = (v: string) => v;
/** int8[] ('{1,2}'; ids hold no quotes) as numbers: PGlite applies the int8 parser to elements, pg does not. */
export const parseInt8Array = (v: string) =>
  v === '{}'
    ? []
    : v
        .slice(1, -1)
        .split(',')
        .map((x) => (x === 'NULL' ? null : Number(x)));
