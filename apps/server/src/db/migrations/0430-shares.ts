import type { Kysely } from 'kysely';

// Share links (issue 39): one per chat or comparison, with the snapshot the page shows. The
// token is looked up by its hash; closing the account removes its links with it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('turn_count', 'integer', (c) => c.notNull())
    .addColumn('show_owner_name', 'integer', (c) => c.notNull())
    .addColumn('include_attachments', 'integer', (c) => c.notNull())
    .addColumn('allow_indexing', 'integer', (c) => c.notNull())
    .addColumn('reveal_models', 'integer', (c) => c.notNull())
    .addColumn('expiry', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('shares_source_unique', ['user_id', 'kind', 'source_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shares').execute();
}
