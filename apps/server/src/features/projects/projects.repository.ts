import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, ProjectsTable } from '../../db/schema';

export type ProjectRow = Selectable<ProjectsTable> & {
  chat_count: number;
  last_activity_at: string;
};

export class ProjectsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  #withCounts(userId: string) {
    return this.db
      .selectFrom('projects as p')
      .selectAll('p')
      .select((eb) => [
        eb
          .selectFrom('conversations as c')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('c.project_id', '=', 'p.id')
          .where('c.user_id', '=', userId)
          .where('c.kind', '!=', 'comparison')
          .as('chat_count'),
        eb
          .selectFrom('conversations as c')
          .select(sql<string | null>`max(coalesce(c.last_message_at, c.created_at))`.as('at'))
          .whereRef('c.project_id', '=', 'p.id')
          .where('c.user_id', '=', userId)
          .as('last_chat_at'),
      ])
      .where('p.user_id', '=', userId);
  }

  async list(userId: string, archived: boolean): Promise<ProjectRow[]> {
    const rows = await this.#withCounts(userId)
      .where('p.archived', '=', archived ? 1 : 0)
      .execute();
    return rows
      .map(normalise)
      .sort(
        (a, b) => b.last_activity_at.localeCompare(a.last_activity_at) || b.id.localeCompare(a.id),
      );
  }

  async find(userId: string, id: string): Promise<ProjectRow | undefined> {
    const row = await this.#withCounts(userId).where('p.id', '=', id).executeTakeFirst();
    return row && normalise(row);
  }

  async exists(userId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(row: Selectable<ProjectsTable>): Promise<void> {
    await this.db.insertInto('projects').values(row).execute();
  }

  async update(userId: string, id: string, changes: Updateable<ProjectsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('projects')
      .set(changes)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('projects')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Every project of the user, oldest first (the account export). */
  all(userId: string): Promise<Selectable<ProjectsTable>[]> {
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async instructionsOf(projectId: string): Promise<string> {
    const row = await this.db
      .selectFrom('projects')
      .select('instructions')
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row?.instructions ?? '';
  }
}

function normalise(
  row: Selectable<ProjectsTable> & {
    chat_count: number | string | bigint | null;
    last_chat_at: string | null;
  },
): ProjectRow {
  const { last_chat_at, ...rest } = row;
  const activity =
    last_chat_at !== null && last_chat_at > row.updated_at ? last_chat_at : row.updated_at;
  return { ...rest, chat_count: Number(row.chat_count ?? 0), last_activity_at: activity };
}
