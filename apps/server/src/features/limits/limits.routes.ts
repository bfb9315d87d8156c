import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckLimitsRequest,
  ErrorBody,
  LimitsResponse,
  RemainingMessagesResponse,
} from '@parallax/contract';
import { requireUserOrVisitor } from '../../infra/auth/principal';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import type { LimitState } from './limits.service';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** The allowance as both limit routes answer it. */
function allowanceView(state: LimitState): RemainingMessagesResponse {
  return {
    remaining_messages: state.remaining,
    daily_limit: state.dailyLimit,
    is_authenticated: state.isAuthenticated,
    resets_at: state.resetsAt?.toISOString() ?? null,
    free_daily_limit: state.freeDailyLimit,
  };
}
const tags = ['limits'];

/** Spec §7: remaining-messages and check-limits (the client asks before it sends). */
export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserOrVisitor);

  app.get(
    '/chat/remaining-messages',
    {
      schema: {
        tags,
        summary: "Today's remaining messages",
        response: { 200: RemainingMessagesResponse, ...errors },
      },
    },
    async (request) => {
      return allowanceView(await app.limits.state(chatOwnerOf(request)));
    },
  );

  app.post(
    '/chat/check-limits',
    {
      schema: {
        tags,
        summary: 'May the caller send now?',
        body: CheckLimitsRequest,
        response: { 200: LimitsResponse, ...errors },
      },
    },
    async (request) => {
      const owner = chatOwnerOf(request);
      if (request.body.conversation_id)
        await app.conversations.get(owner, request.body.conversation_id);
      const state = await app.limits.state(owner);
      // An unknown or unavailable model cannot be sent to either.
      const usable = await app.models.resolve(request.body.model).then(
        (model) =>
          model.info.provider === request.body.provider &&
          app.limits.assertModelAllowed(owner, model.info).then(
            () => true,
            () => false,
          ),
        () => false,
      );
      return {
        can_send_message: usable && (state.remaining === null || state.remaining > 0),
        ...allowanceView(state),
      };
    },
  );
};
