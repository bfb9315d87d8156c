import type { Insertable, Kysely } from 'kysely';
import type {
  ChatPersonalizationTable,
  ChatPresetsTable,
  ChatSettingsTable,
  CustomInstructionsTable,
  Database,
  MemoriesTable,
  ProjectsTable,
} from '../../db/schema';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 200;

/**
 * The import's own writes (its projects and the account's settings; chats and turns go to
 * their owners): new rows only, in whatever transaction the repository is given, so a file is
 * added whole or not at all.
 */
export class ImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertProjects(rows: Insertable<ProjectsTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH)
      await this.db
        .insertInto('projects')
        .values(rows.slice(i, i + BATCH))
        .execute();
  }

  async insertChatSettings(rows: Insertable<ChatSettingsTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH)
      await this.db
        .insertInto('chat_settings')
        .values(rows.slice(i, i + BATCH))
        .execute();
  }

  async insertChatPersonalization(rows: Insertable<ChatPersonalizationTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH)
      await this.db
        .insertInto('chat_personalization')
        .values(rows.slice(i, i + BATCH))
        .execute();
  }

  presetsOf(userId: string): Promise<Array<{ name: string; is_default: number }>> {
    return this.db
      .selectFrom('chat_presets')
      .select(['name', 'is_default'])
      .where('user_id', '=', userId)
      .execute();
  }

  async insertPresets(rows: Insertable<ChatPresetsTable>[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('chat_presets').values(rows).execute();
  }

  async hasPersonalization(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('custom_instructions')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertPersonalization(row: Insertable<CustomInstructionsTable>): Promise<void> {
    await this.db.insertInto('custom_instructions').values(row).execute();
  }

  async memoryTextsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('memories')
      .select('text')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.text);
  }

  async insertMemories(rows: Insertable<MemoriesTable>[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('memories').values(rows).execute();
  }

  /** Stars on the models this server knows; one the account has already stays as it was. */
  async insertModelFavourites(
    userId: string,
    stars: Array<{ modelId: string; at: string }>,
  ): Promise<void> {
    if (stars.length === 0) return;
    const known = new Set(
      (
        await this.db
          .selectFrom('models')
          .select('id')
          .where(
            'id',
            'in',
            stars.map((star) => star.modelId),
          )
          .execute()
      ).map((row) => row.id),
    );
    const rows = stars
      .filter((star) => known.has(star.modelId))
      .map((star) => ({ user_id: userId, model_id: star.modelId, created_at: star.at }));
    if (rows.length > 0)
      await this.db
        .insertInto('model_favourites')
        .values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'model_id']).doNothing())
        .execute();
  }
}
