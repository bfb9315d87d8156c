import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailableToolsResponse, ErrorBody } from '@parallax/contract';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { requireUserOrVisitor } from '../../infra/auth/principal';

/** GET /tools/available: what the composer's Web search toggle may offer the caller. */
export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tools/available',
    {
      onRequest: requireUserOrVisitor,
      schema: {
        tags: ['tools'],
        summary: "The built-in tools the caller's chats may use (search set up, the plan allows)",
        response: { 200: AvailableToolsResponse, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      // Asked as a turn with the toggle on would ask: the same rules decide both.
      const tools = await app.tools.toolsFor({
        owner: chatOwnerOf(request),
        webSearch: true,
        vault: false,
      });
      const names = new Set(tools.map((tool) => tool.spec.name));
      return { web_search: names.has('web_search'), read_page: names.has('read_page') };
    },
  );
};
