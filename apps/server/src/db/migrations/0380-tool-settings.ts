import type { Kysely } from 'kysely';

// AI management → Tools: one row of settings (the web search provider, its sealed key, the
// turn's step limit and per-tool timeout) and, per plan, which built-in tools its users may
// use. A plan without a row may use both: tools still need the chat's Web search toggle.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tool_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('web_search_provider', 'text')
    .addColumn('web_search_base_url', 'text')
    .addColumn('web_search_api_key_sealed', 'text')
    .addColumn('web_search_api_key_last4', 'text')
    .addColumn('max_steps', 'integer', (c) => c.notNull())
    .addColumn('tool_timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tool_plan_access')
    .addColumn('plan_id', 'text', (c) => c.primaryKey().references('plans.id').onDelete('cascade'))
    .addColumn('web_search', 'integer', (c) => c.notNull())
    .addColumn('read_page', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tool_plan_access').execute();
  await db.schema.dropTable('tool_settings').execute();
}
