import fastifyRateLimit from '@fastify/rate-limit';
import { STATUS_POLICIES } from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';
import { connectAll, createRedis, logConnectionState } from './redis-connection';

/**
 * Requests per minute per client address unless a route sets its own `config.rateLimit`. A
 * chat screen opens with about ten API calls (the chat, its turns, its settings, the models,
 * favourites, presets, what is left today…), so someone moving quickly through their chats,
 * or a few people behind one office address, reached 300 and saw chats fail to load.
 */
export const GLOBAL_RATE_LIMIT_PER_MINUTE = 1_200;
/**
 * The telemetry route's allowance per client address: a page flushes every 30 s and on
 * unload, so more is a loop or abuse.
 */
export const LOGGING_REQUESTS_PER_MINUTE = 60;

/**
 * `@fastify/rate-limit` for the whole app. With REDIS_URL the counters live in Redis (the
 * plugin's store: one Lua INCR + PEXPIRE per request), so N processes behind a load balancer
 * enforce one limit, not N; without it, in this process's memory (embedded mode is one
 * process). Keys sit under the installation's `namespace`, like the bus's, so installations
 * and test apps sharing one Redis never count for each other.
 */
export async function registerRateLimit(app: FastifyInstance, namespace: string): Promise<void> {
  const redis = app.config.redisUrl === undefined ? undefined : await connect(app.config.redisUrl);
  if (redis) {
    logConnectionState(redis, app.log, 'rate limits');
    app.addHook('onClose', () => redis.quit().then(() => undefined));
  }
  await app.register(fastifyRateLimit, {
    global: true,
    max: GLOBAL_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: `parallax:${namespace}:rate:` } : {}),
    // A Redis outage must not turn every API call into a 500; the per-account throttles
    // (login backoff, mail cooldowns) live in the database and still hold.
    skipOnError: true,
    // The limit guards the API; the app shell and its hashed assets are cheap static files,
    // and one page load fetches many of them.
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/ws'),
    errorResponseBuilder: () =>
      new AppError('rate_limited', STATUS_POLICIES[429]?.userMessage ?? 'Too many requests.'),
  });
}

/**
 * Fails fast when Redis is unreachable at boot, as the bus does. Without an offline queue a
 * count during an outage fails at once (and is skipped), instead of holding the request.
 */
async function connect(url: string): Promise<Redis> {
  const redis = createRedis(url, { enableOfflineQueue: false });
  await connectAll([redis]);
  return redis;
}
