import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDashboard, ErrorBody } from '@parallax/contract';

/** /admin/dashboard: the figures of the /admin landing page (admins only, see admin.plugin.ts). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.adminDashboard;
  app.get(
    '/admin/dashboard',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Users, messages, live streams, errors, MRR, and 30 days of daily figures',
        response: { 200: AdminDashboard, 401: ErrorBody, 403: ErrorBody },
      },
    },
    () => service.figures(),
  );
};
