import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_REPLAY_LOG, type Bus, type ReplayLogOptions } from './bus';
import { MemoryBus } from './memory-bus';
import { RedisBus } from './redis-bus';

/**
 * The bus for this process: Redis when REDIS_URL is set, else in-process. `namespace` keeps
 * installations (and test apps) sharing one Redis apart.
 */
export async function createBus(
  redisUrl: string | undefined,
  namespace: string,
  log: FastifyBaseLogger,
  logOptions: ReplayLogOptions = DEFAULT_REPLAY_LOG,
): Promise<Bus> {
  if (redisUrl === undefined) return new MemoryBus(logOptions);
  return RedisBus.connect(redisUrl, `parallax:${namespace}`, logOptions, log);
}
