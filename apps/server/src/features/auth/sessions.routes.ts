import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthSessionListResponse,
  AuthSessionParams,
  ErrorBody,
  OkResponse,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import type { SessionsService } from './sessions.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Settings' "sessions and devices": the account's signed-in sessions, and signing one out. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  app.get(
    '/auth/sessions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: "The account's signed-in sessions: device, browser, place, last active",
        response: { 200: AuthSessionListResponse, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      return { sessions: await sessions.listOf(user.userId, user.sessionId) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign one session out; its next call is refused',
        params: AuthSessionParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await sessions.revokeOwn(userOf(request).userId, request.params.id);
      return { ok: true } as const;
    },
  );
};
