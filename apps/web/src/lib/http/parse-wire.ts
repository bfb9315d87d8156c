import type * as Contract from '@parallax/contract';
import wireSchemas from 'virtual:wire-schemas';
import type { output } from 'zod';
import { assertMatches } from './json-schema-check';
import type { WireSchemaName } from './wire-schema-names';

/** The wire shape the contract's schema `N` describes. */
export type Wire<N extends WireSchemaName> = output<(typeof Contract)[N]>;

/**
 * Checks a response body against the contract's schema `name` and hands it on typed as that
 * schema's output: one source of truth for shapes, and a malformed answer fails here instead of
 * deep inside a screen. Zod stays out of the browser bundle: the check runs on JSON Schema
 * generated from the contract at build time (wire-schemas.plugin.ts). A mismatch throws a
 * ValidationError.
 */
export function parseWire<N extends WireSchemaName>(name: N, data: unknown): Wire<N> {
  assertMatches(wireSchemas[name], data);
  return data as Wire<N>;
}
