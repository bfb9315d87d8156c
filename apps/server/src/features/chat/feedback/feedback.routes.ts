import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClearFeedbackResponse,
  ErrorBody,
  FeedbackParams,
  MessageFeedback,
  SetFeedbackRequest,
} from '@parallax/contract';
import { requireUserOrVisitor } from '../../../infra/auth/principal';
import { chatOwnerOf } from '../../../infra/auth/chat-owner';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['messages'];

/** Thumbs up / down on an answer: set (or change) and remove; the turn's owner only. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feedback } = app.chat;
  app.addHook('onRequest', requireUserOrVisitor);

  app.put(
    '/chat/messages/:id/feedback',
    {
      schema: {
        tags,
        summary: 'Rate an answer (one rating per answer; a thumbs-down may say why)',
        params: FeedbackParams,
        body: SetFeedbackRequest,
        response: { 200: MessageFeedback, ...errors },
      },
    },
    (request) => feedback.set(chatOwnerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/chat/messages/:id/feedback',
    {
      schema: {
        tags,
        summary: "Remove an answer's rating",
        params: FeedbackParams,
        response: { 200: ClearFeedbackResponse, ...errors },
      },
    },
    async (request) => ({
      deleted: await feedback.clear(chatOwnerOf(request), request.params.id),
    }),
  );
};
