import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Where in a parsed value the first NUL character sits, e.g. `body.messages.2.text`. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = findNul(inner, `${path}.${key}`) ?? (key.includes('\u0000') ? `${path}.${key}` : null);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 and fails the whole query on it (SQLite would store it
 * silently), so no request value containing one may reach a repository: it is refused up
 * front, naming the field, on both databases alike.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where =
      findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
    if (where) throw new AppError('validation_error', `${where}: must not contain a NUL character`);
  });
}
