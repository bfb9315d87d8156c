import type { Kysely, Selectable } from 'kysely';
import type { Database, VaultNotesTable } from '../../db/schema';

export type VaultNoteRow = Selectable<VaultNotesTable>;

/** Secure notes, stored sealed; every query is scoped to the owner. */
export class VaultNotesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: string): Promise<VaultNoteRow[]> {
    return this.db
      .selectFrom('vault_notes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  find(userId: string, id: string): Promise<VaultNoteRow | undefined> {
    return this.db
      .selectFrom('vault_notes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: VaultNoteRow): Promise<void> {
    await this.db.insertInto('vault_notes').values(row).execute();
  }

  async update(userId: string, id: string, sealed: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('vault_notes')
      .set({ sealed, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('vault_notes')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
