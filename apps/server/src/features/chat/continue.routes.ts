import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContinueParams, ErrorBody, MessageResponse } from '@parallax/contract';
import { requireUserOrVisitor } from '../../infra/auth/principal';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { liveConnectionOf } from '../../realtime/live-connection';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};

/** Continue an answer that was stopped, cut short or broken off (the turn's owner only). */
export const continueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserOrVisitor);

  app.post(
    '/chat/messages/:id/continue',
    {
      schema: {
        tags: ['messages'],
        summary: 'Continue a stopped or cut answer (the same answer grows; spends one message)',
        params: ContinueParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const owner = chatOwnerOf(request);
      return app.chat.continues.continue(
        owner,
        request.params.id,
        await liveConnectionOf(request, owner),
      );
    },
  );
};
