import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ModelFavouriteParams, ModelFavouritesResponse } from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { AppError } from '../../infra/errors';
import { ModelFavouritesRepository } from './model-favourites.repository';

/** The picker stars a model at a time; its own budget so a burst of stars never starves a send. */
const ROUTE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const tags = ['models'];
const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/**
 * An account's favourite models (guests keep theirs in the browser); a star names a model of
 * the registry's catalogue, enabled ones only.
 */
export const modelFavouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const favourites = new ModelFavouritesRepository(app.db);

  app.get(
    '/models/favourites',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The caller's starred models, newest first",
        response: { 200: ModelFavouritesResponse, ...errors },
      },
    },
    async (request) => {
      const [ids, catalogue] = await Promise.all([
        favourites.list(userOf(request).userId),
        app.models.catalogue(),
      ]);
      // A star on a model since disabled stays stored (it comes back if the model does).
      const listed = new Set(catalogue.models.map((model) => model.id));
      return { model_ids: ids.filter((id) => listed.has(id)) };
    },
  );

  app.put(
    '/models/favourites/:modelId',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Star a model',
        params: ModelFavouriteParams,
        response: { 200: ModelFavouritesResponse, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { modelId } = request.params;
      const { models } = await app.models.catalogue();
      if (!models.some((model) => model.id === modelId))
        throw new AppError('not_found', `Unknown model: ${modelId}`);
      await favourites.add(userId, modelId, new Date());
      return { model_ids: await favourites.list(userId) };
    },
  );

  app.delete(
    '/models/favourites/:modelId',
    {
      config: ROUTE_LIMIT,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Unstar a model',
        params: ModelFavouriteParams,
        response: { 200: ModelFavouritesResponse, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      await favourites.remove(userId, request.params.modelId);
      return { model_ids: await favourites.list(userId) };
    },
  );
};
