import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

/** The credential side of the users table: lookup, creation, verification, password, role. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  admins(): Promise<{ id: string; name: string | null; email: string }[]> {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('role', '=', 'admin')
      .orderBy('email')
      .execute();
  }

  /** False when the email is taken (a concurrent registration won the race). */
  async insert(row: Insertable<UsersTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('users')
      .values(row)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async update(
    id: string,
    changes: Partial<
      Pick<UserRow, 'password_hash' | 'name' | 'email_verified' | 'role' | 'updated_at'>
    >,
  ): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async setDisabled(id: string, disabledAt: string | null, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ disabled_at: disabledAt, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** The account and everything it owns (foreign keys cascade). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
