import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignProjectRequest,
  Conversation,
  ConversationListQuery,
  ConversationListResponse,
  CreateConversationRequest,
  ErrorBody,
  FavouriteRequest,
  IdParams,
  OkResponse,
  optionalBody,
  RecentConversationsQuery,
  RecentConversationsResponse,
  UpdateConversationRequest,
} from '@parallax/contract';
import { requireUserOrVisitor } from '../../infra/auth/principal';
import { chatOwnerOf } from '../../infra/auth/chat-owner';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['conversations'];
const BASE = '/chat/conversations';

/** Spec §7 "Conversations": a user's or a visitor's chats, each visible to its owner only. */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.conversations;
  app.addHook('onRequest', requireUserOrVisitor);

  // The spec writes the collection with a trailing slash; both spellings answer.
  for (const url of [`${BASE}/`, BASE]) {
    app.get(
      url,
      {
        config: { nulAsSpaceInQuery: ['search'] },
        schema: {
          tags,
          summary: 'List conversations',
          hide: url === BASE,
          querystring: ConversationListQuery,
          response: { 200: ConversationListResponse, ...errors },
        },
      },
      (request) => service.list(chatOwnerOf(request), request.query),
    );
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Create a conversation',
          hide: url === BASE,
          body: CreateConversationRequest,
          response: { 201: Conversation, ...errors },
        },
      },
      async (request, reply) => {
        const owner = chatOwnerOf(request);
        if (request.body.project_id)
          await service.assertProjectOwned(owner, request.body.project_id);
        return reply.status(201).send(await service.create(owner, request.body));
      },
    );
  }

  app.get(
    `${BASE}/recent`,
    {
      schema: {
        tags,
        summary: 'Most recent conversations',
        querystring: RecentConversationsQuery,
        response: { 200: RecentConversationsResponse, ...errors },
      },
    },
    async (request) => ({
      conversations: await service.recent(
        chatOwnerOf(request),
        request.query.limit,
        request.query.excludeComparisons,
      ),
    }),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'One conversation',
        params: IdParams,
        response: { 200: Conversation, ...errors },
      },
    },
    (request) => service.get(chatOwnerOf(request), request.params.id),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Rename a conversation',
        params: IdParams,
        body: UpdateConversationRequest,
        response: { 200: Conversation, ...errors },
      },
    },
    (request) => service.rename(chatOwnerOf(request), request.params.id, request.body.title),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a conversation and its messages',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.delete(chatOwnerOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    `${BASE}/:id/favourite`,
    {
      schema: {
        tags,
        summary: 'Set or toggle the favourite flag',
        params: IdParams,
        // An empty body (no JSON at all) toggles too.
        body: optionalBody(FavouriteRequest),
        response: { 200: Conversation, ...errors },
      },
    },
    (request) =>
      service.setFavourite(chatOwnerOf(request), request.params.id, request.body?.is_favourite),
  );

  app.put(
    `${BASE}/:id/project`,
    {
      schema: {
        tags,
        summary: 'Move a conversation into a project',
        params: IdParams,
        body: AssignProjectRequest,
        response: { 200: Conversation, ...errors },
      },
    },
    async (request) => {
      const owner = chatOwnerOf(request);
      // The chat first: a stranger's chat id is 404 whatever project it names.
      await service.get(owner, request.params.id);
      await service.assertProjectOwned(owner, request.body.project_id);
      return service.setProject(owner, request.params.id, request.body.project_id);
    },
  );

  app.delete(
    `${BASE}/:id/project`,
    {
      schema: {
        tags,
        summary: 'Take a conversation out of its project',
        params: IdParams,
        response: { 200: Conversation, ...errors },
      },
    },
    (request) => service.setProject(chatOwnerOf(request), request.params.id, null),
  );
};
