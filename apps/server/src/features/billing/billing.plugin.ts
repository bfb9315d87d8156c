import type { FastifyInstance } from 'fastify';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans: their admin routes, /pricing, and every user's limits (app.limits reads them). */
    readonly plans: PlansService;
  }
}

/** Root-level; call after registerModels and before registerLimits. */
export function registerPlans(app: FastifyInstance): void {
  app.decorate(
    'plans',
    new PlansService(new PlansRepository(app.db), {
      freeDailySetting: app.config.limits.freeDaily,
      knownModelIds: async () => (await app.models.list()).map((m) => m.id),
    }),
  );
}
