import { keysToSnake } from '../../../lib/case-convert';

/** What parseWire needs of a contract schema (any zod schema has it). */
export interface WireSchema<T> {
  parse(data: unknown): T;
}

/**
 * Checks a (camelCased) response body against the contract's snake_case schema. The client
 * converted the keys on receipt, so they are converted back for the check: one source of truth
 * for shapes, and a malformed answer fails here instead of deep inside a screen.
 */
export function parseWire<T>(schema: WireSchema<T>, data: unknown): T {
  return schema.parse(keysToSnake(data));
}
