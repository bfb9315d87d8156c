import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, HealthResponse } from '@parallax/contract';
import { APP_VERSION } from '../../version';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

const PROCESS_STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new HealthService(new HealthRepository(app.db), app.bus, app.drain, {
    dialect: app.dbDialect,
    version: APP_VERSION,
    startedAt: PROCESS_STARTED_AT,
  });

  app.get(
    '/health',
    {
      // Load balancers poll this from one address; they must never be rate limited.
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Readiness: database, Redis and drain state (503 while not ready)',
        response: { 200: HealthResponse, 503: HealthResponse, 500: ErrorBody },
      },
    },
    async (_request, reply) => {
      const report = await service.check();
      return reply.status(report.status === 'ok' ? 200 : 503).send(report);
    },
  );
};
