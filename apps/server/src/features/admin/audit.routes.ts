import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditListQuery, AuditListResponse, ErrorBody } from '@parallax/contract';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };
const tags = ['admin'];

/** /admin/audit: the admin actions log, newest first (admins only, see admin.plugin.ts). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Admin actions with filters: actor email, action prefix, target, time range',
        querystring: AuditListQuery,
        response: { 200: AuditListResponse, ...errors },
      },
    },
    (request) => app.audit.list(request.query),
  );
};
