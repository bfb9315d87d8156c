import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChatTitleSettings, ErrorBody, UpdateChatTitleSettingsRequest } from '@parallax/contract';
import { userOf } from '../../../infra/auth/principal';
import { noteAudit } from '../../../infra/audit-note';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };
const tags = ['admin'];

/** /admin/chat-titles: the model that names new chats, or none (admins only, admin.plugin.ts). */
export const chatTitlesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/chat-titles',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The model that writes new chats’ titles (null: their first words)',
        response: { 200: ChatTitleSettings, ...errors },
      },
    },
    async () => app.chat.titles.current(),
  );

  app.put(
    '/admin/chat-titles',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Choose the model that writes new chats’ titles, or turn it off (null)',
        body: UpdateChatTitleSettingsRequest,
        response: { 200: ChatTitleSettings, ...errors },
      },
    },
    async (request) => {
      const before = await app.chat.titles.current();
      const after = await app.chat.titles.update(request.body.model_id, userOf(request).userId);
      noteAudit(request, {
        action: 'chat_titles.update',
        targetType: 'chat_titles',
        targetId: null,
        before: { model_id: before.model_id },
        after: { model_id: after.model_id },
      });
      return after;
    },
  );
};
