import type { Kysely, Selectable } from 'kysely';
import type { ConversationsTable, Database } from '../../db/schema';

export type VaultSide = { kind: 'owned' | 'vault'; userId: string };

/**
 * The conversations table's queries for the vault (conversations owns the table; this file and
 * conversations.repository.ts are its only SQL on it): chats inside a vault have no owner, are
 * never indexed, and are moved in and out whole.
 */
export class VaultConversationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new chat inside the vault of `userId`: no owner, never indexed, its title sealed. */
  async insertInVault(
    id: string,
    userId: string,
    sealedTitle: string,
    now: string,
    currentLeafId: string,
  ): Promise<void> {
    await this.db
      .insertInto('conversations')
      .values({
        id,
        user_id: null,
        visitor_id: null,
        vault_user_id: userId,
        search_excluded: 1,
        title: sealedTitle,
        title_set: 1,
        kind: 'regular',
        is_favourite: 0,
        project_id: null,
        comparison_id: null,
        created_at: now,
        updated_at: now,
        last_message_at: null,
        current_leaf_id: currentLeafId,
      })
      .execute();
  }

  /**
   * The chats and comparisons in the vault of `userId`, latest first: a comparison (whose
   * panels are each a conversation) is listed once, by its first panel (the earliest; ids
   * break a tie in created_at). With every panel's id, to count a comparison's turns.
   */
  async inVault(
    userId: string,
  ): Promise<Array<Selectable<ConversationsTable> & { panel_ids: string[] }>> {
    const rows = await this.db
      .selectFrom('conversations')
      .selectAll()
      .where('vault_user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const first = new Map<string, Selectable<ConversationsTable>>();
    for (const row of rows) {
      if (row.comparison_id === null) continue;
      const seen = first.get(row.comparison_id);
      if (
        !seen ||
        row.created_at < seen.created_at ||
        (row.created_at === seen.created_at && row.id < seen.id)
      )
        first.set(row.comparison_id, row);
    }
    return rows
      .filter((row) => row.comparison_id === null || first.get(row.comparison_id) === row)
      .map((row) => ({
        ...row,
        panel_ids:
          row.comparison_id === null
            ? [row.id]
            : rows.filter((r) => r.comparison_id === row.comparison_id).map((r) => r.id),
      }));
  }
  /**
   * A chat, or a comparison's every panel, on one side of the vault: owned by `userId` (for
   * moving in) or in the vault of `userId`. Empty when the root is not on that side.
   */
  async item(side: VaultSide, id: string): Promise<Array<Selectable<ConversationsTable>>> {
    const ownerColumn = side.kind === 'owned' ? 'user_id' : 'vault_user_id';
    const root = await this.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', id)
      .where(ownerColumn, '=', side.userId)
      .executeTakeFirst();
    if (root === undefined) return [];
    const comparisonId = root.comparison_id;
    if (comparisonId === null) return [root];
    return this.db
      .selectFrom('conversations')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('comparison_id', '=', comparisonId),
          eb(
            'id',
            'in',
            eb
              .selectFrom('compare_panels')
              .select('conversation_id')
              .where('session_id', '=', comparisonId),
          ),
        ]),
      )
      .where(ownerColumn, '=', side.userId)
      .execute();
  }
  /**
   * Hands a chat to the other side of the vault with its title rewritten: into the vault it
   * loses its owner and leaves the search index; out of it, it is the account's again. A
   * project lists its chats by owner: the chat comes back out without one.
   */
  async moveSide(
    id: string,
    move: { intoVault: boolean; userId: string; title: string; now: string },
  ): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({
        user_id: move.intoVault ? null : move.userId,
        visitor_id: null,
        vault_user_id: move.intoVault ? move.userId : null,
        search_excluded: move.intoVault ? 1 : 0,
        project_id: null,
        title: move.title,
        updated_at: move.now,
      })
      .where('id', '=', id)
      .execute();
  }
}
