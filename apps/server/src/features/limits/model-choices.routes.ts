import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ModelsResponse } from '@parallax/contract';
import { allowsModel } from '../billing';

/**
 * GET /models: the registry's models as this caller's plan lets them pick them. Here, above
 * billing, because plans name the registry's models (billing reads models, not the reverse).
 */
export const modelChoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      schema: {
        tags: ['models'],
        summary:
          'Models the caller may pick (unreachable ones for admins only, with the reason), with context window, input kinds and price',
        response: { 200: ModelsResponse, 500: ErrorBody },
      },
    },
    async (request) => {
      const principal = request.principal;
      const [{ models, defaultId }, plan] = await Promise.all([
        app.models.catalogue(),
        principal?.kind === 'user'
          ? app.plans.rulesForUser(principal.userId)
          : app.plans.freeRules(),
      ]);
      // A model this server cannot reach (no key, provider off) is no choice for a user: only
      // admins see it, with the reason, to fix it. One the plan leaves out stays listed, so
      // the picker can say where to get it.
      const isAdmin = principal?.kind === 'user' && principal.role === 'admin';
      const reachable = isAdmin ? models : models.filter((model) => model.available);
      const listed = reachable.map((model) =>
        !model.available || allowsModel(plan, model)
          ? model
          : {
              ...model,
              available: false,
              unavailable_reason: `Not included in the ${plan.planName} plan. See /pricing.`,
            },
      );
      // Only a default this caller can send to; otherwise the client's own fallback applies.
      const usableDefault = listed.find((model) => model.id === defaultId && model.available);
      return { models: listed, default_model: usableDefault?.id ?? null };
    },
  );
};
