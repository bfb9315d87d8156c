import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database, ModelsTable } from '../../db/schema';

export type ModelRow = Selectable<ModelsTable>;
export type ModelChanges = Omit<Updateable<ModelsTable>, 'id' | 'created_at'>;

/** Why an admin edit was not written. */
export type ModelWriteRefusal = 'not_found' | 'last_enabled' | 'duplicate';

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

  /** Every model, disabled ones too, in picker order (the admin console). */
  async listAll(): Promise<ModelRow[]> {
    return this.db.selectFrom('models').selectAll().orderBy('sort_order').orderBy('id').execute();
  }

  /** Enabled or not: what past turns and votes name keeps its name and price. */
  findByIds(ids: readonly string[]): Promise<ModelRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('models')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  async findById(id: string): Promise<ModelRow | undefined> {
    return this.db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Adds a model after every other one; refused when the id is taken. */
  async insert(
    row: Omit<Insertable<ModelsTable>, 'sort_order'>,
  ): Promise<ModelRow | ModelWriteRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('models')
        .select('id')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (taken) return 'duplicate';
      const last = await trx
        .selectFrom('models')
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .executeTakeFirst();
      const sortOrder = Number(last?.max ?? 0) + 10;
      await trx
        .insertInto('models')
        .values({ ...row, sort_order: sortOrder })
        .execute();
      return trx
        .selectFrom('models')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * Applies an admin's edit in one transaction: refused (nothing written) when it would leave
   * no enabled model; `is_default: 1` takes the mark from every other model.
   */
  async update(id: string, changes: ModelChanges): Promise<ModelRow | ModelWriteRefusal> {
    return this.db.transaction().execute(async (trx) => {
      // Two disables at once (PostgreSQL, read committed) would each see the other model still
      // enabled and both pass the check below: the enabled rows are locked first, in id order,
      // so the second waits and then counts what the first left. SQLite's writers are serial.
      if (changes.enabled === 0 && dialectOf(trx) === 'postgres')
        await trx
          .selectFrom('models')
          .select('id')
          .where('enabled', '=', 1)
          .orderBy('id')
          .forUpdate()
          .execute();
      const current = await trx
        .selectFrom('models')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) return 'not_found';
      if (changes.enabled === 0 && current.enabled === 1) {
        const others = await trx
          .selectFrom('models')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('enabled', '=', 1)
          .where('id', '!=', id)
          .executeTakeFirstOrThrow();
        if (Number(others.n) === 0) return 'last_enabled';
      }
      if (changes.is_default === 1)
        await trx.updateTable('models').set({ is_default: 0 }).where('id', '!=', id).execute();
      await trx.updateTable('models').set(changes).where('id', '=', id).execute();
      return trx.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
  }
}
