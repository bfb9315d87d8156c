import type { FastifyBaseLogger } from 'fastify';
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
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly attachments: AttachmentsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#timer = setInterval(() => {
      this.#running = this.sweep().catch((error: unknown) =>
        this.log.warn({ err: error }, 'upload sweep failed'),
      );
    }, SWEEP_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Returns how many files were removed. */
  sweep(now: number = Date.now()): Promise<number> {
    return this.attachments.sweepOrphans(new Date(now - ORPHAN_UPLOAD_AGE_MS));
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
