import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

const ROW_ID = 1;

export interface ChatTitleSettingsRow {
  model_id: string | null;
  updated_at: string;
}

/** The admin's choice of title model: one row, absent until first saved. */
export class ChatTitleSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<ChatTitleSettingsRow | undefined> {
    return this.db
      .selectFrom('chat_title_settings')
      .select(['model_id', 'updated_at'])
      .where('id', '=', ROW_ID)
      .executeTakeFirst();
  }

  async set(modelId: string | null, userId: string, at: string): Promise<void> {
    await this.db
      .insertInto('chat_title_settings')
      .values({ id: ROW_ID, model_id: modelId, updated_by: userId, updated_at: at })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ model_id: modelId, updated_by: userId, updated_at: at }),
      )
      .execute();
  }
}
