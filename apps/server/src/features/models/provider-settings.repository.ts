import type { Kysely, Selectable } from 'kysely';
import type { Database, ProviderSettingsTable } from '../../db/schema';

export type ProviderSettingsRow = Selectable<ProviderSettingsTable>;

export class ProviderSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listAll(): Promise<ProviderSettingsRow[]> {
    return this.db.selectFrom('provider_settings').selectAll().execute();
  }

  /** Writes the whole row at once: a provider's settings never land half-saved. */
  async save(row: ProviderSettingsRow): Promise<void> {
    const { provider, created_at: _created, ...changes } = row;
    await this.db
      .insertInto('provider_settings')
      .values(row)
      .onConflict((oc) => oc.column('provider').doUpdateSet({ ...changes, provider }))
      .execute();
  }
}
