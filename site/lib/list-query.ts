/**
 * The query string of a list page (sermons, speakers, series, broadcasters): which of the
 * values it asks for the list applies, and the address of what it shows when it ignores some.
 */

/** A page number as a list reads it: a whole number from 1. */
const PAGE = /^[1-9]\d*$/;

/** `url`'s `name` parameter when it is one of `values` (a sort a list has); undefined otherwise. */
export function oneOf<T extends string>(url: URL, name: string, values: readonly T[]): T | undefined {
  const raw = url.searchParams.get(name);
  return values.find((value) => value === raw);
}

/**
 * What a page without order or pages reads (a landing page, a tab that is not a list), as
 * `withoutIgnored`'s `applied`: any `sort` or `page` asked for is taken out of the address.
 */
export const NO_SORT_OR_PAGE = { sort: undefined, page: undefined } as const;

/**
 * The query string ('?a=1', or '') to send a visitor to when `url` asks for values the list
 * ignores (a filter or sort it does not have, an empty field of a form sent without
 * JavaScript) or for a page that is not a whole number from 1: `url`'s without them, so that
 * the address says what the list shows and one list has one address. Undefined when every
 * value asked for is applied.
 *
 * `applied` names each parameter the page reads besides `page` (which every list reads), with
 * the value it applies: undefined when it ignores the one asked for (a page without pages names
 * `page` so). Other parameters stay as written. Pages redirect (302) to their own path in the visitor's language with this query.
 */
export function withoutIgnored(url: URL, applied: Readonly<Record<string, unknown>>): string | undefined {
  const kept = new URLSearchParams(url.search);
  const ignored = Object.keys(applied).filter((key) => kept.has(key) && applied[key] === undefined);
  const page = kept.get('page');
  if (page !== null && !PAGE.test(page)) ignored.push('page');
  if (!ignored.length) return undefined;
  for (const key of ignored) kept.delete(key);
  return kept.size ? `?${kept}` : '';
}
