import type { Kysely } from 'kysely';

// AI management → MCP: one row of settings. `user_servers_private`: users' own servers may be
// on private and loopback addresses (never link-local or metadata ones); off until the admin
// turns it on. No row means off.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_servers_private', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mcp_settings').execute();
}
