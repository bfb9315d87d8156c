import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminSupportListQuery,
  AdminSupportReplyRequest,
  AdminSupportTicketDetail,
  AdminSupportTicketListResponse,
  AdminSupportTicketUpdate,
  ErrorBody,
  IdParams,
} from '@parallax/contract';
import { requireAdmin, userOf } from '../../infra/auth/principal';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const tags = ['support'];
const WRITE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** /admin/support: the inbox (admins only; 403 with the spec's text for anyone else). */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.support;
  app.addHook('preValidation', requireAdmin);

  app.get(
    '/admin/support/tickets',
    {
      schema: {
        tags,
        summary: 'Tickets by status and category, searched by subject or email',
        querystring: AdminSupportListQuery,
        response: { 200: AdminSupportTicketListResponse, ...errors },
      },
    },
    async (request) => service.inbox(request.query),
  );

  app.get(
    '/admin/support/tickets/:id',
    {
      schema: {
        tags,
        summary: 'A ticket with internal notes and its user (plan, account, recent errors)',
        params: IdParams,
        response: { 200: AdminSupportTicketDetail, ...errors },
      },
    },
    async (request) => service.showForAdmin(request.params.id),
  );

  app.post(
    '/admin/support/tickets/:id/replies',
    {
      config: WRITE_LIMIT,
      schema: {
        tags,
        summary: 'Reply (mails the user, waits on them) or add an internal note',
        params: IdParams,
        body: AdminSupportReplyRequest,
        response: { 200: AdminSupportTicketDetail, ...errors },
      },
    },
    async (request) =>
      service.replyAsAdmin(userOf(request).userId, request.params.id, request.body),
  );

  app.patch(
    '/admin/support/tickets/:id',
    {
      config: WRITE_LIMIT,
      schema: {
        tags,
        summary: 'Assign to an admin (null: unassign) or set the status',
        params: IdParams,
        body: AdminSupportTicketUpdate,
        response: { 200: AdminSupportTicketDetail, ...errors },
      },
    },
    async (request) => service.updateAsAdmin(request.params.id, request.body),
  );
};
