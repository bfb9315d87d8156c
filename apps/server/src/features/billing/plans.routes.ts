import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, PlanListResponse } from '@parallax/contract';

const tags = ['plans'];

/** GET /plans is public: /pricing shows it to visitors too. Editing is admin-plans.routes.ts. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.plans;

  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: "Active plans in display order, and the caller's current plan",
        response: { 200: PlanListResponse, 500: ErrorBody },
      },
    },
    (request) =>
      service.listPublic(request.principal?.kind === 'user' ? request.principal.userId : null),
  );
};
