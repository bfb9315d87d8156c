import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminUserDetail,
  AdminUserListQuery,
  AdminUserListResponse,
  ErrorBody,
  IdParams,
  OkResponse,
  UpdateAdminUserRequest,
} from '@parallax/contract';
import { userOf } from '../../infra/auth/principal';
import { buildAuthServices } from '../auth';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { noteAudit } from './audit.service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['admin'];
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** /admin/users: accounts, their role and state (admins only, see admin.plugin.ts). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = buildAuthServices(app);
  const service = new AdminUsersService(
    new AdminUsersRepository(app.db),
    (id) => auth.resendCodeFor(id),
    (id) => app.realtime.signOut({ kind: 'user', id }),
    app.chat.stats,
  );

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary:
          'Accounts, newest first: search by email, filter by role, plan, verified, disabled',
        querystring: AdminUserListQuery,
        response: { 200: AdminUserListResponse, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: "An account's plan, usage, sessions and last activity",
        params: IdParams,
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    (request) => service.detail(request.params.id),
  );

  app.patch(
    '/admin/users/:id',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Grant or revoke admin; disable (ends every session at once) or enable',
        params: IdParams,
        body: UpdateAdminUserRequest,
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    async (request) => {
      const actor = userOf(request).userId;
      const before = await service.detail(request.params.id);
      const after = await service.update(actor, request.params.id, request.body);
      const action =
        request.body.disabled !== undefined && request.body.disabled !== before.disabled
          ? after.disabled
            ? 'user.disable'
            : 'user.enable'
          : request.body.role !== undefined && request.body.role !== before.role
            ? after.role === 'admin'
              ? 'user.grant_admin'
              : 'user.revoke_admin'
            : 'user.update';
      const snapshot = (u: AdminUserDetail) => ({
        role: u.role,
        disabled: u.disabled,
        email: u.email,
      });
      noteAudit(request, {
        action,
        targetType: 'user',
        targetId: after.id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return after;
    },
  );

  app.post(
    '/admin/users/:id/resend-verification',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Mail a new verification code to an unverified account',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.resendVerification(request.params.id);
      noteAudit(request, {
        action: 'user.resend_verification',
        targetType: 'user',
        targetId: request.params.id,
      });
      return { ok: true as const };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Delete an account and everything it owns',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const deleted = await service.delete(userOf(request).userId, request.params.id);
      noteAudit(request, {
        action: 'user.delete',
        targetType: 'user',
        targetId: deleted.id,
        before: { email: deleted.email, role: deleted.role, plan_id: deleted.plan_id },
      });
      return { ok: true as const };
    },
  );
};
