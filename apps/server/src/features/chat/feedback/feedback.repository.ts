import type { Kysely } from 'kysely';
import type { Database, MessageFeedbackTable } from '../../../db/schema';
import type { UsageFilter } from '../turn-stats.repository';

export type FeedbackRowStored = MessageFeedbackTable;

/** Thumbs counted per model, thumbs-downs per reason (`none`: no reason given). */
export interface FeedbackGroup {
  provider: string;
  model: string;
  rating: string;
  reason: string | null;
  n: number;
}

/** The answers' thumbs: one row per turn, written only after its owner was checked. */
export class FeedbackRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async upsert(
    messageId: string,
    values: Pick<FeedbackRowStored, 'rating' | 'reason' | 'comment'>,
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('message_feedback')
      .values({ message_id: messageId, ...values, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('message_id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
  }

  async remove(messageId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('message_feedback')
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async forMessages(ids: readonly string[]): Promise<FeedbackRowStored[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('message_feedback')
      .selectAll()
      .where('message_id', 'in', ids)
      .execute();
  }

  /** Every account's thumbs on answers of the period (the admin's figures beside usage). */
  async groups(filter: UsageFilter): Promise<FeedbackGroup[]> {
    let query = this.db
      .selectFrom('message_feedback as f')
      .innerJoin('messages as m', 'm.id', 'f.message_id')
      .where('m.created_at', '>=', filter.from)
      .where('m.created_at', '<', filter.to);
    if (filter.provider) query = query.where('m.provider', '=', filter.provider);
    if (filter.model) query = query.where('m.model', '=', filter.model);
    const rows = await query
      .select((eb) => [
        'm.provider as provider',
        'm.model as model',
        'f.rating as rating',
        'f.reason as reason',
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(['m.provider', 'm.model', 'f.rating', 'f.reason'])
      .execute();
    return rows.map((row) => ({ ...row, n: Number(row.n) }));
  }
}
