/**
 * JSON serialisation that keeps floats floats: a latitude of 40 is written `40.0`, because
 * existing API clients type-check it as a float. Fields are floats by name, listed here.
 * Plain JSON.stringify, then a targeted rewrite: a key inside a string value is always
 * preceded by an escaped quote (\"), so the pattern only ever meets real keys.
 */
const FLOAT_KEYS = ['latitude', 'longitude']; // both end in 'tude', which stringifyJson looks for first
const WHOLE_FLOAT = new RegExp(`"(${FLOAT_KEYS.join('|')})":(-?\\d+)(?=[,}])`, 'g');

export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value);
  return text.includes('tude":') ? text.replace(WHOLE_FLOAT, '"$1":$2.0') : text;
}
