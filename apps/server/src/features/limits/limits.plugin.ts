import fp from 'fastify-plugin';
import { LimitsRepository } from './limits.repository';
import { LimitsService } from './limits.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one limits service: its refusal memory is per process, so it is shared. */
    readonly limits: LimitsService;
  }
}

/** Its refusal memory is per process, so every feature shares the one service. */
export const limitsPlugin = fp(
  async (app) => {
    const limits = new LimitsService(new LimitsRepository(app.db), app.config.limits, app.plans);
    app.decorate('limits', limits);
    app.visitors.onVisitorClaimed((visitorId, userId) =>
      limits.moveVisitorUsage(visitorId, userId),
    );
  },
  { name: 'limits', dependencies: ['billing'], decorators: { fastify: ['visitors'] } },
);
