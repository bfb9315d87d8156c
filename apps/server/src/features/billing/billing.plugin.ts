import fp from 'fastify-plugin';
import { createStripeClient } from '../../infra/payments/stripe-client';
import { AdminSubscriptionsService } from './admin-subscriptions.service';
import { BillingWebhooks } from './billing-webhooks.service';
import { PlanSync } from './plan-sync';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { SubscriptionsService } from './subscriptions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans: their admin routes, /pricing, and every user's daily limit and model choice. */
    readonly plans: PlansService;
    /** Subscriptions: checkout, management, webhooks and the admin's view. */
    readonly billing: SubscriptionsService;
    /** The admin's subscription list, detail and figures (its routes and the dashboard). */
    readonly billingAdmin: AdminSubscriptionsService;
    /** Stripe's events; null without Stripe configured. */
    readonly billingWebhooks: BillingWebhooks | null;
  }
}

/** Plans name the registry's models, so billing comes after models (never the reverse). */
export const billingPlugin = fp(
  async (app) => {
    const stripe = createStripeClient(app.config.stripe);
    const { models } = app;
    app.decorate(
      'plans',
      new PlansService(new PlansRepository(app.db), {
        freeDailySetting: app.config.limits.freeDaily,
        knownModelIds: async () => (await models.list()).map((m) => m.id),
        sync: stripe ? new PlanSync(stripe) : null,
      }),
    );
    const billing = new SubscriptionsService({
      db: app.db,
      stripe,
      publishableKey: app.config.stripe.publishableKey,
      graceDays: app.config.stripe.graceDays,
      appUrl: app.config.appUrl,
      freeDailySetting: app.config.limits.freeDaily,
    });
    app.decorate('billing', billing);
    app.decorate(
      'billingAdmin',
      new AdminSubscriptionsService(billing, app.config.stripe.graceDays),
    );
    app.decorate(
      'billingWebhooks',
      stripe ? new BillingWebhooks(app.db, stripe, billing.sync) : null,
    );
  },
  { name: 'billing', dependencies: ['models'] },
);
