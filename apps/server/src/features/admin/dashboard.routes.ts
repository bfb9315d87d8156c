import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDashboard, ErrorBody } from '@parallax/contract';
import { AdminSubscriptionsService } from '../billing';
import { AdminReportsRepository } from './admin-reports.repository';
import { DashboardService } from './dashboard.service';

/** /admin/dashboard: the figures of the /admin landing page (admins only, see admin.plugin.ts). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptions = new AdminSubscriptionsService(app.billing, app.config.stripe.graceDays);
  const service = new DashboardService(
    new AdminReportsRepository(app.db),
    () => subscriptions.figures(),
    app.chat.stats,
  );
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
