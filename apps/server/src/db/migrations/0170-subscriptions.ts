import type { Kysely } from 'kysely';

// Subscriptions as Stripe's webhooks last reported them (Stripe stays the source of truth; a
// handler re-fetches and upserts), the webhook events applied (each id once), and on users the
// Stripe customer (made once per user) and the end of a past-due subscription's grace period.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('stripe_customer_id', 'text').execute();
  // users.plan_id counts until this instant (a past-due subscription's grace); null: no end.
  await db.schema.alterTable('users').addColumn('plan_until', 'text').execute();
  await db.schema
    .createIndex('users_stripe_customer_id')
    .unique()
    .on('users')
    .column('stripe_customer_id')
    .execute();

  await db.schema
    .createTable('subscriptions')
    // Stripe's id (sub_…).
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('price_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('canceled_at', 'text')
    .addColumn('ended_at', 'text')
    // When it last turned past_due; the grace period counts from here.
    .addColumn('past_due_since', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_exp_month', 'integer')
    .addColumn('card_exp_year', 'integer')
    .addColumn('latest_invoice_id', 'text')
    // Stripe's `created`: when it started (churn and MRR figures count from it).
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_user')
    .on('subscriptions')
    .columns(['user_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('subscriptions_status')
    .on('subscriptions')
    .column('status')
    .execute();

  await db.schema
    .createTable('billing_events')
    // Stripe's id (evt_…): the primary key makes a replayed event a no-op.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_events_subscription')
    .on('billing_events')
    .columns(['subscription_id', 'received_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropIndex('users_stripe_customer_id').execute();
  await db.schema.alterTable('users').dropColumn('plan_until').execute();
  await db.schema.alterTable('users').dropColumn('stripe_customer_id').execute();
}
