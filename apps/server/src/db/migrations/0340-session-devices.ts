import type { Kysely } from 'kysely';

// What Settings shows of each signed-in session: the browser's user agent and address as last
// seen, and when it was last used (written at most every few minutes, see session-state).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip_address', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_active_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_active_at').execute();
  await db.schema.alterTable('sessions').dropColumn('ip_address').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
