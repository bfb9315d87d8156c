import type { FastifyInstance } from 'fastify';
import { LimitsRepository } from './limits.repository';
import { LimitsService } from './limits.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one limits service: its refusal memory is per process, so it is shared. */
    readonly limits: LimitsService;
  }
}

/** Root-level (not encapsulated) so every feature plugin sees the same service. */
export function registerLimits(app: FastifyInstance): void {
  const limits = new LimitsService(new LimitsRepository(app.db), app.config.limits, app.plans);
  app.decorate('limits', limits);
  app.visitors.onVisitorClaimed((visitorId, userId) => limits.moveVisitorUsage(visitorId, userId));
}
