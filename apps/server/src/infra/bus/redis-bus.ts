import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Bus, BusHandler, ReplayLogOptions } from './bus';
import { WriteBatcher } from './write-batcher';

/**
 * A replay log's TTL is pushed back at most this often, not with every append: at 1,000 streams
 * a PEXPIRE per token was a third of the commands Redis had to run.
 */
const EXPIRY_REFRESH_MS = 30_000;

const CLEAR_IF_EQUAL = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

interface Outgoing {
  /** The replay log's key and what to append to it, or null for a plain publish. */
  log: { key: string; entry: string } | null;
  channel: string;
  payload: string;
}

/**
 * Scaled mode: pub/sub for live events, a Redis Stream per replay log (XADD with an
 * approximate MAXLEN, expiring after its last append), plain keys with PX for presence.
 * One connection publishes and reads, a second one only subscribes (Redis requires it).
 *
 * Two things keep a streamed token cheap: subscribers in this process get a payload at once,
 * without the round trip through Redis (each published payload carries this process's origin
 * tag, so the copy Redis sends back is skipped), and appends are written to Redis in one
 * pipeline per event-loop turn rather than one round trip per token.
 */
export class RedisBus implements Bus {
  readonly driver = 'redis';
  readonly #command: Redis;
  readonly #subscriber: Redis;
  readonly #handlers = new Map<string, Set<BusHandler>>();
  /** Prefixed to every published payload; fixed length, so stripping it is a slice. */
  readonly #origin = `${randomBytes(9).toString('base64url')}|`;
  readonly #writes: WriteBatcher<Outgoing>;
  /** When each replay log's expiry was last pushed back (ms): once per EXPIRY_REFRESH_MS is enough. */
  readonly #expirySetAt = new Map<string, number>();

  private constructor(
    url: string,
    private readonly prefix: string,
    private readonly logOptions: ReplayLogOptions,
  ) {
    const options = { maxRetriesPerRequest: 3, lazyConnect: true };
    this.#command = new Redis(url, options);
    this.#subscriber = new Redis(url, options);
    this.#subscriber.on('message', (channel: string, message: string) =>
      this.#onMessage(channel, message),
    );
    this.#writes = new WriteBatcher((batch) => this.#write(batch));
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

  publish(topic: string, payload: string): Promise<void> {
    const channel = this.#key('t', topic);
    this.#deliver(channel, payload);
    return this.#writes.add({ log: null, channel, payload });
  }

  appendAndPublish(log: string, topic: string, payload: string, logEntry = payload): Promise<void> {
    const channel = this.#key('t', topic);
    this.#deliver(channel, payload);
    // The pipeline keeps each XADD before its PUBLISH, so the entry exists when others see it.
    return this.#writes.add({
      log: { key: this.#key('log', log), entry: logEntry },
      channel,
      payload,
    });
  }

  async readLog(log: string): Promise<string[]> {
    // Appends still waiting for their turn must land first, or a resume would miss them.
    await this.#writes.flush().catch(() => undefined);
    const entries = await this.#command.xrange(this.#key('log', log), '-', '+');
    return entries.map(([, fields]) => fields[1] ?? '');
  }

  async deleteLog(log: string): Promise<void> {
    await this.#writes.flush().catch(() => undefined);
    const key = this.#key('log', log);
    this.#expirySetAt.delete(key);
    await this.#command.del(key);
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
    await this.#writes.flush().catch(() => undefined);
    this.#handlers.clear();
    await Promise.allSettled([this.#subscriber.quit(), this.#command.quit()]);
  }

  #key(kind: string, name: string): string {
    return `${this.prefix}:${kind}:${name}`;
  }

  async #write(batch: readonly Outgoing[]): Promise<void> {
    const pipeline = this.#command.pipeline();
    const logs = new Set<string>();
    for (const { log, channel, payload } of batch) {
      if (log !== null) {
        pipeline.xadd(
          log.key,
          'MAXLEN',
          '~',
          String(this.logOptions.maxEntries),
          '*',
          'd',
          log.entry,
        );
        logs.add(log.key);
      }
      pipeline.publish(channel, this.#origin + payload);
    }
    const now = Date.now();
    for (const log of logs) {
      if (now - (this.#expirySetAt.get(log) ?? 0) < EXPIRY_REFRESH_MS) continue;
      pipeline.pexpire(log, this.logOptions.ttlMs);
      this.#expirySetAt.set(log, now);
    }
    if (this.#expirySetAt.size > 10_000) this.#forgetOldExpiries(now);
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error !== null)?.[0];
    if (failed) throw failed;
  }

  /** Logs not appended to for a refresh period get a fresh PEXPIRE on their next append anyway. */
  #forgetOldExpiries(now: number): void {
    for (const [log, at] of this.#expirySetAt)
      if (now - at >= EXPIRY_REFRESH_MS) this.#expirySetAt.delete(log);
  }

  #onMessage(channel: string, message: string): void {
    // Our own payloads were delivered here when they were published.
    if (message.startsWith(this.#origin)) return;
    this.#deliver(channel, message.slice(this.#origin.length));
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
