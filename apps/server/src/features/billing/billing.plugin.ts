import type { FastifyInstance } from 'fastify';
import { createStripeClient } from '../../infra/payments/stripe-client';
import { PlanSync } from './plan-sync';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { SubscriptionsService } from './subscriptions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans: their admin routes, /pricing, and every user's limits (app.limits reads them). */
    readonly plans: PlansService;
    /** Subscriptions: checkout, management, webhooks and the admin's view. */
    readonly billing: SubscriptionsService;
  }
}

/** Root-level; call after registerModels and before registerLimits. */
export function registerPlans(app: FastifyInstance): void {
  const stripe = createStripeClient(app.config.stripe);
  app.decorate(
    'plans',
    new PlansService(new PlansRepository(app.db), {
      freeDailySetting: app.config.limits.freeDaily,
      knownModelIds: async () => (await app.models.list()).map((m) => m.id),
      sync: stripe ? new PlanSync(stripe) : null,
    }),
  );
  app.decorate(
    'billing',
    new SubscriptionsService({
      db: app.db,
      stripe,
      publishableKey: app.config.stripe.publishableKey,
      graceDays: app.config.stripe.graceDays,
      appUrl: app.config.appUrl,
      freeDailySetting: app.config.limits.freeDaily,
    }),
  );
}
