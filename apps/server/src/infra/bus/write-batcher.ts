/**
 * Collects writes made during one turn of the event loop and hands them over as one batch
 * (setImmediate runs after the turn's I/O callbacks): a lone write waits for nothing, and
 * under load every token that arrived in the same turn shares one round trip. `write` must
 * send synchronously on one ordered connection (an ioredis pipeline does), so batches land in
 * the order they were handed over without waiting for each other's replies.
 */
export class WriteBatcher<T> {
  #items: T[] = [];
  #waiting: Deferred | null = null;
  #scheduled: NodeJS.Immediate | null = null;
  #previous: Promise<void> = Promise.resolve();

  constructor(private readonly write: (batch: readonly T[]) => Promise<void>) {}

  /** Resolves once the batch holding `item` is written; rejects with that batch's failure. */
  add(item: T): Promise<void> {
    this.#items.push(item);
    this.#waiting ??= deferred();
    this.#scheduled ??= setImmediate(() => void this.flush().catch(() => undefined));
    return this.#waiting.promise;
  }

  /** Writes what is waiting now; resolves when every batch so far is written. */
  flush(): Promise<void> {
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = null;
    const waiting = this.#waiting;
    if (!waiting) return this.#previous;
    const items = this.#items;
    this.#items = [];
    this.#waiting = null;
    let written: Promise<void>;
    try {
      written = this.write(items);
    } catch (error) {
      written = Promise.reject(error);
    }
    written.then(waiting.resolve, waiting.reject);
    // Replies come back in order, so the newest batch's reply means every earlier one landed.
    this.#previous = written;
    return written;
  }
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Callers that fire and forget learn of a failure through a later call, not a crash.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
