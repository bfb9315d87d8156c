import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { PeriodicJob, runExclusively } from '../../infra/periodic-job';
import type { FileStorage } from '../../infra/storage/file-storage';
import { STALE_UPLOAD_MS } from './support-files';
import { SupportRepository } from './support.repository';

const SWEEP_INTERVAL_MS = 60 * 60_000;
/** PostgreSQL advisory lock id of the sweep (any fixed bigint no other job uses). */
export const SUPPORT_UPLOAD_SWEEP_LOCK_ID = 7_200_021;

/**
 * Deletes support uploads no ticket message took (a form abandoned after its upload), rows and
 * files, hourly on one process at a time: the upload route only sweeps its caller's own, so
 * a user who never uploads again would otherwise keep theirs forever.
 */
export class SupportUploadSweep {
  readonly #job: PeriodicJob;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: FileStorage,
    log: FastifyBaseLogger,
  ) {
    this.#job = new PeriodicJob('support upload sweep', SWEEP_INTERVAL_MS, () => this.sweep(), log);
  }

  start(): void {
    this.#job.start();
  }

  /** Returns how many uploads were removed, or null when another process holds the sweep. */
  async sweep(now: number = Date.now()): Promise<number | null> {
    const before = new Date(now - STALE_UPLOAD_MS).toISOString();
    const files = await runExclusively(this.db, SUPPORT_UPLOAD_SWEEP_LOCK_ID, (db) =>
      new SupportRepository(db).deleteStaleUploads(before),
    );
    if (files === null) return null;
    // After the rows' commit: a file is never gone while a row still names it.
    await this.storage.remove(files);
    return files.length;
  }

  close(): Promise<void> {
    return this.#job.close();
  }
}
