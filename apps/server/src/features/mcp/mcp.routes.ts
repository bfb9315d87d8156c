import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateUserMcpServerRequest,
  ErrorBody,
  GetMcpPromptRequest,
  IdParams,
  McpComposerText,
  McpServersResponse,
  ReadMcpResourceRequest,
  McpServerView,
  StartMcpOAuthRequest,
  StartMcpOAuthResponse,
  ToolApprovalParams,
  ToolApprovalRequest,
  ToolApprovalResponse,
  UpdateMcpToolPoliciesRequest,
  UpdateUserMcpServerRequest,
} from '@parallax/contract';
import { z } from 'zod';
import { chatOwnerOf, ownerKey } from '../../infra/auth/chat-owner';
import { requireUser, requireUserOrVisitor } from '../../infra/auth/principal';
import { AppError } from '../../infra/errors';

const errors = {
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
const tags = ['mcp'];
const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Settings → Tools (MCP servers a user sees and adds) and the answer to a waiting call. */
export const mcpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mcp/servers',
    {
      onRequest: requireUserOrVisitor,
      schema: {
        tags,
        summary: 'The MCP servers the caller may turn on in a chat, with health and tools',
        response: { 200: McpServersResponse, ...errors },
      },
    },
    (request) => app.mcp.list(chatOwnerOf(request)),
  );

  app.post(
    '/mcp/servers',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Add your own server (Streamable HTTP, public https address; plan permitting)',
        body: CreateUserMcpServerRequest,
        response: { 201: McpServerView, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await app.mcp.createOwn(chatOwnerOf(request), request.body)),
  );

  app.patch(
    '/mcp/servers/:id',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Change your own server',
        params: IdParams,
        body: UpdateUserMcpServerRequest,
        response: { 200: McpServerView, ...errors },
      },
    },
    (request) => app.mcp.updateOwn(chatOwnerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/mcp/servers/:id',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Remove your own server',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await app.mcp.deleteOwn(chatOwnerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/mcp/servers/:id/refresh',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Reconnect now and list again',
        params: IdParams,
        response: { 200: McpServerView, ...errors },
      },
    },
    (request) => app.mcp.one(chatOwnerOf(request), request.params.id, true),
  );

  app.post(
    '/mcp/servers/:id/prompts/get',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'A prompt the server lists, filled with its arguments, as the composer’s text',
        params: IdParams,
        body: GetMcpPromptRequest,
        response: { 200: McpComposerText, ...errors, 503: ErrorBody },
      },
    },
    (request) => app.mcp.promptText(chatOwnerOf(request), request.params.id, request.body),
  );

  app.post(
    '/mcp/servers/:id/resources/read',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'A resource the server lists, framed as untrusted context for the composer',
        params: IdParams,
        body: ReadMcpResourceRequest,
        response: { 200: McpComposerText, ...errors, 503: ErrorBody },
      },
    },
    (request) => app.mcp.resourceText(chatOwnerOf(request), request.params.id, request.body.uri),
  );

  app.put(
    '/mcp/servers/:id/policies',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Your own approval policy per tool of a server you see',
        params: IdParams,
        body: UpdateMcpToolPoliciesRequest,
        response: { 200: McpServerView, ...errors },
      },
    },
    (request) =>
      app.mcp.setOwnPolicies(chatOwnerOf(request), request.params.id, request.body.policies),
  );

  app.post(
    '/mcp/servers/:id/oauth/start',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Sign in to an OAuth server with your own account: the page to open',
        params: IdParams,
        body: StartMcpOAuthRequest,
        response: { 200: StartMcpOAuthResponse, ...errors, 503: ErrorBody },
      },
    },
    async (request) => ({
      authorization_url: await app.mcp.startOAuth(
        chatOwnerOf(request),
        request.params.id,
        request.body.return_to ?? '/settings',
      ),
    }),
  );

  app.get(
    '/mcp/oauth/callback',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Where the server’s authorization page sends the browser back (state-bound)',
        querystring: z.object({
          code: z.string().max(4_096).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => reply.redirect(await app.mcp.finishOAuth(request.query), 302),
  );

  app.delete(
    '/mcp/servers/:id/oauth',
    {
      onRequest: requireUser,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Sign out of an OAuth server (your tokens are deleted)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await app.mcp.signOut(chatOwnerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/chat/messages/:messageId/tool-calls/:callId/approval',
    {
      onRequest: requireUserOrVisitor,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Allow, deny or always allow a tool call that waits for you',
        params: ToolApprovalParams,
        body: ToolApprovalRequest,
        response: { 200: ToolApprovalResponse, ...errors },
      },
    },
    async (request) => {
      const owner = chatOwnerOf(request);
      const { messageId, callId } = request.params;
      const { decision } = request.body;
      const waiting = await app.mcpRepository.approval(messageId, callId);
      if (!waiting || waiting.owner_key !== ownerKey(owner))
        throw new AppError('not_found', 'No tool call of yours waits for approval there.');
      if (!(await app.mcpApprovals.answer(ownerKey(owner), messageId, callId, decision)))
        throw new AppError('not_found', 'No tool call of yours waits for approval there.');
      if (decision === 'always')
        await app.mcp.allowAlways(owner, waiting.server_id, waiting.tool_name);
      return { message_id: messageId, call_id: callId, decision };
    },
  );
};
