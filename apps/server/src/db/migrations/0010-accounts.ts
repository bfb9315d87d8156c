import type { Kysely } from 'kysely';

// Accounts: users, their sessions and credentials, OAuth links, visitor claims.
// Everything a user owns references users.id with ON DELETE CASCADE, so deleting the row
// deletes the account's data; later features follow the same rule.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_id_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_id_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('user_identities_user_id_idx')
    .on('user_identities')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('visitor_claims')
    .addColumn('visitor_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'visitor_claims',
    'user_identities',
    'oauth_states',
    'password_reset_tokens',
    'refresh_tokens',
    'sessions',
    'auth_throttles',
    'verification_codes',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
