import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, HealthResponse } from '@parallax/contract';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.health;

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
