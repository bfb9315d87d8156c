import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ModelsResponse } from '@parallax/contract';

export const modelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      schema: {
        tags: ['models'],
        summary: 'Models the caller may pick, with availability, context window and price',
        response: { 200: ModelsResponse, 500: ErrorBody },
      },
    },
    async () => ({ models: await app.models.list() }),
  );
};
