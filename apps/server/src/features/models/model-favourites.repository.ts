import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The models an account starred in the picker. */
export class ModelFavouritesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first: the picker lists the latest star at the top. */
  async list(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('model_favourites')
      .select('model_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('model_id')
      .execute();
    return rows.map((row) => row.model_id);
  }

  /**
   * Starring twice keeps the first star (and its place in the list). A star lands after the
   * newest one even within its millisecond, so the list keeps the order of starring.
   */
  async add(userId: string, modelId: string, now: Date): Promise<void> {
    const newest = await this.db
      .selectFrom('model_favourites')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const after = newest?.at ? Date.parse(newest.at) + 1 : 0;
    const at = new Date(Math.max(now.getTime(), after)).toISOString();
    await this.db
      .insertInto('model_favourites')
      .values({ user_id: userId, model_id: modelId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'model_id']).doNothing())
      .execute();
  }

  async remove(userId: string, modelId: string): Promise<void> {
    await this.db
      .deleteFrom('model_favourites')
      .where('user_id', '=', userId)
      .where('model_id', '=', modelId)
      .execute();
  }
}
