import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's table types, which change.

/**
 * The model registry, seeded with each provider's current flagship and small
 * model. Later changes are the admin area's job (rows edited in place), so the seed lives
 * here, run once, rather than being re-applied at every boot.
 * Prices are US dollars per million tokens, from the providers' public price lists.
 */
const SEED = [
  // id, provider, model, friendly name, context window, input $, output $, vision
  ['gpt-5', 'openai', 'gpt-5', 'GPT-5', 400_000, 1.25, 10, true],
  ['gpt-5-mini', 'openai', 'gpt-5-mini', 'GPT-5 mini', 400_000, 0.25, 2, true],
  [
    'claude-sonnet-4-5',
    'anthropic',
    'claude-sonnet-4-5',
    'Claude Sonnet 4.5',
    200_000,
    3,
    15,
    true,
  ],
  ['claude-haiku-4-5', 'anthropic', 'claude-haiku-4-5', 'Claude Haiku 4.5', 200_000, 1, 5, true],
  ['gemini-2.5-pro', 'gemini', 'gemini-2.5-pro', 'Gemini 2.5 Pro', 1_048_576, 1.25, 10, true],
  ['gemini-2.5-flash', 'gemini', 'gemini-2.5-flash', 'Gemini 2.5 Flash', 1_048_576, 0.3, 2.5, true],
  [
    'vertex-gemini-2.5-pro',
    'google',
    'gemini-2.5-pro',
    'Gemini 2.5 Pro (Vertex AI)',
    1_048_576,
    1.25,
    10,
    true,
  ],
  [
    'vertex-gemini-2.5-flash',
    'google',
    'gemini-2.5-flash',
    'Gemini 2.5 Flash (Vertex AI)',
    1_048_576,
    0.3,
    2.5,
    true,
  ],
  ['grok-4', 'grok', 'grok-4', 'Grok 4', 256_000, 3, 15, true],
  ['grok-3-mini', 'grok', 'grok-3-mini', 'Grok 3 mini', 131_072, 0.3, 0.5, false],
] as const;

/** Answered by the in-process provider-sim over OpenAI's wire format (its context window). */
const DEMO = [
  'parallax-demo',
  'openai',
  'parallax-demo',
  'Offline demo (simulated)',
  128_000,
  0,
  0,
  false,
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('friendly_name', 'text', (c) => c.notNull())
    .addColumn('context_window', 'integer', (c) => c.notNull())
    .addColumn('input_price_per_million', 'double precision', (c) => c.notNull())
    .addColumn('output_price_per_million', 'double precision', (c) => c.notNull())
    .addColumn('supports_vision', 'integer', (c) => c.notNull())
    .addColumn('is_demo', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  const rows = [DEMO, ...SEED].map(
    ([id, provider, model, friendlyName, context, input, output, vision], index) => ({
      id,
      provider,
      model,
      friendly_name: friendlyName,
      context_window: context,
      input_price_per_million: input,
      output_price_per_million: output,
      supports_vision: vision ? 1 : 0,
      is_demo: id === DEMO[0] ? 1 : 0,
      enabled: 1,
      sort_order: (index + 1) * 10,
      created_at: now,
      updated_at: now,
    }),
  );
  // Kysely<unknown> has no table types; the untyped view is the documented way to write rows.
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('models')
    .values(rows)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('models').execute();
}
