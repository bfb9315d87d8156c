import type { FastifyBaseLogger } from 'fastify';
import type { ApiCallRow, ApiKeysRepository } from '../api-keys.repository';

/** A finished public API call, waiting to be written: its row and the UTC day it counts for. */
export interface PendingCall {
  call: ApiCallRow & { created_at: string };
  day: string;
}

export interface CallRecorderOptions {
  /** How long a call may wait before its batch is written. */
  flushAfterMs?: number;
  /** A batch this large is written at once, without waiting for the timer. */
  maxBatch?: number;
}

/** A call is seen in the usage views (and counts toward its key's budget) this much later at most. */
export const CALL_FLUSH_AFTER_MS = 25;
export const CALL_MAX_BATCH = 500;
/**
 * Beyond this many unwritten calls (the database refusing writes for a long time) the oldest
 * are dropped, with an error in the log, rather than growing without bound.
 */
const MAX_PENDING = 50_000;

/**
 * Writes the public API's call records (api_calls, the key's day counters and its last use)
 * in batches, off the calls' own path: one transaction per batch instead of one per call,
 * which on SQLite is most of a whole answer's database time. A call is in the database within
 * `flushAfterMs`; `close()` (the app's onClose) waits for calls still settling and writes
 * everything left, so a clean shutdown loses nothing. A failed write keeps its batch for the
 * next attempt.
 */
export class ApiCallRecorder {
  readonly #repository: ApiKeysRepository;
  readonly #log: FastifyBaseLogger;
  readonly #flushAfterMs: number;
  readonly #maxBatch: number;
  #pending: PendingCall[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** The write in progress: batches are written one after the other, never side by side. */
  #writing: Promise<void> = Promise.resolve();
  #flushQueued = false;
  /** Calls between their answer and their record (e.g. a refund in progress). */
  readonly #settling = new Set<Promise<unknown>>();

  constructor(
    repository: ApiKeysRepository,
    log: FastifyBaseLogger,
    options: CallRecorderOptions = {},
  ) {
    this.#repository = repository;
    this.#log = log;
    this.#flushAfterMs = options.flushAfterMs ?? CALL_FLUSH_AFTER_MS;
    this.#maxBatch = options.maxBatch ?? CALL_MAX_BATCH;
  }

  /** Calls not yet written. */
  get pending(): number {
    return this.#pending.length;
  }

  add(call: PendingCall): void {
    this.#pending.push(call);
    if (this.#pending.length > MAX_PENDING) {
      const dropped = this.#pending.splice(0, this.#pending.length - MAX_PENDING);
      this.#log.error(
        { dropped: dropped.length },
        'public API call records dropped: database unwritable',
      );
    }
    if (this.#pending.length >= this.#maxBatch) void this.flush();
    // Unref'd: a pending batch must not keep a process alive; close() writes it.
    else this.#timer ??= setTimeout(() => void this.flush(), this.#flushAfterMs).unref();
  }

  /** Lets close() wait for a call that has answered but not yet handed over its record. */
  track<T>(settling: Promise<T>): Promise<T> {
    this.#settling.add(settling);
    void settling.finally(() => this.#settling.delete(settling)).catch(() => undefined);
    return settling;
  }

  /** Writes everything pending now; resolves once it is written (or the write failed and was logged). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    // One write waiting behind the current one is enough: it takes whatever is pending when it
    // starts, so calls added meanwhile (past maxBatch, each asking for a flush) join it.
    if (!this.#flushQueued) {
      this.#flushQueued = true;
      this.#writing = this.#writing.then(() => {
        this.#flushQueued = false;
        return this.#writeBatches();
      });
    }
    return this.#writing;
  }

  /** For the app's onClose: the calls still settling, then every pending record. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#settling]);
    await this.flush();
    if (this.#pending.length > 0)
      this.#log.error(
        { lost: this.#pending.length },
        'public API call records not written at shutdown',
      );
  }

  async #writeBatches(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, this.#maxBatch);
      try {
        await this.#repository.recordCalls(batch);
      } catch (error) {
        // Kept for the next flush, ahead of newer calls: the database may be busy or restarting.
        this.#pending.unshift(...batch);
        this.#log.error(
          { err: error, calls: batch.length },
          'public API calls could not be recorded',
        );
        this.#timer ??= setTimeout(() => void this.flush(), this.#flushAfterMs * 10).unref();
        return;
      }
    }
  }
}
