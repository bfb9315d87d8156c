import type { Kysely, Selectable } from 'kysely';
import type { Database, ToolPlanAccessTable, ToolSettingsTable } from '../../db/schema';

export type ToolSettingsRow = Selectable<ToolSettingsTable>;
export type ToolPlanAccessRow = Selectable<ToolPlanAccessTable>;

/** The one settings row's id. */
export const TOOL_SETTINGS_ID = 'default';

export class ToolSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async read(): Promise<ToolSettingsRow | undefined> {
    return this.db
      .selectFrom('tool_settings')
      .selectAll()
      .where('id', '=', TOOL_SETTINGS_ID)
      .executeTakeFirst();
  }

  async planAccess(): Promise<ToolPlanAccessRow[]> {
    const rows = await this.db.selectFrom('tool_plan_access').selectAll().execute();
    return rows.map((row) => ({
      ...row,
      web_search: Number(row.web_search),
      read_page: Number(row.read_page),
    }));
  }

  /** The settings row and the plans' rows in one transaction: a save never lands half-done. */
  async save(row: ToolSettingsRow, plans: readonly ToolPlanAccessRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { id, ...changes } = row;
      await trx
        .insertInto('tool_settings')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...changes, id }))
        .execute();
      for (const plan of plans) {
        const { plan_id, ...access } = plan;
        await trx
          .insertInto('tool_plan_access')
          .values(plan)
          .onConflict((oc) => oc.column('plan_id').doUpdateSet({ ...access, plan_id }))
          .execute();
      }
    });
  }
}
