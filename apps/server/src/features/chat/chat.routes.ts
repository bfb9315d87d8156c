import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AllocateIdQuery,
  AllocateIdResponse,
  CancelParams,
  CancelRequest,
  CancelResponse,
  ClearVisitorMessagesResponse,
  ErrorBody,
  HistoryQuery,
  HistoryResponse,
  MESSAGES,
  MessageResponse,
  optionalBody,
  SelectVersionParams,
  SendMessageRequest,
} from '@parallax/contract';
import { requireUserOrVisitor } from '../../infra/auth/principal';
import { AppError } from '../../infra/errors';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { liveConnectionOf } from '../../realtime/live-connection';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const tags = ['messages'];

/** An empty text gets the spec's own words, not a generic validation message. */
async function refuseEmptyMessage(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim() === '')
      throw new AppError('validation_error', MESSAGES.messageEmpty);
  }
}

/** Spec §7 "Messages": allocate, send, history, cancel, clear; and choosing a turn's version. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { queries } = app.chat;
  app.addHook('onRequest', requireUserOrVisitor);

  app.post(
    '/chat/messages/allocate-id',
    {
      schema: {
        tags,
        summary: 'Allocate a message id',
        querystring: AllocateIdQuery,
        response: { 200: AllocateIdResponse, ...errors },
      },
    },
    async (request) => ({
      message_id: randomUUID(),
      // Recorded for the caller: their first send naming it creates the comparison.
      ...(request.query.allocate_comparison_id
        ? { comparison_id: await app.chat.comparisons.allocate(chatOwnerOf(request)) }
        : {}),
    }),
  );

  app.post(
    '/chat/messages',
    {
      preValidation: refuseEmptyMessage,
      schema: {
        tags,
        summary: 'Send a message (idempotent on message_id)',
        body: SendMessageRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const owner = chatOwnerOf(request);
      return app.chat.sends.send(request.body, {
        owner,
        liveConnectionId: await liveConnectionOf(request, owner),
      });
    },
  );

  app.get(
    '/chat/messages',
    {
      schema: {
        tags,
        summary: 'Message history, newest page first',
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, ...errors },
      },
    },
    (request) => queries.history(chatOwnerOf(request), request.query),
  );

  app.post(
    '/chat/messages/:id/select',
    {
      schema: {
        tags,
        summary: 'Show this version of its turn (remembered per conversation)',
        params: SelectVersionParams,
        response: { 200: HistoryResponse, ...errors },
      },
    },
    (request) => queries.selectVersion(chatOwnerOf(request), request.params.id),
  );

  app.post(
    '/chat/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel running answers',
        body: optionalBody(CancelRequest),
        response: { 200: CancelResponse, ...errors },
      },
    },
    (request) =>
      queries.cancel(chatOwnerOf(request), {
        messageId: request.body?.message_id,
        requestId: request.body?.request_id,
      }),
  );

  app.post(
    '/chat/cancel/:requestId',
    {
      schema: {
        tags,
        summary: 'Cancel one request',
        params: CancelParams,
        response: { 200: CancelResponse, ...errors },
      },
    },
    (request) => queries.cancel(chatOwnerOf(request), { requestId: request.params.requestId }),
  );

  app.post(
    '/chat/clear-visitor-messages',
    {
      schema: {
        tags,
        summary: "Delete the visitor's messages",
        response: { 200: ClearVisitorMessagesResponse, ...errors },
      },
    },
    async (request) => {
      const owner = chatOwnerOf(request);
      if (owner.kind !== 'visitor')
        throw new AppError('bad_request', 'Only visitors can clear visitor messages.');
      return { deleted: await queries.clearVisitor(owner.id) };
    },
  );
};
