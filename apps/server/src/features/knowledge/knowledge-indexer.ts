import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileStorage } from '../../infra/storage/file-storage';
import type { SearchService } from '../search';
import { chunkText } from './chunk-text';
import { KnowledgeFilesRepository, type KnowledgeFileRow } from './knowledge-files.repository';
import { ExtractionError, extractKnowledgeText, knowledgeKindOf } from './text-extraction';

/** How long an indexing run may hold its file before another process may take it up. */
export const INDEXING_LEASE_MS = 5 * 60_000;
/** A file whose indexing was cut off (its process died) this often is marked failed. */
export const MAX_INDEXING_ATTEMPTS = 3;
const RECOVERY_INTERVAL_MS = 60_000;
const RECOVERY_BATCH = 50;
/** A stored file no row names by this age was left by a failed upload or a deleted project. */
const ORPHAN_FILE_AGE_MS = 60 * 60_000;
const SWEEP_BATCH = 500;

export const INTERRUPTED_TOO_OFTEN =
  'Indexing was interrupted several times. Delete the file and upload it again.';
const UNEXPECTED_FAILURE = 'The file could not be indexed. Delete it and upload it again.';

class FileGone extends Error {}

/**
 * Reads, splits and indexes knowledge files off the request, one at a time per process (PDF
 * parsing is CPU work; one at a time keeps answers streaming meanwhile). Each run holds a
 * lease on its file, so with several processes each file is indexed by one; a file left
 * 'indexing' by a process that died is taken up again by any process once the lease runs out,
 * and marked failed after MAX_INDEXING_ATTEMPTS.
 */
export class KnowledgeIndexer {
  readonly #queue = new Set<string>();
  #running: Promise<void> | null = null;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: FileStorage,
    private readonly search: SearchService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    void this.recover();
    this.#timer = setInterval(() => void this.recover(), RECOVERY_INTERVAL_MS);
    this.#timer.unref();
  }

  enqueue(ids: readonly string[]): void {
    if (this.#closed) return;
    for (const id of ids) this.#queue.add(id);
    this.#running ??= this.#drain().finally(() => {
      this.#running = null;
    });
  }

  /** Resolves when nothing is queued or running here (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Picks up files nobody holds: never started here, or left by a crash. */
  async recover(now: Date = new Date()): Promise<void> {
    try {
      const files = new KnowledgeFilesRepository(this.db);
      const stale = await files.stale(now.toISOString(), RECOVERY_BATCH);
      for (const file of stale) {
        if (file.attempts >= MAX_INDEXING_ATTEMPTS)
          await files.finish(file.id, {
            state: 'failed',
            error: INTERRUPTED_TOO_OFTEN,
            chunk_count: 0,
          });
        else this.enqueue([file.id]);
      }
      await this.#sweepOrphans(files, now.getTime() - ORPHAN_FILE_AGE_MS);
    } catch (error) {
      this.log.warn({ err: error }, 'knowledge recovery failed');
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#queue.clear();
    await this.idle();
  }

  async #drain(): Promise<void> {
    for (const id of this.#queue) {
      this.#queue.delete(id);
      await this.index(id).catch((error: unknown) =>
        this.log.error({ err: error, fileId: id }, 'knowledge indexing failed'),
      );
    }
  }

  /** One file, when this process wins its lease. */
  async index(id: string): Promise<void> {
    const files = new KnowledgeFilesRepository(this.db);
    const now = Date.now();
    const claimed = await files.claim(
      id,
      new Date(now).toISOString(),
      new Date(now + INDEXING_LEASE_MS).toISOString(),
    );
    if (!claimed) return;
    const file = await files.findById(id);
    if (!file) return;
    try {
      const chunks = chunkText(await this.#textOf(file));
      await this.db.transaction().execute(async (trx) => {
        // Into the shared full-text index, replacing what an interrupted run left there.
        const index = this.search.within(trx);
        await index.removeChunks(file.user_id, file.id);
        await index.indexChunks({
          userId: file.user_id,
          projectId: file.project_id,
          sourceId: file.id,
          sourceName: file.filename,
          texts: chunks.map((chunk) => chunk.text),
        });
        const finished = await new KnowledgeFilesRepository(trx).finish(file.id, {
          state: 'ready',
          error: null,
          chunk_count: chunks.length,
        });
        // Deleted while it was being read: its chunks must not outlive it.
        if (!finished) throw new FileGone();
      });
    } catch (error) {
      if (error instanceof FileGone) return;
      if (!(error instanceof ExtractionError))
        this.log.error({ err: error, fileId: id }, 'knowledge indexing failed');
      const reason = error instanceof ExtractionError ? error.message : UNEXPECTED_FAILURE;
      await files.finish(file.id, { state: 'failed', error: reason, chunk_count: 0 });
    }
  }

  async #textOf(file: KnowledgeFileRow): Promise<string> {
    let bytes: Buffer;
    try {
      bytes = await this.storage.read(file.storage_name);
    } catch {
      throw new ExtractionError('The stored file is missing. Delete it and upload it again.');
    }
    const kind = knowledgeKindOf(bytes);
    if (!kind) throw new ExtractionError('The file is neither text nor a PDF.');
    return extractKnowledgeText(bytes, kind);
  }

  async #sweepOrphans(files: KnowledgeFilesRepository, cutoff: number): Promise<void> {
    const names = await this.storage.list();
    for (let i = 0; i < names.length; i += SWEEP_BATCH) {
      const batch = names.slice(i, i + SWEEP_BATCH);
      const referenced = await files.referencedStorageNames(batch);
      for (const name of batch) {
        if (referenced.has(name)) continue;
        const modifiedAt = await this.storage.modifiedAt(name);
        if (modifiedAt !== null && modifiedAt < cutoff) await this.storage.remove([name]);
      }
    }
  }
}
