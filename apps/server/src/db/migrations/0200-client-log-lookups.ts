import type { Kysely } from 'kysely';

// Admin lookups of browser error reports by the Error ID a user quotes (client_id), and the
// retention prune of usage events by age (the error table has its created_at index already).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('client_error_logs_client_id_idx')
    .on('client_error_logs')
    .column('client_id')
    .execute();
  await db.schema
    .createIndex('telemetry_events_created_at_idx')
    .on('telemetry_events')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('telemetry_events_created_at_idx').execute();
  await db.schema.dropIndex('client_error_logs_client_id_idx').execute();
}
