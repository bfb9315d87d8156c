import { randomBytes, randomUUID } from 'node:crypto';
import { KNOWLEDGE_LIMITS, KnowledgeFileState, type KnowledgeFile } from '@parallax/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { FileStorage } from '../../infra/storage/file-storage';
import type { KnowledgeExcerpt } from '../../providers/context';
import { safeFilename, sniffFile } from '../attachments';
import type { ProjectsService } from '../projects';
import type { SearchService } from '../search';
import { KnowledgeFilesRepository, type KnowledgeFileRow } from './knowledge-files.repository';
import type { KnowledgeIndexer } from './knowledge-indexer';
import { searchTerms } from './search-terms';
import { knowledgeKindOf } from './text-extraction';

/** Creation times at least 1 ms apart: files are listed by created_at, in the order they came. */
function increasingStamps(): () => string {
  let last = 0;
  return () => new Date((last = Math.max(Date.now(), last + 1))).toISOString();
}

/** A new file's row, waiting for the indexer. */
function waitingRow(
  projectId: string,
  userId: string,
  file: { name: string; contentType: string; data: Buffer },
  storageName: string,
  at: string,
): KnowledgeFileRow {
  return {
    id: randomUUID(),
    project_id: projectId,
    user_id: userId,
    filename: file.name,
    content_type: file.contentType,
    size: file.data.length,
    storage_name: storageName,
    state: 'indexing',
    error: null,
    chunk_count: 0,
    attempts: 0,
    lease_until: null,
    created_at: at,
    updated_at: at,
  };
}

/** Chunks a turn is offered at most; the context budget may keep fewer. */
export const RETRIEVED_CHUNKS = 8;
export const FILE_NOT_FOUND = 'File not found';
const MAX_MB = KNOWLEDGE_LIMITS.maxFileBytes / (1024 * 1024);

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** A knowledge file as the account export writes it: its description, and its bytes on demand. */
export interface ExportableKnowledgeFile {
  id: string;
  projectId: string;
  filename: string;
  contentType: string;
  size: number;
  read: () => Promise<Buffer>;
}

/** A file an import adds to one of the projects it creates. */
export interface ImportedKnowledgeFile extends UploadedFile {
  projectId: string;
}

function toKnowledgeFile(row: KnowledgeFileRow): KnowledgeFile {
  return {
    id: row.id,
    project_id: row.project_id,
    filename: row.filename,
    content_type: row.content_type,
    size: Number(row.size),
    state: KnowledgeFileState.catch('failed').parse(row.state),
    error: row.error,
    chunk_count: Number(row.chunk_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The stored name and type of an acceptable file, or the reason (naming the field) it is refused. */
function inspect(file: UploadedFile): { name: string; contentType: string } {
  const name = safeFilename(file.filename);
  if (file.data.length > KNOWLEDGE_LIMITS.maxFileBytes)
    throw new AppError('payload_too_large', `files: ${name} is larger than ${MAX_MB} MB.`);
  if (file.data.length === 0) throw new AppError('validation_error', `files: ${name} is empty.`);
  const kind = knowledgeKindOf(file.data);
  if (!kind)
    throw new AppError(
      'unsupported_media_type',
      `files: ${name} cannot be added: only text files (text, Markdown, code, CSV) and PDFs are supported.`,
    );
  const contentType =
    kind === 'pdf' ? 'application/pdf' : (sniffFile(file.data, name)?.contentType ?? 'text/plain');
  return { name, contentType };
}

/**
 * A project's knowledge files: upload (checked whole before anything is stored), list, delete,
 * and the chunks a turn in the project is given. Only the project's owner reaches its files;
 * any other caller gets the project's 404.
 */
export class KnowledgeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: FileStorage,
    private readonly indexer: KnowledgeIndexer,
    private readonly projects: ProjectsService,
    private readonly search: SearchService,
  ) {}

  async list(userId: string, projectId: string): Promise<KnowledgeFile[]> {
    await this.projects.assertOwned({ kind: 'user', id: userId }, projectId);
    return (await new KnowledgeFilesRepository(this.db).list(projectId)).map(toKnowledgeFile);
  }

  async upload(
    userId: string,
    projectId: string,
    uploads: readonly UploadedFile[],
  ): Promise<KnowledgeFile[]> {
    await this.projects.assertOwned({ kind: 'user', id: userId }, projectId);
    if (uploads.length === 0)
      throw new AppError('validation_error', 'files: choose at least one file to add.');
    const checked = uploads.map((file) => ({ ...inspect(file), data: file.data }));
    const written: string[] = [];
    try {
      const rows = await this.db.transaction().execute(async (trx) => {
        const files = new KnowledgeFilesRepository(trx);
        // Counted inside the transaction that inserts, with the project row locked on
        // PostgreSQL: two uploads at once cannot both squeeze under the limit.
        await files.lockProject(projectId);
        const present = await files.count(projectId);
        const room = KNOWLEDGE_LIMITS.maxFilesPerProject - present;
        if (checked.length > room)
          throw new AppError(
            'validation_error',
            `files: a project holds at most ${KNOWLEDGE_LIMITS.maxFilesPerProject} files; this one has ${present}, so ${Math.max(room, 0)} more can be added.`,
          );
        const stamp = increasingStamps();
        const fresh = [];
        for (const file of checked) {
          const storageName = await this.#storeBytes(file.data, written);
          fresh.push(waitingRow(projectId, userId, file, storageName, stamp()));
        }
        await files.insert(fresh);
        return fresh;
      });
      this.indexer.enqueue(rows.map((row) => row.id));
      return rows.map(toKnowledgeFile);
    } catch (error) {
      await this.storage.remove(written);
      throw error;
    }
  }

  /** Every file of the user's projects (the account export); another owner's never. */
  async exportable(userId: string): Promise<ExportableKnowledgeFile[]> {
    const rows = await new KnowledgeFilesRepository(this.db).listOfUser(userId);
    return rows.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      filename: row.filename,
      contentType: row.content_type,
      size: Number(row.size),
      read: () => this.storage.read(row.storage_name),
    }));
  }

  /**
   * Inside the import's transaction: checks each file as an upload is checked, stores its
   * bytes and inserts its row, waiting for indexing. The projects are the import's new ones
   * (of `userId`), within the per-project cap by the export's own schema. Each stored name
   * goes into `stored` as it is written, so the caller can remove them all if the
   * transaction fails; the ids it answers go to `indexImported` after the commit.
   */
  async insertImported(
    trx: Kysely<Database>,
    userId: string,
    files: readonly ImportedKnowledgeFile[],
    stored: string[],
  ): Promise<string[]> {
    const rows: KnowledgeFileRow[] = [];
    const stamp = increasingStamps();
    for (const file of files) {
      let checked: { name: string; contentType: string };
      try {
        checked = inspect(file);
      } catch (error) {
        // The import's field is `file`: say which knowledge file of it was refused.
        if (error instanceof AppError)
          throw new AppError(error.code, error.message.replace(/^files: /, 'file: knowledge: '));
        throw error;
      }
      const storageName = await this.#storeBytes(file.data, stored);
      rows.push(
        waitingRow(file.projectId, userId, { ...checked, data: file.data }, storageName, stamp()),
      );
    }
    await new KnowledgeFilesRepository(trx).insert(rows);
    return rows.map((row) => row.id);
  }

  /** After the import's commit: its files are indexed off the request, like uploads. */
  indexImported(ids: readonly string[]): void {
    if (ids.length > 0) this.indexer.enqueue(ids);
  }

  /** After a failed import: the bytes it stored for rows that were never committed. */
  async discardStored(names: readonly string[]): Promise<void> {
    await this.storage.remove(names);
  }

  /** Deletes the file with its chunks: later turns no longer draw on it. */
  async delete(userId: string, projectId: string, fileId: string): Promise<void> {
    await this.projects.assertOwned({ kind: 'user', id: userId }, projectId);
    const row = await this.db.transaction().execute(async (trx) => {
      const files = new KnowledgeFilesRepository(trx);
      const found = await files.find(projectId, fileId);
      if (!found) throw new AppError('not_found', FILE_NOT_FOUND);
      await this.search.within(trx).removeChunks(userId, fileId);
      await files.delete(projectId, fileId);
      return found;
    });
    await this.storage.remove([row.storage_name]);
  }

  /**
   * The project's chunks that best match a turn's message, best first (the turn's project, its
   * ownership already checked).
   */
  async excerptsFor(projectId: string | null, message: string): Promise<KnowledgeExcerpt[]> {
    if (projectId === null) return [];
    const project = await new KnowledgeFilesRepository(this.db).projectById(projectId);
    if (project === null) return [];
    // Without the commonest words: ts_rank, unlike bm25, does not discount them.
    const terms = searchTerms(message);
    if (terms.length === 0) return [];
    const chunks = await this.search.findKnowledge(
      project.userId,
      project.id,
      terms.join(' '),
      RETRIEVED_CHUNKS,
    );
    return chunks.map((chunk) => ({
      fileId: chunk.sourceId,
      filename: chunk.sourceName,
      text: chunk.text,
    }));
  }

  /** Inside a project's delete: its files' chunks leave the shared index with it. */
  async removeProjectChunks(
    trx: Kysely<Database>,
    project: { userId: string; id: string },
  ): Promise<void> {
    const index = this.search.within(trx);
    for (const file of await new KnowledgeFilesRepository(trx).list(project.id))
      await index.removeChunks(project.userId, file.id);
  }

  /**
   * Writes a new file's bytes under a fresh name; the name goes into `written` first, so a
   * caller that fails later (or mid-write) removes it with the rest.
   */
  async #storeBytes(data: Buffer, written: string[]): Promise<string> {
    const storageName = randomBytes(24).toString('hex');
    written.push(storageName);
    await this.storage.write(storageName, data);
    return storageName;
  }
}
