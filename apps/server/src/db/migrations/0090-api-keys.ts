import type { Kysely } from 'kysely';

// Personal API keys, their per-day usage counters (month totals, the 30-day chart, the monthly
// token budget) and one row per public API call. Everything cascades with the account.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // SHA-256 of the whole secret: the secret has 256 random bits, so a slow hash adds nothing.
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    // JSON array of registry ids; null: every model.
    .addColumn('allowed_models', 'text')
    .addColumn('monthly_token_budget', 'bigint')
    .addColumn('requests_per_minute', 'integer')
    // The key's requests-per-minute window (its ISO minute) and the count spent in it.
    .addColumn('rate_window', 'text')
    .addColumn('rate_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('api_keys_user_idx')
    .on('api_keys')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('api_key_usage')
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('input_tokens', 'bigint', (c) => c.notNull())
    .addColumn('output_tokens', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_usage_pk', ['key_id', 'day'])
    .execute();

  await db.schema
    .createTable('api_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('stream', 'integer', (c) => c.notNull())
    // The HTTP status the caller got (200 also for a stream that failed or was aborted midway).
    .addColumn('status', 'integer', (c) => c.notNull())
    // ok | upstream error kind | client_closed
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('input_tokens', 'integer', (c) => c.notNull())
    .addColumn('output_tokens', 'integer', (c) => c.notNull())
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('api_calls_key_idx')
    .on('api_calls')
    .columns(['key_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_calls').execute();
  await db.schema.dropTable('api_key_usage').execute();
  await db.schema.dropTable('api_keys').execute();
}
