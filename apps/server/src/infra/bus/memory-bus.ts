import type { Bus, BusHandler, ReplayLogOptions } from './bus';

interface Log {
  entries: string[];
  expiresAt: number;
}

const SWEEP_INTERVAL_MS = 30_000;

/** The in-process bus of embedded mode: one process, so topics are a map of handlers. */
export class MemoryBus implements Bus {
  readonly driver = 'memory';
  readonly #topics = new Map<string, Set<BusHandler>>();
  readonly #logs = new Map<string, Log>();
  readonly #presence = new Map<string, { value: string; expiresAt: number }>();
  readonly #sweeper: NodeJS.Timeout;

  constructor(private readonly logOptions: ReplayLogOptions) {
    this.#sweeper = setInterval(() => this.#sweep(), SWEEP_INTERVAL_MS);
    this.#sweeper.unref();
  }

  async publish(topic: string, payload: string): Promise<void> {
    this.#deliver(topic, payload);
  }

  async appendAndPublish(
    log: string,
    topic: string,
    payload: string,
    logEntry = payload,
  ): Promise<void> {
    const now = Date.now();
    let entry = this.#logs.get(log);
    if (!entry || entry.expiresAt <= now) {
      entry = { entries: [], expiresAt: 0 };
      this.#logs.set(log, entry);
    }
    entry.entries.push(logEntry);
    if (entry.entries.length > this.logOptions.maxEntries) entry.entries.shift();
    entry.expiresAt = now + this.logOptions.ttlMs;
    this.#deliver(topic, payload);
  }

  async readLog(log: string): Promise<string[]> {
    const entry = this.#logs.get(log);
    return entry && entry.expiresAt > Date.now() ? [...entry.entries] : [];
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

  async setPresence(key: string, value: string, ttlMs: number): Promise<void> {
    this.#presence.set(key, { value, expiresAt: Date.now() + ttlMs });
  }

  async getPresence(key: string): Promise<string | undefined> {
    const entry = this.#presence.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
  }

  async clearPresence(key: string, value: string): Promise<void> {
    if (this.#presence.get(key)?.value === value) this.#presence.delete(key);
  }

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
    for (const [key, entry] of this.#presence)
      if (entry.expiresAt <= now) this.#presence.delete(key);
  }
}
