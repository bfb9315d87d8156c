import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ChatPresetsTable, Database } from '../../db/schema';

export type PresetRow = Selectable<ChatPresetsTable>;

/** The SQL of chat settings and presets. */
export class ChatSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async settingsOf(conversationId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('chat_settings')
      .select('settings')
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return row?.settings ?? null;
  }

  async putSettings(conversationId: string, settings: string, at: string): Promise<void> {
    await this.db
      .insertInto('chat_settings')
      .values({ conversation_id: conversationId, settings, updated_at: at })
      .onConflict((oc) => oc.column('conversation_id').doUpdateSet({ settings, updated_at: at }))
      .execute();
  }

  presetsOf(userId: string): Promise<PresetRow[]> {
    return this.db
      .selectFrom('chat_presets')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  presetOf(userId: string, id: string): Promise<PresetRow | undefined> {
    return this.db
      .selectFrom('chat_presets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async countOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chat_presets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertPreset(row: Insertable<ChatPresetsTable>): Promise<void> {
    await this.db.insertInto('chat_presets').values(row).execute();
  }

  async renamePreset(userId: string, id: string, name: string, at: string): Promise<void> {
    await this.db
      .updateTable('chat_presets')
      .set({ name, updated_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** One default per user: the others are cleared in the same transaction. */
  async setDefault(userId: string, id: string, isDefault: boolean, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (isDefault)
        await trx
          .updateTable('chat_presets')
          .set({ is_default: 0 })
          .where('user_id', '=', userId)
          .where('is_default', '=', 1)
          .execute();
      await trx
        .updateTable('chat_presets')
        .set({ is_default: isDefault ? 1 : 0, updated_at: at })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    });
  }

  async deletePreset(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chat_presets')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
