import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob } from '../../infra/periodic-job';
import type { AttachmentsService } from './attachments.service';

/** An upload no message took by this age never will: its send was refused, failed or lost. */
export const ORPHAN_UPLOAD_AGE_MS = 60 * 60_000;
const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Every process sweeps now and then, like the generation sweeper: deleting upload rows and
 * files that no message refers to once they are an hour old. Each sweep is safe beside the
 * others' (see AttachmentsService.sweepOrphans), so no process has to be elected for it.
 */
export class UploadSweeper {
  readonly #job: PeriodicJob;

  constructor(
    private readonly attachments: AttachmentsService,
    log: FastifyBaseLogger,
  ) {
    this.#job = new PeriodicJob('upload sweep', SWEEP_INTERVAL_MS, () => this.sweep(), log);
  }

  start(): void {
    this.#job.start();
  }

  /** Returns how many files were removed. */
  sweep(now: number = Date.now()): Promise<number> {
    return this.attachments.sweepOrphans(new Date(now - ORPHAN_UPLOAD_AGE_MS));
  }

  close(): Promise<void> {
    return this.#job.close();
  }
}
