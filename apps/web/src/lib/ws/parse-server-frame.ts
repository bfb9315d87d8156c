import { parseJson, type ServerWsMessage } from '@parallax/contract';
import wireSchemas from 'virtual:wire-schemas';
import { findProblem } from '../http/json-schema-check';

/**
 * A frame from the server, or null when it is not JSON or not a known, well-formed message.
 * Same rule as the contract's parseServerWsMessage, checked against the JSON Schema generated
 * from it at build time so that zod stays out of the browser bundle.
 */
export function parseServerWsMessage(raw: string): ServerWsMessage | null {
  const frame = parseJson(raw);
  return findProblem(wireSchemas.ServerWsMessage, frame) === null
    ? (frame as ServerWsMessage)
    : null;
}
