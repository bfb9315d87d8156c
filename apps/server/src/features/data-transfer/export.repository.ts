import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the export reads that no feature serves: the models feature's stars are read by its
 * routes straight from their table, and so here, every stored one (a star on a model since
 * disabled included, as the models feature keeps it).
 */
export class ExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest star first, as the picker lists them. */
  async modelFavouritesOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('model_favourites')
      .select('model_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('model_id')
      .execute();
    return rows.map((row) => row.model_id);
  }
}
