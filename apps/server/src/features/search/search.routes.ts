import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, SearchQuery, SearchResponse } from '@parallax/contract';
import { requireUserOrVisitor } from '../../infra/auth/principal';
import { chatOwnerOf } from '../../infra/auth/chat-owner';

/**
 * A palette searches as a person types (debounced): 120 a minute is two a second, sustained,
 * well above typing and well below what would keep the database ranking for one client.
 */
export const SEARCH_REQUESTS_PER_MINUTE = 120;

/** GET /search: the caller's own history, ranked, as message-level hits. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserOrVisitor);
  app.get(
    '/search',
    {
      config: {
        rateLimit: { max: SEARCH_REQUESTS_PER_MINUTE, timeWindow: '1 minute' },
        nulAsSpaceInQuery: ['q'],
      },
      schema: {
        tags: ['search'],
        summary: 'Search your chats, answers and project knowledge',
        querystring: SearchQuery,
        response: { 200: SearchResponse, 401: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    (request) => app.searchIndex.search(chatOwnerOf(request), request.query),
  );
};
