import type { Kysely, Selectable } from 'kysely';
import type { CustomInstructionsTable, Database, MemoriesTable } from '../../db/schema';

export type SettingsRow = Selectable<CustomInstructionsTable>;
export type MemoryRow = Selectable<MemoriesTable>;

/** Rows of an account's custom instructions, memories and per-chat switches, by user id. */
export class PersonalizationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  settings(userId: string): Promise<SettingsRow | undefined> {
    return this.db
      .selectFrom('custom_instructions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async saveSettings(row: SettingsRow): Promise<void> {
    const { user_id: _key, ...values } = row;
    await this.db
      .insertInto('custom_instructions')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  memories(userId: string): Promise<MemoryRow[]> {
    return this.db
      .selectFrom('memories')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  memoryFrom(userId: string, sourceMessageId: string): Promise<MemoryRow | undefined> {
    return this.db
      .selectFrom('memories')
      .selectAll()
      .where('user_id', '=', userId)
      .where('source_message_id', '=', sourceMessageId)
      .executeTakeFirst();
  }

  async memoryCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('memories')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** False when the turn it names saved one already (a retry, a repeated send). */
  async insertMemory(row: MemoryRow): Promise<boolean> {
    const result = await this.db
      .insertInto('memories')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'source_message_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async updateMemory(userId: string, id: string, text: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('memories')
      .set({ text, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteMemory(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('memories')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async chatEnabled(conversationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('chat_personalization')
      .select('enabled')
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return row === undefined || row.enabled === 1;
  }

  async setChatEnabled(userId: string, conversationId: string, enabled: boolean): Promise<void> {
    const value = enabled ? 1 : 0;
    await this.db
      .insertInto('chat_personalization')
      .values({ conversation_id: conversationId, user_id: userId, enabled: value })
      .onConflict((oc) => oc.column('conversation_id').doUpdateSet({ enabled: value }))
      .execute();
  }
}
