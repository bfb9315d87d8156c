import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from '@parallax/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';

export const TOO_DEEP_DETAIL = `body: JSON nested deeper than ${JSON_MAX_DEPTH} levels is not accepted.`;

type ParseDone = (error: Error | null, body?: unknown) => void;

/**
 * Fastify's own JSON parser (prototype-poisoning checks included) behind a nesting limit.
 * JSON.parse itself copes with any depth, but every later walk over the body (the NUL guard,
 * validation, serialising it for storage or logs) would have to as well; refusing the text
 * up front keeps all of them within a known depth.
 */
export function depthLimitedJsonParser(
  app: FastifyInstance,
): (request: FastifyRequest, body: string | Buffer, done: ParseDone) => void {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '' && bodyMayBeOmitted(request)) return done(null, null);
    if (jsonNestsDeeperThan(text)) return done(new AppError('bad_request', TOO_DEEP_DETAIL));
    const result = parse(request, text, done);
    if (result instanceof Promise) result.then((value: unknown) => done(null, value), done);
  };
}

/**
 * A route whose body may be left out (the contract's optionalBody) takes a JSON content type
 * with nothing after it as "no body", like a request without one, instead of invalid JSON.
 */
function bodyMayBeOmitted(request: FastifyRequest): boolean {
  const schema: unknown = request.routeOptions.schema?.body;
  return schema instanceof z.ZodType && schema.safeParse(null).success;
}

/** Every JSON body of the app goes through depthLimitedJsonParser. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, depthLimitedJsonParser(app));
}
