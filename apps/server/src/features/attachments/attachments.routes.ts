import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@parallax/contract';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { requireUserOrVisitor } from '../../infra/auth/principal';

const tags = ['messages'];

/** GET /chat/attachments/{id}: the owner's file, 404 for anyone else. */
export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserOrVisitor);

  app.get(
    '/chat/attachments/:id',
    { schema: { tags, summary: 'Download an attachment (owner only)', params: IdParams } },
    async (request, reply) => {
      const { row, data } = await app.attachments.open(chatOwnerOf(request), request.params.id);
      return reply
        .header('content-type', row.content_type)
        .header(
          'content-disposition',
          `attachment; filename="${row.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );
};
