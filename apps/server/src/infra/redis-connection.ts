import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * Longest wait between two reconnect attempts. ioredis's default backs off to 2 s, so a Redis
 * that came back could stay unused for that long; an attempt to a refused port costs nothing.
 */
const MAX_RECONNECT_DELAY_MS = 250;

/** A connection not yet open (`connect()` it), retrying quickly after an outage. */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 3,
    lazyConnect: true,
    retryStrategy: (attempt: number) => Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS),
    ...options,
  });
}

/** Connects, or disconnects and rethrows: boot fails fast when Redis is unreachable. */
export async function connectAll(connections: readonly Redis[]): Promise<void> {
  try {
    await Promise.all(connections.map((redis) => redis.connect()));
  } catch (error) {
    for (const redis of connections) redis.disconnect();
    throw error;
  }
}

/**
 * Logs a connection's outages through pino, once when it is lost (with the first error) and
 * once when it is back, instead of ioredis's "[ioredis] Unhandled error event" on stderr at
 * every reconnect attempt. The listener on 'error' is what keeps ioredis quiet.
 */
export function logConnectionState(redis: Redis, log: FastifyBaseLogger, name: string): void {
  let lost = false;
  const markLost = (error?: Error) => {
    if (lost || redis.status === 'end') return;
    lost = true;
    log.warn({ err: error, redis: name }, 'Redis connection lost; reconnecting');
  };
  redis.on('error', (error: Error) => markLost(error));
  redis.on('reconnecting', () => markLost());
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info({ redis: name }, 'Redis connection restored');
  });
}
