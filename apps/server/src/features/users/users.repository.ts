import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type ProfileRow = Selectable<UsersTable>;

/** The profile side of the users table, and account deletion. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<ProfileRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateProfile(
    id: string,
    changes: Partial<Pick<ProfileRow, 'name' | 'avatar_url' | 'preferences'>>,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Everything the user owns goes with the row: every owning table cascades on users.id. */
  async deleteUser(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
