import type { SwaggerTransformObject } from '@fastify/swagger';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON schema that a missing body (null) satisfies: the contract's optionalBody. */
function acceptsNull(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  if (schema.type === 'null') return true;
  return Array.isArray(schema.anyOf) && schema.anyOf.some(acceptsNull);
}

/**
 * @fastify/swagger marks every request body as required; one whose schema accepts null may be
 * left out, and the document should say so to clients generated from it.
 */
export function withOptionalBodies(transform: SwaggerTransformObject): SwaggerTransformObject {
  return (input) => {
    const document = transform(input);
    const paths: unknown = 'paths' in document ? document.paths : undefined;
    if (!isRecord(paths)) return document;
    for (const methods of Object.values(paths)) {
      if (!isRecord(methods)) continue;
      for (const operation of Object.values(methods)) {
        const body = isRecord(operation) ? operation.requestBody : undefined;
        if (!isRecord(body) || !isRecord(body.content)) continue;
        const media = Object.values(body.content);
        if (media.length > 0 && media.every((m) => isRecord(m) && acceptsNull(m.schema)))
          body.required = false;
      }
    }
    return document;
  };
}
