import type { Kysely } from 'kysely';

// The admin console: the audit log of admin actions, provider settings an admin edits (taking
// precedence over the env), disabled accounts, and the default model.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: the entry outlives a deleted admin; the email is kept for that reason.
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    // JSON with secrets removed; null where a before/after makes no sense.
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();

  await db.schema
    .createTable('provider_settings')
    .addColumn('provider', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // AES-256-GCM under the provider key secret (env or DATA_DIR), never the key itself.
    .addColumn('api_key_sealed', 'text')
    .addColumn('api_key_last4', 'text')
    .addColumn('base_url', 'text')
    .addColumn('vertex_project', 'text')
    .addColumn('vertex_location', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema
    .alterTable('models')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('models').dropColumn('is_default').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.dropTable('provider_settings').execute();
  await db.schema.dropTable('audit_log').execute();
}
