/**
 * Freezes `value` and everything reachable from it, for objects shared between requests (cached
 * rows, reference answers): a request that tried to change one would change it for every later
 * request, and in these strict-mode modules the attempt throws instead. Binary data (typed
 * arrays, which cannot be frozen) is left as it is.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
