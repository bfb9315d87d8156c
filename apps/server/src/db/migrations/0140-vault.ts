import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// The vault: one row per account holding its key only in wrapped form (under the PIN's
// argon2id key and under the recovery key), the session epoch that revokes every vault token
// at once, and the wrong-PIN counter; and the encrypted secure notes. Nothing here is readable
// without the PIN or the recovery key.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vaults')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // JSON: the argon2id parameters both wraps were derived with.
    .addColumn('kdf', 'text', (c) => c.notNull())
    .addColumn('pin_salt', 'text', (c) => c.notNull())
    .addColumn('pin_wrap', 'text', (c) => c.notNull())
    .addColumn('recovery_salt', 'text', (c) => c.notNull())
    .addColumn('recovery_wrap', 'text', (c) => c.notNull())
    // 1 when the PIN is digits only (the unlock pad shows a keypad); reveals no digit.
    .addColumn('digit_pin', 'integer', (c) => c.notNull())
    // Raised by lock, PIN change and reset: vault tokens of an older epoch are refused.
    .addColumn('epoch', 'integer', (c) => c.notNull().defaultTo(0))
    // Unlock attempts since the last success or lockout, counted before the PIN is checked.
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Lockouts in a row: each one lasts twice the one before (capped).
    .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    // HMAC of the code mailed for a reset that erases the vault, its expiry and tries.
    .addColumn('reset_code_hash', 'text')
    .addColumn('reset_code_expires_at', 'text')
    .addColumn('reset_code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('vault_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // AES-256-GCM of {title, body} under the vault key, the note id as associated data.
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vault_notes_user_idx')
    .on('vault_notes')
    .columns(['user_id', 'updated_at'])
    .execute();

  // A chat or comparison moved into the vault belongs to nobody (user_id and visitor_id are
  // null, so every owner-scoped query passes it by) and is found only through vault_user_id.
  // The account's deletion takes its vault along (user_id is null there, so it would not).
  await db.schema
    .alterTable('conversations')
    .addColumn('vault_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('conversations_vault_idx')
    .on('conversations')
    .columns(['vault_user_id', 'updated_at'])
    .execute();
  await db.schema
    .alterTable('compare_sessions')
    .addColumn('vault_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .execute();

  // A chat moved into the vault leaves the search index: FTS5 must then really remove its
  // tokens instead of leaving them in the index file beside a delete marker.
  if (dialectOf(db) === 'sqlite')
    await sql`insert into search_fts (search_fts, rank) values ('secure-delete', 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('compare_sessions').dropColumn('vault_user_id').execute();
  await db.schema.dropIndex('conversations_vault_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('vault_user_id').execute();
  await db.schema.dropTable('vault_notes').execute();
  await db.schema.dropTable('vaults').execute();
}
