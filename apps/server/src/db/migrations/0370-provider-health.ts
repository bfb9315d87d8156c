import type { Kysely } from 'kysely';

// Whether each provider's upstream answers, shared by every process: real calls' connection
// failures and the periodic probe write it; GET /models hides an unreachable provider's models.
// `next_probe_at` is both the probe's schedule (with back-off) and its lock: a process claims
// a due probe by moving it forward in one conditional update, so only one process probes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_health')
    .addColumn('provider', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('reason', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_probe_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_health').execute();
}
