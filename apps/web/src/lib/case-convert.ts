/**
 * Key conversion at the API boundary (spec §3): camelCase in the app, snake_case on the wire.
 * Only plain objects and arrays are walked; FormData, Blob, Date and other instances pass through.
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function toSnakeKey(key: string): string {
  return key
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

export function toCamelKey(key: string): string {
  // A leading underscore marks a private/meta key; keep it as is.
  return key.replace(/(?!^)_+([a-z0-9])/g, (_match, ch: string) => ch.toUpperCase());
}

/**
 * A copy of `value` with every plain object's keys converted. An explicit stack instead of
 * recursion: the value may hold data a user typed or a server echoed, and no depth of it may
 * overflow the call stack.
 */
function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  const shallowCopy = (source: unknown): unknown =>
    Array.isArray(source) ? new Array<unknown>(source.length) : isPlainObject(source) ? {} : source;
  const root = shallowCopy(value);
  // Each pending item fills one container copy from its source.
  const pending: { source: unknown; target: unknown }[] = [{ source: value, target: root }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { source, target } = next;
    if (Array.isArray(source) && Array.isArray(target)) {
      source.forEach((item: unknown, i) => {
        target[i] = shallowCopy(item);
        if (target[i] !== item) pending.push({ source: item, target: target[i] });
      });
    } else if (isPlainObject(source) && isPlainObject(target)) {
      for (const [key, inner] of Object.entries(source)) {
        const copy = shallowCopy(inner);
        target[convert(key)] = copy;
        if (copy !== inner) pending.push({ source: inner, target: copy });
      }
    }
  }
  return root;
}

export function keysToSnake(value: unknown): unknown {
  return convertKeys(value, toSnakeKey);
}

export function keysToCamel(value: unknown): unknown {
  return convertKeys(value, toCamelKey);
}
