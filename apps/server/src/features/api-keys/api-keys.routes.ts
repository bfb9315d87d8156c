import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKey,
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreatedApiKey,
  ErrorBody,
  IdParams,
  RenameApiKeyRequest,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const tags = ['api-keys'];

/** The signed-in user's personal API keys (the public API itself is under /v1, see public-api/). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.apiKeys;
  app.addHook('onRequest', requireUser);

  app.get(
    '/api-keys',
    {
      schema: {
        tags,
        summary: 'The caller’s API keys with this month’s usage and a 30-day chart',
        response: { 200: ApiKeysResponse, ...errors },
      },
    },
    async (request) => ({
      keys: await service.list(userOf(request).userId),
    }),
  );

  app.post(
    '/api-keys',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Create a key; its secret is in this answer and never again',
        body: CreateApiKeyRequest,
        response: { 200: CreatedApiKey, ...errors },
      },
    },
    async (request) => service.create(userOf(request).userId, request.body),
  );

  app.patch(
    '/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Rename a key',
        params: IdParams,
        body: RenameApiKeyRequest,
        response: { 200: ApiKey, ...errors },
      },
    },
    async (request) => service.rename(userOf(request).userId, request.params.id, request.body.name),
  );

  app.post(
    '/api-keys/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a key: refused by every process from now on',
        params: IdParams,
        response: { 200: ApiKey, ...errors },
      },
    },
    async (request) => service.revoke(userOf(request).userId, request.params.id),
  );
};
