import type { FastifyInstance } from 'fastify';
import { VisitorsRepository } from './visitors.repository';
import { VisitorsService } from './visitors.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by every feature: register claim listeners, claim on sign-in. */
    readonly visitors: VisitorsService;
  }
}

/** Root-level (not encapsulated) so every feature plugin sees the same service. */
export function registerVisitors(app: FastifyInstance): void {
  app.decorate('visitors', new VisitorsService(new VisitorsRepository(app.db), app.log));
}
