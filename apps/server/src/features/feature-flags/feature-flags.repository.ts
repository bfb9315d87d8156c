import type { Kysely, Selectable } from 'kysely';
import type { Database, FeatureFlagsTable } from '../../db/schema';

export type FeatureFlagRow = Selectable<FeatureFlagsTable> & { updated_by_email: string | null };

/** The flags admins have set; a flag without a row has its contract default. */
export class FeatureFlagsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Name → enabled, for the rows that exist. One small read: there are six flags at most. */
  async readValues(): Promise<Map<string, boolean>> {
    const rows = await this.db.selectFrom('feature_flags').select(['name', 'enabled']).execute();
    return new Map(rows.map((row) => [row.name, row.enabled === 1]));
  }

  async readOne(name: string): Promise<boolean | undefined> {
    const row = await this.db
      .selectFrom('feature_flags')
      .select('enabled')
      .where('name', '=', name)
      .executeTakeFirst();
    return row === undefined ? undefined : row.enabled === 1;
  }

  /** Every set flag with the email of the admin who set it (null once that account is gone). */
  async list(): Promise<FeatureFlagRow[]> {
    return this.db
      .selectFrom('feature_flags')
      .leftJoin('users', 'users.id', 'feature_flags.updated_by')
      .select([
        'feature_flags.name',
        'feature_flags.enabled',
        'feature_flags.updated_by',
        'feature_flags.updated_at',
        'users.email as updated_by_email',
      ])
      .execute();
  }

  async upsert(name: string, enabled: boolean, actorId: string, at: string): Promise<void> {
    const values = { enabled: enabled ? 1 : 0, updated_by: actorId, updated_at: at };
    await this.db
      .insertInto('feature_flags')
      .values({ name, ...values })
      .onConflict((oc) => oc.column('name').doUpdateSet(values))
      .execute();
  }
}
