import type { Kysely } from 'kysely';

/**
 * Compare needs at least two models, and a fresh install with no provider key has only the
 * offline demo; a second demo model (the same in-process sim, under another model name, so it
 * answers differently) makes compare usable out of the box.
 */
const ID = 'parallax-demo-concise';

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  // Kysely<unknown> has no table types; the untyped view is the documented way to write rows.
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('models')
    .values({
      id: ID,
      provider: 'openai',
      model: ID,
      friendly_name: 'Offline demo, concise (simulated)',
      context_window: 128_000,
      input_price_per_million: 0,
      output_price_per_million: 0,
      supports_vision: 0,
      is_demo: 1,
      enabled: 1,
      // Right after the first demo model (10) and before the first real one (20).
      sort_order: 15,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .deleteFrom('models')
    .where('id', '=', ID)
    .execute();
}
