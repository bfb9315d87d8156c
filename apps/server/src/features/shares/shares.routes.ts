import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContinueShareRequest,
  ContinueShareResponse,
  CreateShareRequest,
  ErrorBody,
  IdParams,
  OkResponse,
  optionalBody,
  Share,
  ShareListResponse,
  ShareLookupResponse,
  ShareSourceQuery,
  ShareTokenParams,
  UpdateShareRequest,
} from '@parallax/contract';
import { requireUser, requireUserOrVisitor, userOf } from '../../infra/auth/principal';
import { chatOwnerOf } from '../../infra/auth/chat-owner';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const tags = ['shares'];
const OWNER_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** /shares: a signed-in owner's links. */
const ownerRoutes: FastifyPluginAsyncZod = async (owned) => {
  const service = owned.shares;
  owned.addHook('onRequest', requireUser);

  owned.post(
    '/shares',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Share a chat or a comparison: a snapshot of its current branch, or the link's refresh",
        body: CreateShareRequest,
        response: { 200: Share, 201: Share, ...errors },
      },
    },
    async (request, reply) => {
      const { share, created } = await service.create(userOf(request).userId, request.body);
      return reply.status(created ? 201 : 200).send(share);
    },
  );

  owned.get(
    '/shares',
    {
      config: OWNER_LIMIT,
      schema: {
        tags,
        summary: 'My shared links',
        response: { 200: ShareListResponse, ...errors },
      },
    },
    async (request) => ({ shares: await service.list(userOf(request).userId) }),
  );

  owned.get(
    '/shares/lookup',
    {
      config: OWNER_LIMIT,
      schema: {
        tags,
        summary: 'The link of one chat or comparison, if it has one',
        querystring: ShareSourceQuery,
        response: { 200: ShareLookupResponse, ...errors },
      },
    },
    async (request) => ({
      share: await service.forSource(
        userOf(request).userId,
        request.query.kind,
        request.query.source_id,
      ),
    }),
  );

  owned.put(
    '/shares/:id',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Change a link's options and take its snapshot again",
        params: IdParams,
        body: UpdateShareRequest,
        response: { 200: Share, ...errors },
      },
    },
    (request) => service.update(userOf(request).userId, request.params.id, request.body),
  );

  owned.delete(
    '/shares/:id',
    {
      config: OWNER_LIMIT,
      schema: {
        tags,
        summary: 'Delete a link: it answers 404 at once',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.delete(userOf(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
};

/** /shares/{token}/continue: anyone holding a link, visitors too. */
const viewerRoutes: FastifyPluginAsyncZod = async (viewer) => {
  viewer.addHook('onRequest', requireUserOrVisitor);
  viewer.post(
    '/shares/:token/continue',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Copy a shared chat into my account as a new chat (visitors too)',
        params: ShareTokenParams,
        body: optionalBody(ContinueShareRequest),
        response: { 201: ContinueShareResponse, ...errors },
      },
    },
    async (request, reply) => {
      const id = await viewer.shares.continueAs(
        request.params.token,
        chatOwnerOf(request),
        request.body?.panel ?? 0,
      );
      return reply.status(201).send({ conversation_id: id });
    },
  );
};

export const sharesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ownerRoutes);
  await app.register(viewerRoutes);
};
