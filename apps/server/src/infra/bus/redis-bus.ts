import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { connectAll, createRedis, logConnectionState } from '../redis-connection';
import {
  assertSingleLine,
  LINE_SEPARATOR,
  type Bus,
  type BusHandler,
  type PresenceClaim,
  type ReplayLogOptions,
} from './bus';
import { claimPresence, presenceHolder, releasePresence } from './redis-presence';
import { WriteBatcher } from './write-batcher';

/**
 * A replay log's TTL is pushed back at most this often, not with every append: at 1,000 streams
 * a PEXPIRE per token would be a third of the commands Redis has to run.
 */
const EXPIRY_REFRESH_MS = 30_000;

/** How soon a failed recovery (see #recover) is tried again. */
const RECOVER_RETRY_MS = 250;

interface Outgoing {
  /** The replay log's key and what to append to it, or null for a plain publish. */
  log: { key: string; entry: string } | null;
  channel: string;
  payload: string;
}

/**
 * Scaled mode: pub/sub for live events, a Redis Stream per replay log (XADD with an
 * approximate MAXLEN, expiring after its last append), one hash per presence key
 * (redis-presence.ts).
 * One connection publishes and reads, a second one only subscribes (Redis requires it).
 *
 * Two things keep a streamed token cheap: subscribers in this process get a payload at once,
 * without the round trip through Redis (each published payload carries this process's origin
 * tag, so the copy Redis sends back is skipped), and writes go to Redis in batches (see
 * WriteBatcher: one batch in flight at a time, the next one holding all that arrived
 * meanwhile) that are coalesced per key: one XADD per replay log holding all of the batch's
 * entries for it, one PUBLISH per channel holding all of its payloads joined by newlines. Under
 * load the number of commands therefore follows the number of streams and round trips, not the
 * number of tokens.
 */
export class RedisBus implements Bus {
  readonly driver = 'redis';
  readonly #command: Redis;
  readonly #subscriber: Redis;
  readonly #handlers = new Map<string, Set<BusHandler>>();
  /** Prefixed to every published payload; fixed length, so stripping it is a slice. */
  readonly #origin = `${randomBytes(9).toString('base64url')}|`;
  /** The same tag as bytes (ASCII): our own messages come back and are skipped undecoded. */
  readonly #originBytes = Buffer.from(this.#origin, 'latin1');
  readonly #writes: WriteBatcher<Outgoing>;
  /** When each replay log's expiry was last pushed back (ms): once per EXPIRY_REFRESH_MS is enough. */
  readonly #expirySetAt = new Map<string, number>();
  readonly #reconnectListeners: (() => Promise<void>)[] = [];
  /** False from a lost connection until both are back and the reconnect listeners ran. */
  #up = true;
  #recovering = false;
  /** A failed recovery is logged once per outage; it is retried every RECOVER_RETRY_MS. */
  #recoveryFailureLogged = false;
  #closing = false;

  private constructor(
    url: string,
    private readonly prefix: string,
    private readonly logOptions: ReplayLogOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#command = createRedis(url);
    this.#subscriber = createRedis(url);
    for (const [redis, name] of [
      [this.#command, 'bus'],
      [this.#subscriber, 'bus subscriber'],
    ] as const) {
      logConnectionState(redis, log, name);
      redis.on('close', () => {
        if (!this.#closing) this.#up = false;
      });
      redis.on('ready', () => void this.#recover());
    }
    // Buffers, not strings: every payload this process publishes comes back on its own
    // subscription, and decoding those only to drop them would cost time per token.
    this.#subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) =>
      this.#onMessage(channel, message),
    );
    this.#writes = new WriteBatcher((batch) => this.#write(batch));
  }

  /** Connects both connections; fails fast when Redis is unreachable at boot. */
  static async connect(
    url: string,
    prefix: string,
    logOptions: ReplayLogOptions,
    log: FastifyBaseLogger,
  ): Promise<RedisBus> {
    const bus = new RedisBus(url, prefix, logOptions, log);
    await connectAll([bus.#command, bus.#subscriber]);
    return bus;
  }

  publish(topic: string, payload: string): Promise<void> {
    assertSingleLine(payload, 'payload');
    const channel = this.#key('t', topic);
    this.#deliver(channel, payload);
    return this.#writes.add({ log: null, channel, payload });
  }

  appendAndPublish(log: string, topic: string, payload: string, logEntry = payload): Promise<void> {
    assertSingleLine(payload, 'payload');
    assertSingleLine(logEntry, 'log entry');
    const channel = this.#key('t', topic);
    this.#deliver(channel, payload);
    // A batch's XADDs all go before its PUBLISHes, so the entry exists when others see it.
    return this.#writes.add({
      log: { key: this.#key('log', log), entry: logEntry },
      channel,
      payload,
    });
  }

  async readLog(log: string): Promise<string[]> {
    // Appends still waiting for their turn must land first, or a resume would miss them.
    await this.#writes.flush();
    const entries = await this.#command.xrange(this.#key('log', log), '-', '+');
    // One stream entry per batch: `d <payload>` repeated, every value in append order.
    const payloads: string[] = [];
    for (const [, fields] of entries)
      for (let i = 1; i < fields.length; i += 2) payloads.push(fields[i] ?? '');
    return payloads;
  }

  async deleteLog(log: string): Promise<void> {
    await this.#writes.flush();
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

  claimPresence(key: string, claim: PresenceClaim): Promise<string> {
    return claimPresence(this.#command, this.#key('p', key), claim);
  }

  presenceHolder(key: string): Promise<string | undefined> {
    return presenceHolder(this.#command, this.#key('p', key));
  }

  releasePresence(key: string, member: string): Promise<void> {
    return releasePresence(this.#command, this.#key('p', key), member);
  }

  async ping(): Promise<void> {
    if (!this.#up) throw new Error('Redis connection lost; reconnecting');
    await this.#command.ping();
  }

  onReconnect(listener: () => Promise<void>): void {
    this.#reconnectListeners.push(listener);
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.#writes.flush();
    this.#handlers.clear();
    await Promise.allSettled([this.#subscriber.quit(), this.#command.quit()]);
  }

  /**
   * Once both connections are ready again: wait until the subscriber's subscriptions are live
   * (ioredis sends them again right after 'ready', so a PING behind them answers once they are),
   * run the reconnect listeners, and only then count as up.
   */
  async #recover(): Promise<void> {
    if (this.#up || this.#recovering || this.#closing) return;
    if (this.#command.status !== 'ready' || this.#subscriber.status !== 'ready') return;
    this.#recovering = true;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      await this.#subscriber.ping();
      await Promise.allSettled(this.#reconnectListeners.map((listener) => listener()));
      this.#up = true;
      this.#recoveryFailureLogged = false;
    } catch (error) {
      if (!this.#recoveryFailureLogged)
        this.log.warn({ err: error }, 'Redis reconnect steps failed; trying again');
      this.#recoveryFailureLogged = true;
      setTimeout(() => void this.#recover(), RECOVER_RETRY_MS).unref();
    } finally {
      this.#recovering = false;
    }
    // A connection dropped again while recovering: its next 'ready' recovers it.
    if (this.#command.status !== 'ready' || this.#subscriber.status !== 'ready') this.#up = false;
  }

  #key(kind: string, name: string): string {
    return `${this.prefix}:${kind}:${name}`;
  }

  async #write(batch: readonly Outgoing[]): Promise<void> {
    // Group by key; a Map keeps keys in first-seen order and each key's items in batch order.
    const logs = new Map<string, string[]>();
    const channels = new Map<string, string[]>();
    for (const { log, channel, payload } of batch) {
      if (log !== null) append(logs, log.key, log.entry);
      append(channels, channel, payload);
    }
    const redis = this.#command;
    const replies: Promise<unknown>[] = [];
    const maxLen = String(this.logOptions.maxEntries);
    // Plain commands on a corked socket, not an ioredis pipeline: the batch still leaves in one
    // write, and a pipeline object per batch would be most of what this process promotes to the
    // old generation (sampling heap profile, 50 streams), hence major GCs.
    const socket = redis.status === 'ready' ? redis.stream : null;
    const now = Date.now();
    socket?.cork();
    try {
      for (const [key, entries] of logs) {
        // Redis allows a field name to repeat within an entry, and keeps the pairs in order. The
        // arguments go as one array, not spread: after a stall one log may have thousands.
        const args = [key, 'MAXLEN', '~', maxLen, '*'];
        for (const entry of entries) args.push('d', entry);
        replies.push(redis.call('xadd', args));
      }
      // After every XADD: a subscriber that sees a payload can already read it from the log.
      for (const [channel, payloads] of channels)
        replies.push(redis.publish(channel, this.#origin + payloads.join(LINE_SEPARATOR)));
      for (const log of logs.keys()) {
        if (now - (this.#expirySetAt.get(log) ?? 0) < EXPIRY_REFRESH_MS) continue;
        replies.push(redis.pexpire(log, this.logOptions.ttlMs));
        this.#expirySetAt.set(log, now);
      }
    } finally {
      socket?.uncork();
    }
    if (this.#expirySetAt.size > 10_000) this.#forgetOldExpiries(now);
    await Promise.all(replies);
  }

  /** Logs not appended to for a refresh period get a fresh PEXPIRE on their next append anyway. */
  #forgetOldExpiries(now: number): void {
    for (const [log, at] of this.#expirySetAt)
      if (now - at >= EXPIRY_REFRESH_MS) this.#expirySetAt.delete(log);
  }

  #onMessage(channel: Buffer, message: Buffer): void {
    const tag = this.#originBytes;
    // Our own payloads were delivered here when they were published.
    if (message.length >= tag.length && message.compare(tag, 0, tag.length, 0, tag.length) === 0)
      return;
    // Every origin tag has the same length. One message holds a whole batch's payloads for
    // this channel, in publish order.
    const name = channel.toString('utf8');
    for (const payload of message.toString('utf8', tag.length).split(LINE_SEPARATOR))
      this.#deliver(name, payload);
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

function append(groups: Map<string, string[]>, key: string, value: string): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}
