import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { rateTableInTurns, type ArenaRatings, type RatingOptions } from './arena-ratings';
import { tableBuffers, type FitReply, type FitRequest } from './fit-messages';
import type { PairTable } from './pairwise-table';

/** One fit of a round: a table (cut when a lane takes the job) and its rating options. */
export interface FitJob<Key> {
  key: Key;
  options: RatingOptions;
}

export interface ParallelFitsOptions<Key> {
  /** Worker threads, one lane each (no more than there are jobs); 0 fits every job on this thread. */
  workers: number;
  /** The worker's module; defaults to arena-fit-worker beside this module (or the bundle). */
  workerUrl?: URL;
  /** Cuts a job's table; called again for a job whose worker failed (its table went to it). */
  tableOf(key: Key): PairTable;
  /** Each job's ratings as they arrive. */
  onFitted(key: Key, ratings: ArenaRatings): void;
  /** Hands the event loop back between in-process bootstrap rounds. */
  pause: () => Promise<void>;
  log: FastifyBaseLogger;
}

export interface ParallelFitsTimings {
  /** Milliseconds this thread spent cutting tables while the fits ran. */
  tablesMs: number;
  /** Worker threads started. */
  workers: number;
}

/**
 * From source (tsx, vitest) the worker is the .ts file, loaded through tsx; in the bundle,
 * import.meta.url is dist/main.js and the worker is dist/arena-fit-worker.js beside it.
 */
export function defaultWorkerUrl(): URL {
  const file = import.meta.url.endsWith('.ts') ? './arena-fit-worker.ts' : './arena-fit-worker.js';
  return new URL(file, import.meta.url);
}

function execArgvFor(url: URL): string[] {
  if (!url.pathname.endsWith('.ts')) return [];
  // Resolved from here, not from the process's working directory.
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(tsx).href];
}

/** One worker thread running one fit at a time; a failed worker rejects its fit. */
class FitWorker {
  readonly #worker: Worker;
  #pending: { resolve(r: ArenaRatings): void; reject(e: Error): void } | null = null;
  #failure: Error | null = null;
  #next = 0;

  constructor(url: URL) {
    this.#worker = new Worker(url, { execArgv: execArgvFor(url) });
    this.#worker.on('message', (reply: FitReply) => {
      const pending = this.#pending;
      this.#pending = null;
      if ('error' in reply)
        pending?.reject(new Error(`the fit failed in its worker: ${reply.error}`));
      else pending?.resolve(reply.ratings);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) =>
      this.#fail(new Error(`the fit worker exited (code ${code})`)),
    );
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    const pending = this.#pending;
    this.#pending = null;
    pending?.reject(error);
  }

  fit(table: PairTable, options: RatingOptions): Promise<ArenaRatings> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      const request: FitRequest = { id: this.#next, table, options };
      this.#next += 1;
      this.#worker.postMessage(request, tableBuffers(table));
    });
  }

  async terminate(): Promise<void> {
    this.#failure ??= new Error('the fit worker was stopped');
    await this.#worker.terminate();
  }
}

/**
 * Fits `jobs` on worker threads, one lane per worker taking the next job in the given order
 * (pass the largest first, so the last to finish are short). A lane whose worker cannot start
 * or dies logs a warning and fits its remaining jobs on this thread instead. Each job's result
 * depends only on its table and options (seeded), so which lane fits it changes nothing.
 * The workers live for this call only and are terminated before it returns.
 */
export async function fitInParallel<Key>(
  jobs: readonly FitJob<Key>[],
  options: ParallelFitsOptions<Key>,
): Promise<ParallelFitsTimings> {
  const timings = { tablesMs: 0 };
  const cut = (key: Key) => {
    const started = performance.now();
    const table = options.tableOf(key);
    timings.tablesMs += performance.now() - started;
    return table;
  };
  let next = 0;
  const lane = async (worker: FitWorker | null): Promise<void> => {
    let current = worker;
    try {
      for (let job = jobs[next]; job !== undefined; job = jobs[next]) {
        next += 1;
        let ratings: ArenaRatings | null = null;
        if (current !== null) {
          try {
            ratings = await current.fit(cut(job.key), job.options);
          } catch (error) {
            warn(options.log, error);
            await current.terminate();
            current = null;
          }
        }
        ratings ??= await rateTableInTurns(cut(job.key), job.options, options.pause);
        options.onFitted(job.key, ratings);
      }
    } catch (error) {
      // The round fails: the other lanes take no further job.
      next = jobs.length;
      throw error;
    } finally {
      await current?.terminate();
    }
  };
  const url = options.workerUrl ?? defaultWorkerUrl();
  const count = Math.max(0, Math.min(options.workers, jobs.length));
  const workers = Array.from({ length: count }, () => {
    try {
      return new FitWorker(url);
    } catch (error) {
      warn(options.log, error);
      return null;
    }
  });
  const lanes = await Promise.allSettled(
    workers.length === 0 ? [lane(null)] : workers.map((w) => lane(w)),
  );
  for (const settled of lanes) if (settled.status === 'rejected') throw settled.reason;
  return { ...timings, workers: count };
}

function warn(log: FastifyBaseLogger, error: unknown): void {
  log.warn({ err: error }, 'arena fit worker failed; fitting its remaining boards in-process');
}
