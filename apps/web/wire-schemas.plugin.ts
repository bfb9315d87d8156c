import type * as Contract from '@parallax/contract';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { z } from 'zod';
import { unsupportedKeywords } from './src/lib/http/json-schema-check.ts';
import { WIRE_SCHEMA_NAMES } from './src/lib/http/wire-schema-names.ts';

export const WIRE_SCHEMAS_MODULE = 'virtual:wire-schemas';
const RESOLVED_ID = `\0${WIRE_SCHEMAS_MODULE}`;

/** The contract's response schemas as JSON Schema, the form the browser checks against. */
export async function buildWireSchemas(): Promise<Record<string, unknown>> {
  // The contract ships as TypeScript source, which the config loader cannot import itself.
  const contract = (await tsImport('@parallax/contract', import.meta.url)) as typeof Contract;
  const record: Record<string, unknown> = {};
  for (const name of WIRE_SCHEMA_NAMES) {
    const schema: z.ZodType = contract[name];
    // `output`: what the server sends after encoding; `throw`: a schema JSON cannot express
    // (a transform, a custom check) must fail the build rather than be checked loosely.
    const json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      // JSON Schema's `format: uri` drops z.url()'s scheme and host limits: carried as our own keywords.
      override: (ctx) => {
        const def = ctx.zodSchema._zod.def as {
          format?: string;
          protocol?: RegExp;
          hostname?: RegExp;
        };
        if (def.format !== 'url') return;
        if (def.protocol) ctx.jsonSchema.urlProtocol = def.protocol.source;
        if (def.hostname) ctx.jsonSchema.urlHostname = def.hostname.source;
      },
    });
    delete json.$schema;
    const unknown = unsupportedKeywords(json);
    if (unknown.size > 0)
      throw new Error(
        `${name} uses JSON Schema keywords the web checker lacks: ${[...unknown].join(', ')}`,
      );
    record[name] = json;
  }
  return record;
}

/**
 * Serves `virtual:wire-schemas`: generated from @parallax/contract when the bundle is built, so
 * zod stays on the server and in the build, and out of the browser's first load.
 */
export function wireSchemas(): Plugin {
  return {
    name: 'parallax-wire-schemas',
    resolveId: (id) => (id === WIRE_SCHEMAS_MODULE ? RESOLVED_ID : undefined),
    load: async (id) =>
      id === RESOLVED_ID
        ? `export default ${JSON.stringify(await buildWireSchemas())};`
        : undefined,
  };
}
