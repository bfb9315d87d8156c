import fp from 'fastify-plugin';
import { APP_VERSION } from '../../version';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /health reports: database, bus, drain. */
    readonly health: HealthService;
  }
}

const PROCESS_STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

export const healthPlugin = fp(
  async (app) => {
    app.decorate(
      'health',
      new HealthService(new HealthRepository(app.db), app.bus, app.drain, {
        dialect: app.dbDialect,
        version: APP_VERSION,
        startedAt: PROCESS_STARTED_AT,
      }),
    );
  },
  { name: 'health', decorators: { fastify: ['bus', 'drain'] } },
);
