import { invalid } from '../errors.ts';

/**
 * Keyset paging: a list's sort columns, the condition that continues after a row's keys, and
 * the cursor that carries those keys from one page to the next (in each answer's `next`).
 */

/** The SQL types a sort key may have; a cursor's values are checked against them. */
export type KeyType = 'text' | 'date' | 'timestamptz' | 'boolean' | 'int' | 'integer' | 'int8' | 'real' | 'float8';

/** One column of a list's ORDER BY; keyset paging compares these with the cursor's values. */
export type KeyColumn = { expr: string; type: KeyType; dir: 'ASC' | 'DESC' };

/** `WHERE` condition selecting rows after the cursor's values in the given order. */
export function keysetCondition(cols: readonly KeyColumn[], after: readonly unknown[], params: unknown[]): string {
  const val = (i: number) => {
    params.push(after[i]);
    return `$${params.length}::${cols[i]?.type}`;
  };
  const dirs = new Set(cols.map((c) => c.dir));
  if (dirs.size === 1) {
    const op = cols[0]?.dir === 'DESC' ? '<' : '>';
    return `(${cols.map((c) => c.expr).join(', ')}) ${op} (${cols.map((_, i) => val(i)).join(', ')})`;
  }
  // Mixed directions: (a > x) OR (a = x AND b < y) OR ... An index range cannot start from an
  // OR, so the leading columns that share the first one's direction also bound the rows with a
  // row comparison, (a) >= (x): the walk starts at the cursor's group instead of at the top.
  const values = cols.map((_, i) => val(i));
  const ors = cols.map((c, i) => {
    const eqs = cols.slice(0, i).map((prev, j) => `${prev.expr} = ${values[j]}`);
    return `(${[...eqs, `${c.expr} ${c.dir === 'DESC' ? '<' : '>'} ${values[i]}`].join(' AND ')})`;
  });
  const first = cols[0]?.dir;
  const lead = cols.findIndex((c) => c.dir !== first);
  const bound = `(${cols
    .slice(0, lead)
    .map((c) => c.expr)
    .join(', ')}) ${first === 'DESC' ? '<=' : '>='} (${values.slice(0, lead).join(', ')})`;
  return `(${bound} AND (${ors.join(' OR ')}))`;
}

/** The select list naming each sort key's text form k0, k1, …, which the next cursor carries. */
export const keyColumns = (cols: readonly KeyColumn[]) => cols.map((c, i) => `(${c.expr})::text AS k${i}`).join(', ');

/** The keys of a row selected with keyColumns. */
export const rowKeys = (cols: readonly KeyColumn[], row: Readonly<Record<string, unknown>>): string[] =>
  cols.map((_, i) => String(row[`k${i}`]));

/** A cursor: the page it opens and the sort keys of the row before that page. */
export type Cursor = { page: number; values: readonly string[] };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.page, ...cursor.values])).toString('base64url');
}

const INT4 = 2n ** 31n;
const INT8 = 2n ** 63n;
const FLOAT4_MAX = 3.4028235e38;
const FLOAT4_MIN = 1.175494e-38;
const FLOAT8_MAX = Number.MAX_VALUE;
const FLOAT8_MIN = 2.2250738585072014e-308;
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME = /^ (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::(\d{2})(?::(\d{2}))?)?)?$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const REAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d{1,3})?$/i;

const inRange = (value: string, pattern: RegExp, bound: bigint) =>
  pattern.test(value) && BigInt(value) >= -bound && BigInt(value) < bound;

/** A float PostgreSQL reads back without an out-of-range error: 0, or a magnitude within [min, max]. */
function floatIn(value: string, min: number, max: number): boolean {
  if (!REAL.test(value)) return false;
  const n = Math.abs(Number(value));
  return n === 0 || (n >= min && n <= max);
}

/** The length of `YYYY-MM-DD` at the start of `value` when it is a date of the calendar, else 0. */
function calendarDay(value: string): number {
  const m = DAY.exec(value);
  if (!m) return 0;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? 10 : 0;
}

function isTimestamp(value: string): boolean {
  const at = calendarDay(value);
  const m = at ? TIME.exec(value.slice(at)) : null;
  if (!m) return false;
  const [hour, minute, second, zoneHours, zoneMinutes, zoneSeconds] = m.slice(1).map((v) => Number(v ?? 0));
  return (
    (hour as number) < 24 &&
    (minute as number) < 60 &&
    (second as number) < 60 &&
    (zoneHours as number) <= 15 &&
    (zoneMinutes as number) < 60 &&
    (zoneSeconds as number) < 60
  );
}

/** Whether `value` (a key's text form, as PostgreSQL writes it) reads back as `type` without error. */
const KEY_VALUES: Record<KeyType, (value: string) => boolean> = {
  // PostgreSQL text holds no NUL; a lone surrogate is no character either.
  text: (value) => !value.includes('\u0000') && !LONE_SURROGATE.test(value),
  date: (value) => value === '-infinity' || value === 'infinity' || (calendarDay(value) === 10 && value.length === 10),
  timestamptz: (value) => value === '-infinity' || value === 'infinity' || isTimestamp(value),
  boolean: (value) => value === 'true' || value === 'false',
  int: (value) => inRange(value, /^-?\d{1,10}$/, INT4),
  integer: (value) => inRange(value, /^-?\d{1,10}$/, INT4),
  int8: (value) => inRange(value, /^-?\d{1,19}$/, INT8),
  real: (value) => floatIn(value, FLOAT4_MIN, FLOAT4_MAX),
  float8: (value) => floatIn(value, FLOAT8_MIN, FLOAT8_MAX),
};

const badCursor = () =>
  invalid({
    cursor: { key: 'error.invalidParameter', params: { name: 'cursor', detail: 'not a cursor of this list' } },
  });

/**
 * The key values of `raw` when it opens `page` of a list sorted by `order`; undefined without a
 * cursor, or with one of another page (a stale link: the page is then found by its number). A
 * cursor that is not one this list could have written (not our encoding, other key types, a
 * value PostgreSQL would refuse) is a 400, so that no edited cursor reaches the database.
 */
export function decodeCursor(raw: string | undefined, page: number, order: readonly KeyColumn[]): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || !Number.isSafeInteger(parsed[0]) || parsed.length !== order.length + 1) {
    throw badCursor();
  }
  const values = parsed.slice(1);
  const fits = values.every((v, i) => typeof v === 'string' && KEY_VALUES[(order[i] as KeyColumn).type](v));
  if (!fits) throw badCursor();
  return parsed[0] === page ? (values as string[]) : undefined;
}
