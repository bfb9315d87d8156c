import type { Insertable, Kysely } from 'kysely';
import type { Database, ProjectsTable } from '../../db/schema';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 200;

/**
 * The import's own writes (its projects; chats and turns go to their owners): new rows only, in whatever transaction the repository is given, so a
 * file is added whole or not at all.
 */
export class ImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertProjects(rows: Insertable<ProjectsTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH)
      await this.db
        .insertInto('projects')
        .values(rows.slice(i, i + BATCH))
        .execute();
  }
}
