import { LOG_CAPS, type ScalarRecord } from '@parallax/contract';

/** `text` cut to `max` UTF-16 units (the unit zod's max() counts), marked when cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function toScalar(value: unknown): string | number | boolean | null | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol')
    return undefined;
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return truncate(value, LOG_CAPS.scalarChars);
  if (typeof value === 'bigint') return value.toString();
  // The contract keeps context flat; a nested value travels as its JSON text.
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  return truncate(json ?? Object.prototype.toString.call(value), LOG_CAPS.scalarChars);
}

/**
 * Any context object as the contract's flat, capped ScalarRecord: the server refuses a whole
 * batch over one long value, so values are cut to fit rather than sent as they are.
 */
export function toScalarRecord(context: Record<string, unknown>): ScalarRecord {
  const record: ScalarRecord = {};
  let keys = 0;
  for (const [key, value] of Object.entries(context)) {
    if (keys >= LOG_CAPS.recordKeys) break;
    const scalar = toScalar(value);
    if (scalar === undefined) continue;
    record[truncate(key, LOG_CAPS.keyChars)] = scalar;
    keys += 1;
  }
  return record;
}
