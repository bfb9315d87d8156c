import type { Kysely } from 'kysely';

// The upload sweeper asks which files on disk a row still refers to, by stored file name.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('attachments_storage_name_idx')
    .on('attachments')
    .column('storage_name')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attachments_storage_name_idx').execute();
}
