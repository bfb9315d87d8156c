import type { Kysely, Selectable, Updateable } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database, KnowledgeFilesTable } from '../../db/schema';

export type KnowledgeFileRow = Selectable<KnowledgeFilesTable>;
export interface ProjectOwner {
  id: string;
  userId: string;
}

/** The knowledge_files table: a project's files, their indexing state and lease. */
export class KnowledgeFilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(projectId: string): Promise<KnowledgeFileRow[]> {
    return this.db
      .selectFrom('knowledge_files')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Every file of the user's projects, oldest first (the account export). */
  listOfUser(userId: string): Promise<KnowledgeFileRow[]> {
    return this.db
      .selectFrom('knowledge_files')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Inside a transaction: holds the project row until it ends (PostgreSQL), so uploads to one
   * project are counted one after the other. SQLite's writers are serial already.
   */
  async lockProject(projectId: string): Promise<void> {
    if (dialectOf(this.db) !== 'postgres') return;
    await this.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', projectId)
      .forUpdate()
      .execute();
  }

  async count(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('knowledge_files')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  find(projectId: string, id: string): Promise<KnowledgeFileRow | undefined> {
    return this.db
      .selectFrom('knowledge_files')
      .selectAll()
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  findById(id: string): Promise<KnowledgeFileRow | undefined> {
    return this.db
      .selectFrom('knowledge_files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(rows: readonly KnowledgeFileRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('knowledge_files').values(rows).execute();
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('knowledge_files')
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * Takes the file for indexing when it is waiting and nobody holds it (or the holder's lease
   * ran out): one process wins, the others see false.
   */
  async claim(id: string, now: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('knowledge_files')
      .set((eb) => ({ lease_until: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('state', '=', 'indexing')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends an indexing run; false when the file was deleted (or finished elsewhere) meanwhile. */
  async finish(
    id: string,
    changes: Pick<Updateable<KnowledgeFilesTable>, 'state' | 'error' | 'chunk_count'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('knowledge_files')
      .set({ ...changes, lease_until: null, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('state', '=', 'indexing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Files waiting for indexing that no live process holds: never started, or left by a crash. */
  stale(now: string, limit: number): Promise<Pick<KnowledgeFileRow, 'id' | 'attempts'>[]> {
    return this.db
      .selectFrom('knowledge_files')
      .select(['id', 'attempts'])
      .where('state', '=', 'indexing')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Of these stored names, the ones a file row still refers to. */
  async referencedStorageNames(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('knowledge_files')
      .select('storage_name')
      .where('storage_name', 'in', names)
      .execute();
    return new Set(rows.map((row) => row.storage_name));
  }

  async projectById(projectId: string): Promise<ProjectOwner | null> {
    const row = await this.db
      .selectFrom('projects')
      .select(['id', 'user_id'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row ? { id: row.id, userId: row.user_id } : null;
  }
}
