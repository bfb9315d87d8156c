import type { Kysely } from 'kysely';

// The model picker: a short description per model (seeded here for the registry's first
// models, edited in place later) and each account's favourite models. Guests keep their
// favourites in the browser: a visitor id is not an account to hang rows on.

const DESCRIPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['parallax-demo', 'Answers offline inside this server; for trying Parallax without a key.'],
  ['parallax-demo-concise', 'The offline demo, answering in fewer words.'],
  ['gpt-5', 'OpenAI’s flagship for reasoning, code and long documents.'],
  ['gpt-5-mini', 'A faster, cheaper GPT-5 for everyday questions.'],
  ['claude-sonnet-4-5', 'Anthropic’s strongest all-rounder for writing, analysis and code.'],
  ['claude-haiku-4-5', 'Anthropic’s quick, low-cost model for short tasks.'],
  ['gemini-2.5-pro', 'Google’s reasoning model with a million-token context.'],
  ['gemini-2.5-flash', 'Google’s fast model with a million-token context.'],
  ['vertex-gemini-2.5-pro', 'Gemini 2.5 Pro served from your Google Cloud project.'],
  ['vertex-gemini-2.5-flash', 'Gemini 2.5 Flash served from your Google Cloud project.'],
  ['grok-4', 'xAI’s flagship with live-knowledge leanings and strong reasoning.'],
  ['grok-3-mini', 'xAI’s small, inexpensive model for quick answers.'],
];

type Untyped = Kysely<Record<string, Record<string, unknown>>>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('models')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const [id, description] of DESCRIPTIONS)
    await (db as Untyped).updateTable('models').set({ description }).where('id', '=', id).execute();

  await db.schema
    .createTable('model_favourites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('model_id', 'text', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_favourites_pk', ['user_id', 'model_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_favourites').execute();
  await db.schema.alterTable('models').dropColumn('description').execute();
}
