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

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
  return out;
}

export function keysToSnake(value: unknown): unknown {
  return convertKeys(value, toSnakeKey);
}

export function keysToCamel(value: unknown): unknown {
  return convertKeys(value, toCamelKey);
}
