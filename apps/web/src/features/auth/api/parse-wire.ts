import type * as Contract from '@parallax/contract';
import wireSchemas from 'virtual:wire-schemas';
import type { output } from 'zod';
import { keysToSnake } from '../../../lib/case-convert';
import { assertMatches } from '../../../lib/http/json-schema-check';
import type { WireSchemaName } from '../../../lib/http/wire-schema-names';

/** The wire shape the contract's schema `N` describes. */
export type Wire<N extends WireSchemaName> = output<(typeof Contract)[N]>;

/**
 * Checks a (camelCased) response body against the contract's snake_case schema `name`. The
 * client converted the keys on receipt, so they are converted back for the check: one source
 * of truth for shapes, and a malformed answer fails here instead of deep inside a screen.
 * The check runs on JSON Schema generated from the contract at build time (zod stays out of
 * the browser bundle); a mismatch throws a ValidationError.
 */
export function parseWire<N extends WireSchemaName>(name: N, data: unknown): Wire<N> {
  const wire = keysToSnake(data);
  assertMatches(wireSchemas[name], wire);
  return wire as Wire<N>;
}
