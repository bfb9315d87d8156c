/**
 * Field names that hold credentials anywhere in the app's shapes: such a field is dropped from
 * an audit snapshot whatever object it sits in (a key's last 4 characters, `api_key_set` and
 * `api_key_limit` are not credentials and stay).
 */
const SECRET_FIELD =
  /(^|_)(api_key|key_sealed|password|password_hash|secret|token|credentials|private_key)$/i;
const MAX_DEPTH = 6;

/** A JSON-safe copy of `value` without any secret field; non-objects come back as null. */
export function auditSnapshot(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return scrub(value, 0) as Record<string, unknown>;
}

function scrub(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_FIELD.test(key)) continue;
    out[key] = scrub(inner, depth + 1);
  }
  return out;
}
