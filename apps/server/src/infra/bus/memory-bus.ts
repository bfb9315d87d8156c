import {
  assertSingleLine,
  type Bus,
  type BusHandler,
  type PresenceClaim,
  type ReplayLogOptions,
} from './bus';
import { MemoryLog } from './memory-log';
import { MemoryPresence } from './memory-presence';

const SWEEP_INTERVAL_MS = 30_000;

/** The in-process bus of embedded mode: one process, so topics are a map of handlers. */
export class MemoryBus implements Bus {
  readonly driver = 'memory';
  readonly #topics = new Map<string, Set<BusHandler>>();
  readonly #logs = new Map<string, MemoryLog>();
  readonly #presence = new MemoryPresence();
  readonly #sweeper: NodeJS.Timeout;

  constructor(private readonly logOptions: ReplayLogOptions) {
    this.#sweeper = setInterval(() => this.#sweep(), SWEEP_INTERVAL_MS);
    this.#sweeper.unref();
  }

  // Not async: a multi-line payload throws synchronously, as the interface says.
  publish(topic: string, payload: string): Promise<void> {
    assertSingleLine(payload, 'payload');
    this.#deliver(topic, payload);
    return Promise.resolve();
  }

  appendAndPublish(log: string, topic: string, payload: string, logEntry = payload): Promise<void> {
    assertSingleLine(payload, 'payload');
    assertSingleLine(logEntry, 'log entry');
    const now = Date.now();
    let entry = this.#logs.get(log);
    if (!entry || entry.expiresAt <= now) {
      entry = new MemoryLog(this.logOptions.maxEntries);
      this.#logs.set(log, entry);
    }
    entry.append(logEntry);
    entry.expiresAt = now + this.logOptions.ttlMs;
    this.#deliver(topic, payload);
    return Promise.resolve();
  }

  async readLog(log: string): Promise<string[]> {
    const entry = this.#logs.get(log);
    return entry && entry.expiresAt > Date.now() ? entry.entries() : [];
  }

  async deleteLog(log: string): Promise<void> {
    this.#logs.delete(log);
  }

  async subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    let handlers = this.#topics.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.#topics.set(topic, handlers);
    }
    // A wrapper per call, so subscribing the same function twice needs two unsubscribes.
    const wrapped: BusHandler = (payload) => handler(payload);
    handlers.add(wrapped);
    return async () => {
      handlers.delete(wrapped);
      if (handlers.size === 0 && this.#topics.get(topic) === handlers) this.#topics.delete(topic);
    };
  }

  async claimPresence(key: string, claim: PresenceClaim): Promise<string> {
    return this.#presence.claim(key, claim);
  }

  async presenceHolder(key: string): Promise<string | undefined> {
    return this.#presence.holder(key);
  }

  async releasePresence(key: string, member: string): Promise<void> {
    this.#presence.release(key, member);
  }

  async ping(): Promise<void> {}

  /** One process, nothing between processes to lose: never called. */
  onReconnect(): void {}

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#topics.clear();
    this.#logs.clear();
    this.#presence.clear();
  }

  #deliver(topic: string, payload: string): void {
    const handlers = this.#topics.get(topic);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(payload);
      } catch {
        // A failing subscriber must not break the publisher or the other subscribers.
      }
    }
  }

  #sweep(): void {
    const now = Date.now();
    for (const [key, log] of this.#logs) if (log.expiresAt <= now) this.#logs.delete(key);
    this.#presence.sweep();
  }
}
