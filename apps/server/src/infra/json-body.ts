import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from '@parallax/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    if (jsonNestsDeeperThan(text)) return done(new AppError('bad_request', TOO_DEEP_DETAIL));
    const result = parse(request, text, done);
    if (result instanceof Promise) result.then((value: unknown) => done(null, value), done);
  };
}

/** Every JSON body of the app goes through depthLimitedJsonParser. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, depthLimitedJsonParser(app));
}
