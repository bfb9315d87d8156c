import type { Kysely, Selectable } from 'kysely';
import type { Database, ModelsTable } from '../../db/schema';

export type ModelRow = Selectable<ModelsTable>;

export class ModelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Enabled models in picker order. */
  async listEnabled(): Promise<ModelRow[]> {
    return this.db
      .selectFrom('models')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  async findEnabled(id: string): Promise<ModelRow | undefined> {
    return this.db
      .selectFrom('models')
      .selectAll()
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
  }
}
