import type { Kysely } from 'kysely';
import { DEFAULT_GENERATOR_INSTRUCTIONS } from './0130-prompt-generator.instructions';

// The prompt generator's instructions: every admin save is a new row (never an update), so a
// turn's recorded version (messages.generator_instructions_version) always names the text that
// opened it. The highest version of a generator is the current one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompt_generator_instructions')
    .addColumn('generator_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The admin who saved it (a user id; no foreign key, so a deleted account keeps history).
    .addColumn('created_by', 'text')
    .addPrimaryKeyConstraint('prompt_generator_instructions_pk', ['generator_id', 'version'])
    .execute();
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('prompt_generator_instructions')
    .values({
      generator_id: 'default',
      version: 1,
      body: DEFAULT_GENERATOR_INSTRUCTIONS,
      created_at: new Date().toISOString(),
      created_by: null,
    })
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('generator_instructions_version', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('generator_instructions_version').execute();
  await db.schema.dropTable('prompt_generator_instructions').execute();
}
