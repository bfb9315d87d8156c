import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class VisitorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** True only for the first claim of this visitor id; a second claim changes nothing. */
  async insertClaim(visitorId: string, userId: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('visitor_claims')
      .values({ visitor_id: visitorId, user_id: userId, claimed_at: now })
      .onConflict((oc) => oc.column('visitor_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async findClaimant(visitorId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('visitor_claims')
      .select('user_id')
      .where('visitor_id', '=', visitorId)
      .executeTakeFirst();
    return row?.user_id;
  }

  async findClaimedBy(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('visitor_claims')
      .select('visitor_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.visitor_id);
  }
}
