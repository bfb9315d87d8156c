import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Query fields that are search text: a NUL in them is a separator like any punctuation
     * (search reads only letters and digits), so it becomes a space instead of a refusal.
     */
    nulAsSpaceInQuery?: readonly string[];
  }
}

/**
 * Where in a parsed value the first NUL character sits, e.g. `body.messages.2.text`. An
 * explicit stack instead of recursion: the value comes from the client, and however deep it
 * is, the walk must not overflow the call stack.
 */
export function findNul(root: unknown, rootPath: string): string | null {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: rootPath }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      // Pushed last to first, so the first element is looked at first.
      for (let i = value.length - 1; i >= 0; i -= 1)
        pending.push({ value: value[i], path: `${path}.${i}` });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (key.includes('\u0000')) return `${path}.${key}`;
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, inner] = entries[i] as [string, unknown];
        pending.push({ value: inner, path: `${path}.${key}` });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 and fails the whole query on it (SQLite would store it
 * silently), so no request value containing one may reach a repository: it is refused up
 * front, naming the field, on both databases alike — except search text, where a route's
 * `nulAsSpaceInQuery` turns it into a separator.
 */
export function registerNulGuard(app: FastifyInstance): void {
  // Callback form: it runs on every request, and a promise per request is measurable.
  app.addHook('preValidation', (request, _reply, done) => {
    spaceOutNul(request);
    const where =
      findNul(request.params, 'params') ??
      findNul(request.query, 'query') ??
      findNul(request.body, 'body');
    if (where) throw new AppError('validation_error', `${where}: must not contain a NUL character`);
    done();
  });
}

function spaceOutNul(request: FastifyRequest): void {
  const fields = request.routeOptions.config.nulAsSpaceInQuery;
  const query = request.query;
  if (fields === undefined || query === null || typeof query !== 'object') return;
  const values = query as Record<string, unknown>;
  for (const field of fields) {
    const value = values[field];
    if (typeof value === 'string') values[field] = value.replaceAll('\u0000', ' ');
  }
}
