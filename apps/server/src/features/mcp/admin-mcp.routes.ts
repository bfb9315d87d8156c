import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMcpResponse,
  AdminMcpServer,
  CreateAdminMcpServerRequest,
  ErrorBody,
  IdParams,
  UpdateAdminMcpServerRequest,
  UpdateMcpPlansRequest,
  UpdateMcpSettingsRequest,
} from '@parallax/contract';
import { z } from 'zod';
import { noteAudit } from '../../infra/audit-note';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['admin'];
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** /admin/mcp: AI management → MCP (admins only and audited, see admin.plugin.ts). */
export const adminMcpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/mcp',
    {
      schema: {
        tags,
        summary: 'MCP servers (admin and config), their health and tools, and plans’ access',
        response: { 200: AdminMcpResponse, ...errors },
      },
    },
    () => app.mcp.admin.list(),
  );

  app.post(
    '/admin/mcp/servers',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Add a server (URL checked against SSRF, secrets sealed); connects to list it',
        body: CreateAdminMcpServerRequest,
        response: { 201: AdminMcpServer, ...errors },
      },
    },
    async (request, reply) => {
      const after = await app.mcp.admin.create(request.body);
      noteAudit(request, {
        action: 'mcp.server_add',
        targetType: 'mcp_server',
        targetId: after.id,
        after,
      });
      return reply.code(201).send(after);
    },
  );

  app.patch(
    '/admin/mcp/servers/:id',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Change a server: title, URL, transport, credentials, enabled, tool policies',
        params: IdParams,
        body: UpdateAdminMcpServerRequest,
        response: { 200: AdminMcpServer, ...errors },
      },
    },
    async (request) => {
      const before = await app.mcp.admin.one(request.params.id);
      const after = await app.mcp.admin.update(request.params.id, request.body);
      noteAudit(request, {
        action: 'mcp.server_update',
        targetType: 'mcp_server',
        targetId: after.id,
        before,
        after,
      });
      return after;
    },
  );

  app.delete(
    '/admin/mcp/servers/:id',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Remove a server',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await app.mcp.admin.delete(request.params.id);
      noteAudit(request, {
        action: 'mcp.server_remove',
        targetType: 'mcp_server',
        targetId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/mcp/servers/:id/refresh',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Reconnect now (skipping the back-off) and list again',
        params: IdParams,
        response: { 200: AdminMcpServer, ...errors },
      },
    },
    (request) => app.mcp.admin.refresh(request.params.id),
  );

  app.patch(
    '/admin/mcp/plans',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Which plans’ users may add their own MCP servers',
        body: UpdateMcpPlansRequest,
        response: { 200: AdminMcpResponse, ...errors },
      },
    },
    async (request) => {
      const after = await app.mcp.admin.setPlans(request.body.plans);
      noteAudit(request, {
        action: 'mcp.plans_update',
        targetType: 'mcp',
        targetId: null,
        after: request.body,
      });
      return after;
    },
  );

  app.patch(
    '/admin/mcp/settings',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Whether users’ servers may use private addresses (never link-local/metadata)',
        body: UpdateMcpSettingsRequest,
        response: { 200: AdminMcpResponse, ...errors },
      },
    },
    async (request) => {
      const after = await app.mcp.admin.setUserServersPrivate(request.body.user_servers_private);
      noteAudit(request, {
        action: 'mcp.settings_update',
        targetType: 'mcp',
        targetId: null,
        after: request.body,
      });
      return after;
    },
  );
};
