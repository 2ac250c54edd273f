/**
 * JSON serialisation that keeps floats floats: a latitude of 40 is written `40.0`, because
 * existing API clients type-check it as a float. Fields are floats by name, listed here.
 */
const FLOAT_KEYS = new Set(['latitude', 'longitude']);
// A private-use character: JSON.stringify leaves it unescaped and real text never holds it.
const MARK = '\uE000float:';
const MARKED = new RegExp(`"${MARK}(-?\\d+)"`, 'g');

export function stringifyJson(value: unknown): string {
  let marked = false;
  const text = JSON.stringify(value, (key, v) => {
    if (typeof v === 'number' && Number.isInteger(v) && FLOAT_KEYS.has(key)) {
      marked = true;
      return MARK + v;
    }
    return v;
  });
  return marked ? text.replace(MARKED, '$1.0') : text;
}
