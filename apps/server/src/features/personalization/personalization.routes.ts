import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChatPersonalization,
  CreateMemoryRequest,
  ErrorBody,
  IdParams,
  Memory,
  MemoryListQuery,
  MemoryListResponse,
  OkResponse,
  Personalization,
  UpdateMemoryRequest,
  UpdatePersonalizationRequest,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';

const errors = { 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['personalization'];
const ROUTE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** Custom instructions and memory need an account: visitors get 401 on every route. */
export const personalizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.personalization;
  app.addHook('onRequest', requireUser);
  const owner = (userId: string) => ({ kind: 'user' as const, id: userId });

  app.get(
    '/personalization',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: "The caller's custom instructions and memory switch",
        response: { 200: Personalization, ...errors },
      },
    },
    (request) => service.get(userOf(request).userId),
  );

  app.patch(
    '/personalization',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Change custom instructions, their switch or "Use memory"',
        body: UpdatePersonalizationRequest,
        response: { 200: Personalization, ...errors },
      },
    },
    (request) => service.update(userOf(request).userId, request.body),
  );

  app.get(
    '/memories',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: "The caller's memories, newest first (or the one a turn saved)",
        querystring: MemoryListQuery,
        response: { 200: MemoryListResponse, ...errors },
      },
    },
    async (request) => ({
      memories: await service.memories(userOf(request).userId, request.query.source_message_id),
    }),
  );

  app.post(
    '/memories',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Save a memory',
        body: CreateMemoryRequest,
        response: { 201: Memory, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.remember(userOf(request).userId, request.body.text, null)),
  );

  app.patch(
    '/memories/:id',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Edit a memory',
        params: IdParams,
        body: UpdateMemoryRequest,
        response: { 200: Memory, ...errors },
      },
    },
    (request) => service.editMemory(userOf(request).userId, request.params.id, request.body.text),
  );

  app.delete(
    '/memories/:id',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Delete a memory',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.forget(userOf(request).userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/conversations/:id/personalization',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Whether a chat reads the custom instructions and memory',
        params: IdParams,
        response: { 200: ChatPersonalization, ...errors },
      },
    },
    async (request) => ({
      enabled: await service.chatEnabled(owner(userOf(request).userId), request.params.id),
    }),
  );

  app.put(
    '/conversations/:id/personalization',
    {
      config: ROUTE_LIMIT,
      schema: {
        tags,
        summary: 'Turn the custom instructions and memory on or off for one chat',
        params: IdParams,
        body: ChatPersonalization,
        response: { 200: ChatPersonalization, ...errors },
      },
    },
    async (request) => ({
      enabled: await service.setChatEnabled(
        owner(userOf(request).userId),
        request.params.id,
        request.body.enabled,
      ),
    }),
  );
};
