import type { Kysely } from 'kysely';

// Plans: what a user may do (daily messages, models, compare panels, API keys) and what it
// costs. The free plan (id 'free') always exists, needs no card provider and cannot be archived.
// users.plan_id is the user's current plan; null means the free plan. Subscriptions set it.

export const FREE_PLAN_ID = 'free';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // Minor units (cents) as the card provider counts them.
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    // null: unlimited.
    .addColumn('daily_message_limit', 'integer')
    // 1: the limit is the server's FREE_DAILY_LIMIT setting (the seeded free plan, until an
    // admin sets a number), so an install that sets the env var keeps its allowance.
    .addColumn('daily_limit_from_settings', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON arrays of provider names / model ids; null: all.
    .addColumn('allowed_providers', 'text')
    .addColumn('allowed_models', 'text')
    .addColumn('compare_panels', 'integer', (c) => c.notNull())
    .addColumn('api_access', 'integer', (c) => c.notNull())
    // null: no cap on live keys.
    .addColumn('api_key_limit', 'integer')
    // JSON array of short lines shown on /pricing.
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('is_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    // Filled when the plan is synced to the card provider (a paid plan only).
    .addColumn('stripe_product_id', 'text')
    .addColumn('stripe_price_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  // The free plan as the product behaved before plans: every model, six compare panels, API keys.
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('plans')
    .values({
      id: FREE_PLAN_ID,
      name: 'Free',
      description: 'Chat with every available model and compare them side by side.',
      price_minor: 0,
      currency: 'usd',
      interval: 'month',
      daily_message_limit: null,
      daily_limit_from_settings: 1,
      allowed_providers: null,
      allowed_models: null,
      compare_panels: 6,
      api_access: 1,
      api_key_limit: null,
      // Limits (messages, panels, API) are listed from their columns; these are the extras.
      features: JSON.stringify([
        'Every available model',
        'Projects, favourites and history',
        'Prompt templates and the prompt generator',
      ]),
      is_free: 1,
      display_order: 0,
      archived_at: null,
      stripe_product_id: null,
      stripe_price_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('plan_id', 'text', (c) => c.references('plans.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('plan_id').execute();
  await db.schema.dropTable('plans').execute();
}
