import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SharesTable } from '../../db/schema';

export type ShareRow = Selectable<SharesTable>;

/** The shares table: every read is by owner, by token hash, or an admin's full list. */
export class SharesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<SharesTable>): Promise<void> {
    await this.db.insertInto('shares').values(row).execute();
  }

  async update(
    userId: string,
    id: string,
    changes: Updateable<SharesTable>,
  ): Promise<ShareRow | undefined> {
    await this.db
      .updateTable('shares')
      .set(changes)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    return this.findOwned(userId, id);
  }

  findOwned(userId: string, id: string): Promise<ShareRow | undefined> {
    return this.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  findBySource(userId: string, kind: string, sourceId: string): Promise<ShareRow | undefined> {
    return this.db
      .selectFrom('shares')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
  }

  findByTokenHash(tokenHash: string): Promise<ShareRow | undefined> {
    return this.db
      .selectFrom('shares')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  listOwned(userId: string, limit: number): Promise<ShareRow[]> {
    return this.db
      .selectFrom('shares')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  listAll(limit: number): Promise<Array<ShareRow & { owner_email: string | null }>> {
    return this.db
      .selectFrom('shares')
      .leftJoin('users', 'users.id', 'shares.user_id')
      .selectAll('shares')
      .select('users.email as owner_email')
      .orderBy('shares.created_at', 'desc')
      .orderBy('shares.id', 'desc')
      .limit(limit)
      .execute();
  }

  ownerName(userId: string): Promise<string | null> {
    return this.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((row) => row?.name ?? null);
  }

  async deleteOwned(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('shares')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('shares').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
