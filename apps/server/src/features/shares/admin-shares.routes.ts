import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminShareListResponse, ErrorBody, IdParams, OkResponse } from '@parallax/contract';
import { noteAudit } from '../../infra/audit-note';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['admin'];

/** /admin/shares: every link, and removing any of them (admins only, see admin.plugin.ts). */
export const adminSharesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/shares',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Every shared link, latest first',
        response: { 200: AdminShareListResponse, ...errors },
      },
    },
    async () => ({ shares: await app.shares.adminList() }),
  );

  app.delete(
    '/admin/shares/:id',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Remove any shared link',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await app.shares.adminDelete(request.params.id);
      noteAudit(request, {
        action: 'share.delete',
        targetType: 'share',
        targetId: request.params.id,
      });
      return { ok: true as const };
    },
  );
};
