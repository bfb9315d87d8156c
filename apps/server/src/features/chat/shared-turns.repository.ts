import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema';
import { ownerColumns, type ChatOwner } from '../../infra/auth/chat-owner';
import { CONTEXT_STATUSES, RUNNING_STATUSES, type MessageRow } from './messages.repository';

/** Rows per INSERT of an import: well under SQLite's and PostgreSQL's bound-parameter limits. */
const IMPORT_BATCH = 200;

/**
 * The messages table's queries that other features ask chat for (through app.chat.records):
 * the vault's items, a comparison's panels, an account import. Chat owns the table; this file
 * and messages.repository.ts (a turn's own life) are its only SQL on it.
 */
export class SharedTurnsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Turns brought in whole (an account import), in batches the bound-parameter limits allow. */
  async insertImported(rows: ReadonlyArray<Insertable<MessagesTable>>): Promise<void> {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH)
      await this.db
        .insertInto('messages')
        .values(rows.slice(i, i + IMPORT_BATCH))
        .execute();
  }
  /** Every turn of these conversations, oldest first. */
  ofConversations(conversationIds: readonly string[]): Promise<MessageRow[]> {
    if (conversationIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', 'in', [...conversationIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
  /** How many turns each of these conversations has (absent: none). */
  async countsOf(conversationIds: readonly string[]): Promise<Map<string, number>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('messages')
      .select(['conversation_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('conversation_id', 'in', [...conversationIds])
      .groupBy('conversation_id')
      .execute();
    return new Map(rows.map((r) => [r.conversation_id ?? '', Number(r.n)]));
  }
  /** A turn in the vault of `userId`, with its chat. */
  findInVault(
    userId: string,
    messageId: string,
  ): Promise<{ id: string; conversation_id: string } | undefined> {
    return this.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'c.id as conversation_id'])
      .where('m.id', '=', messageId)
      .where('c.vault_user_id', '=', userId)
      .executeTakeFirst();
  }
  /** Running turns of the chats in the vault of `userId` (of one turn, when given). */
  findRunningInVault(userId: string, messageId?: string): Promise<Array<{ id: string }>> {
    let query = this.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('m.id')
      .where('c.vault_user_id', '=', userId)
      .where('m.status', 'in', RUNNING_STATUSES);
    if (messageId !== undefined) query = query.where('m.id', '=', messageId);
    return query.execute();
  }
  /** Every panel turn of the owner's comparison, oldest first. */
  ofComparison(owner: ChatOwner, comparisonId: string): Promise<MessageRow[]> {
    return this.#owned(owner)
      .where('comparison_id', '=', comparisonId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }
  /** The owner's comparisons with a turn or answer containing `pattern` (a LIKE pattern). */
  async comparisonsMentioning(owner: ChatOwner, pattern: string): Promise<string[]> {
    const rows = await this.#owned(owner)
      .clearSelect()
      .select('comparison_id')
      .distinct()
      .where('comparison_id', 'is not', null)
      .where((eb) =>
        eb.or([
          eb(sql`lower(content)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(coalesce(response, ''))`, 'like', sql`${pattern} escape '\\'`),
        ]),
      )
      .execute();
    return rows.flatMap((r) => (r.comparison_id === null ? [] : [r.comparison_id]));
  }
  /** Completed comparison answers (of one owner, or everyone's) since `since`: their timings. */
  comparisonTimings(
    owner: ChatOwner | null,
    since: string | null,
  ): Promise<
    Array<Pick<MessageRow, 'model' | 'ttft_ms' | 'stream_ms' | 'input_tokens' | 'output_tokens'>>
  > {
    let query = this.db
      .selectFrom('messages')
      .select(['model', 'ttft_ms', 'stream_ms', 'input_tokens', 'output_tokens'])
      .where('comparison_id', 'is not', null)
      .where('status', '=', 'completed');
    if (owner !== null)
      query = query.where(owner.kind === 'user' ? 'user_id' : 'visitor_id', '=', owner.id);
    if (since !== null) query = query.where('created_at', '>=', since);
    return query.execute();
  }
  /**
   * Copies the owner's finished turns of a (linear) panel into another conversation as plain
   * chat turns, each following the one before. The unit was spent by the comparison: a copy is
   * never charged, so never refunded. The last copy and its time, or null when none was copied.
   */
  async copyLinear(
    owner: ChatOwner,
    fromConversationId: string,
    toConversationId: string,
  ): Promise<{ leafId: string; lastAt: string } | null> {
    const turns = await this.#owned(owner)
      .where('conversation_id', '=', fromConversationId)
      .where('status', 'in', CONTEXT_STATUSES)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (turns.length === 0) return null;
    const ids = turns.map(() => randomUUID());
    await this.db
      .insertInto('messages')
      .values(
        turns.map((turn, index) => ({
          ...turn,
          ...ownerColumns(owner),
          id: ids[index] ?? randomUUID(),
          parent_id: index === 0 ? null : (ids[index - 1] ?? null),
          conversation_id: toConversationId,
          comparison_id: null,
          owner_process: null,
          charged_day: null,
        })),
      )
      .execute();
    return { leafId: ids.at(-1) ?? '', lastAt: turns.at(-1)?.created_at ?? '' };
  }

  #owned(owner: ChatOwner) {
    const query = this.db.selectFrom('messages').selectAll();
    return owner.kind === 'user'
      ? query.where('user_id', '=', owner.id)
      : query.where('visitor_id', '=', owner.id);
  }
}
