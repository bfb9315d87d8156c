/**
 * Hands writes over in batches, with at most one batch in flight.
 *
 * When nothing is in flight, what was added during a turn of the event loop is written at the
 * end of that turn (setImmediate runs after the turn's I/O callbacks), so a lone write waits
 * for nothing. While a batch is in flight, new items only accumulate; its reply (success or
 * failure) sends everything accumulated as the next batch. So batches grow exactly when the
 * other side is slow, instead of unanswered batches piling up in the client's memory (writing a
 * new pipeline every turn regardless of replies costs ~200 KB per live stream at 1,000 streams
 * and leaves readers seconds behind). Items keep the order they were added in, within a batch
 * and from one batch to the next.
 */
export class WriteBatcher<T> {
  /** Added since the last batch went out, in order. */
  #items: T[] = [];
  /** Settles when `#items` are written; null while `#items` is empty. */
  #waiting: Deferred | null = null;
  /** The batch being written; null when nothing is in flight. */
  #inFlight: Deferred | null = null;
  #scheduled: NodeJS.Immediate | null = null;

  constructor(private readonly write: (batch: readonly T[]) => Promise<void>) {}

  /** Resolves once the batch holding `item` is written; rejects with that batch's failure. */
  add(item: T): Promise<void> {
    this.#items.push(item);
    this.#waiting ??= deferred();
    // While a batch is in flight its reply sends this one; a timer would only find it busy.
    if (!this.#inFlight) this.#scheduled ??= setImmediate(() => this.#send());
    return this.#waiting.promise;
  }

  /**
   * Writes what is waiting at once when nothing is in flight (else right after the reply), and
   * resolves once everything added before this call is written or has failed. It never
   * rejects: a failure is reported to the callers of `add` whose items it concerns.
   */
  flush(): Promise<void> {
    // What waits goes out after the batch in flight, so its reply comes last.
    const last = this.#waiting ?? this.#inFlight;
    this.#send();
    return last ? last.promise.catch(() => undefined) : Promise.resolve();
  }

  #send(): void {
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = null;
    const batch = this.#waiting;
    if (!batch || this.#inFlight) return;
    const items = this.#items;
    this.#items = [];
    this.#waiting = null;
    this.#inFlight = batch;
    let written: Promise<void>;
    try {
      written = this.write(items);
    } catch (error) {
      written = Promise.reject(error);
    }
    written.then(
      () => this.#replied(() => batch.resolve()),
      (error: unknown) => this.#replied(() => batch.reject(error)),
    );
  }

  #replied(settle: () => void): void {
    this.#inFlight = null;
    // Only this batch's callers hear of its failure; later items still go out.
    settle();
    // Everything that accumulated meanwhile goes now, as one batch, without waiting a turn.
    this.#send();
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
