import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's table types, which change.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_error_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('error_type', 'text', (c) => c.notNull())
    .addColumn('severity', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack_trace', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('breadcrumbs', 'text', (c) => c.notNull())
    .addColumn('performance', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_error_logs_created_at_idx')
    .on('client_error_logs')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('telemetry_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('telemetry_events_type_created_at_idx')
    .on('telemetry_events')
    .columns(['event_type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('telemetry_events').execute();
  await db.schema.dropTable('client_error_logs').execute();
}
