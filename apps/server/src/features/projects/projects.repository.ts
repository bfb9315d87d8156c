import { type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, ProjectsTable } from '../../db/schema';

export type ProjectRow = Selectable<ProjectsTable> & {
  chat_count: number;
  last_activity_at: string;
};

/** A project's chats as conversations count them. */
export interface ProjectActivity {
  chats: number;
  /** When its latest chat last had a turn (or was made); null: no chat. */
  lastChatAt: string | null;
}

/** A project with its chats' count and its latest activity (its own change, or a chat's). */
export function withActivity(
  row: Selectable<ProjectsTable>,
  activity: ProjectActivity | undefined,
): ProjectRow {
  const lastChatAt = activity?.lastChatAt ?? null;
  return {
    ...row,
    chat_count: activity?.chats ?? 0,
    last_activity_at:
      lastChatAt !== null && lastChatAt > row.updated_at ? lastChatAt : row.updated_at,
  };
}

export class ProjectsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's projects (archived or not), with no activity yet: the service adds it. */
  list(userId: string, archived: boolean): Promise<Selectable<ProjectsTable>[]> {
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('user_id', '=', userId)
      .where('archived', '=', archived ? 1 : 0)
      .execute();
  }

  find(userId: string, id: string): Promise<Selectable<ProjectsTable> | undefined> {
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
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
