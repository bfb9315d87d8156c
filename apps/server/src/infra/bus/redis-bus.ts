import { Redis } from 'ioredis';
import type { Bus, BusHandler, ReplayLogOptions } from './bus';

const CLEAR_IF_EQUAL = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Scaled mode: pub/sub for live events, a Redis Stream per replay log (XADD with an
 * approximate MAXLEN, expiring after its last append), plain keys with PX for presence.
 * One connection publishes and reads, a second one only subscribes (Redis requires it).
 */
export class RedisBus implements Bus {
  readonly driver = 'redis';
  readonly #command: Redis;
  readonly #subscriber: Redis;
  readonly #handlers = new Map<string, Set<BusHandler>>();

  private constructor(
    url: string,
    private readonly prefix: string,
    private readonly logOptions: ReplayLogOptions,
  ) {
    const options = { maxRetriesPerRequest: 3, lazyConnect: true };
    this.#command = new Redis(url, options);
    this.#subscriber = new Redis(url, options);
    this.#subscriber.on('message', (channel: string, payload: string) =>
      this.#deliver(channel, payload),
    );
  }

  /** Connects both connections; fails fast when Redis is unreachable at boot. */
  static async connect(
    url: string,
    prefix: string,
    logOptions: ReplayLogOptions,
  ): Promise<RedisBus> {
    const bus = new RedisBus(url, prefix, logOptions);
    try {
      await Promise.all([bus.#command.connect(), bus.#subscriber.connect()]);
    } catch (error) {
      bus.#command.disconnect();
      bus.#subscriber.disconnect();
      throw error;
    }
    return bus;
  }

  async publish(topic: string, payload: string): Promise<void> {
    await this.#command.publish(this.#key('t', topic), payload);
  }

  async appendAndPublish(log: string, topic: string, payload: string): Promise<void> {
    const key = this.#key('log', log);
    // One round trip; a pipeline keeps the order, so the entry exists before the publish.
    const results = await this.#command
      .pipeline()
      .xadd(key, 'MAXLEN', '~', String(this.logOptions.maxEntries), '*', 'd', payload)
      .pexpire(key, this.logOptions.ttlMs)
      .publish(this.#key('t', topic), payload)
      .exec();
    const failed = results?.find(([error]) => error !== null)?.[0];
    if (failed) throw failed;
  }

  async readLog(log: string): Promise<string[]> {
    const entries = await this.#command.xrange(this.#key('log', log), '-', '+');
    return entries.map(([, fields]) => fields[1] ?? '');
  }

  async deleteLog(log: string): Promise<void> {
    await this.#command.del(this.#key('log', log));
  }

  async subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    const channel = this.#key('t', topic);
    let handlers = this.#handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
    }
    const wrapped: BusHandler = (payload) => handler(payload);
    handlers.add(wrapped);
    if (handlers.size === 1) await this.#subscriber.subscribe(channel);
    return async () => {
      handlers.delete(wrapped);
      if (handlers.size === 0 && this.#handlers.get(channel) === handlers) {
        this.#handlers.delete(channel);
        if (this.#subscriber.status === 'ready') await this.#subscriber.unsubscribe(channel);
      }
    };
  }

  async setPresence(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#command.set(this.#key('p', key), value, 'PX', ttlMs);
  }

  async getPresence(key: string): Promise<string | undefined> {
    return (await this.#command.get(this.#key('p', key))) ?? undefined;
  }

  async clearPresence(key: string, value: string): Promise<void> {
    await this.#command.eval(CLEAR_IF_EQUAL, 1, this.#key('p', key), value);
  }

  async close(): Promise<void> {
    this.#handlers.clear();
    await Promise.allSettled([this.#subscriber.quit(), this.#command.quit()]);
  }

  #key(kind: string, name: string): string {
    return `${this.prefix}:${kind}:${name}`;
  }

  #deliver(channel: string, payload: string): void {
    const handlers = this.#handlers.get(channel);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(payload);
      } catch {
        // A failing subscriber must not break the others.
      }
    }
  }
}
