import type { FastifyInstance } from 'fastify';
import { CompareSendsRepository } from './compare-sends.repository';
import { CompareSends } from './compare-sends.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Allocated comparison ids, and the panels chat's sends add to comparisons. */
    readonly compareSends: CompareSends;
  }
}

/** Root-level: chat's send pipeline and allocate-id use it. Call after registerLimits. */
export function registerCompare(app: FastifyInstance): void {
  const compareSends = new CompareSends(new CompareSendsRepository(app.db), app.limits);
  app.decorate('compareSends', compareSends);
  app.visitors.onVisitorClaimed((visitorId, userId) =>
    compareSends.moveVisitorToUser(visitorId, userId),
  );
}
