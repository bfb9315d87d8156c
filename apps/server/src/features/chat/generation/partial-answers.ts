import type { FastifyBaseLogger } from 'fastify';

/** The partial answer is written at most this often while streaming (spec: every 500 ms). */
export const PERSIST_INTERVAL_MS = 500;
/**
 * Turns per statement. SQLite writes block the event loop: a few dozen rows keep each write
 * to about a millisecond, and the loop serves sockets between them.
 */
export const PARTIALS_PER_WRITE = 40;

export type WritePartials = (
  partials: ReadonlyArray<{ id: string; response: string }>,
) => Promise<void>;

/** Turns the text into what is stored (a vault turn seals it); applied once per write, not per token. */
export type SealResponse = (response: string) => string;

/**
 * The latest partial answer of every turn streaming in this process, written together on one
 * timer: a reload or a process death loses at most the last interval of text, and the
 * database sees one batched write per interval instead of one per streaming turn.
 */
export class PartialAnswers {
  readonly #latest = new Map<string, { response: string; stored: SealResponse | undefined }>();
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | null = null;

  constructor(
    private readonly write: WritePartials,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = PERSIST_INTERVAL_MS,
  ) {}

  start(): void {
    this.#timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.#timer.unref();
  }

  /** Notes the answer so far; cheap enough to call for every token. */
  set(messageId: string, response: string, stored?: SealResponse): void {
    this.#latest.set(messageId, { response, stored });
  }

  /** The turn ended: its final state is written by its owner, not here. */
  forget(messageId: string): void {
    this.#latest.delete(messageId);
  }

  /** Writes what changed since the last write; one write in flight at a time. */
  flush(): Promise<void> {
    if (this.#writing || this.#latest.size === 0) return this.#writing ?? Promise.resolve();
    let partials: Array<{ id: string; response: string }>;
    try {
      partials = [...this.#latest].map(([id, { response, stored }]) => ({
        id,
        response: stored ? stored(response) : response,
      }));
    } finally {
      this.#latest.clear();
    }
    this.#writing = this.#writeInSlices(partials)
      .catch((error: unknown) => {
        // The next interval carries newer text; a lost write only widens what a crash loses.
        this.log.warn({ err: error, turns: partials.length }, 'writing partial answers failed');
      })
      .finally(() => {
        this.#writing = null;
      });
    return this.#writing;
  }

  async #writeInSlices(partials: ReadonlyArray<{ id: string; response: string }>): Promise<void> {
    for (let start = 0; start < partials.length; start += PARTIALS_PER_WRITE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      await this.write(partials.slice(start, start + PARTIALS_PER_WRITE));
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#writing;
    this.#latest.clear();
  }
}
