import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import {
  NO_CHAT_METRICS,
  ServerMetrics,
  type ChatMetrics,
  type LiveCounts,
} from './server-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters the chat path feeds; no-ops unless METRICS_TOKEN is set. */
    readonly metrics: ChatMetrics;
  }
}

export const METRICS_PATH = '/metrics';
const UNMATCHED_ROUTE = 'unmatched';

// Digests have one length whatever was sent, so timingSafeEqual never throws and the time
// taken says nothing about the token.
const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  if (header === undefined || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), expected);
}

/**
 * GET /metrics for Prometheus, only when METRICS_TOKEN is set (otherwise the path does not
 * exist: 404). Root level, before any route, so the request hook times every route. `live` is
 * read at scrape time only: the app passes counts of parts it registers later.
 */
export function registerMetrics(app: FastifyInstance, live: LiveCounts): void {
  const token = app.config.metricsToken;
  if (token === undefined) {
    app.decorate('metrics', NO_CHAT_METRICS);
    return;
  }
  const metrics = new ServerMetrics(live);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const expected = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('unauthorized', 'A valid metrics token is required.');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
