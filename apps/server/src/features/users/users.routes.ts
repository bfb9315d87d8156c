import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, OkResponse, UpdateProfileRequest, User } from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';

const errors = { 400: ErrorBody, 401: ErrorBody, 422: ErrorBody, 429: ErrorBody };

/** Spec §7 "Users": the signed-in user's own account. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.users;
  app.addHook('onRequest', requireUser);

  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: User, ...errors },
      },
    },
    async (request) => service.getMe(userOf(request).userId),
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Update name, avatar or preferences',
        body: UpdateProfileRequest,
        response: { 200: User, ...errors },
      },
    },
    async (request) => service.updateMe(userOf(request).userId, request.body),
  );

  app.delete(
    '/users/me',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Delete the account and everything it owns',
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteMe(userOf(request).userId);
      return { ok: true } as const;
    },
  );
};
