import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  Id,
  IdParams,
  MoveToVaultRequest,
  OkResponse,
  CancelResponse,
  VaultCancelRequest,
  VaultChatDetail,
  VaultChatsResponse,
  VaultSendRequest,
  VaultSendResponse,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { liveConnectionOf } from '../../realtime/live-connection';
import { messageLog } from '../../realtime/stream-envelope';
import { VaultChatsRepository } from './vault-chats.repository';
import { VaultChatsService } from './vault-chats.service';
import { VaultSendService } from './vault-send.service';
import { requireOpenVault } from './vault.plugin';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  423: ErrorBody,
};
const tags = ['vault'];
const FileParams = z.object({ id: Id, attachmentId: Id });

/** The vault's sender: its turns are answered by the chat feature's generations. */
export function vaultSender(app: FastifyInstance): VaultSendService {
  return new VaultSendService({
    chats: new VaultChatsRepository(app.db),
    models: app.models,
    limits: app.limits,
    attachments: app.attachments,
    chat: app.chat,
    bus: app.bus,
    log: app.log,
  });
}

/** Chats and comparisons kept in the open vault (423 while it is locked). */
export const vaultChatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new VaultChatsService(
    new VaultChatsRepository(app.db),
    app.attachments,
    async (messageIds) => {
      await Promise.all(messageIds.map((id) => app.bus.deleteLog(messageLog(id))));
    },
    app.log,
  );
  const sender = vaultSender(app);
  app.addHook('onRequest', requireUser);

  app.get(
    '/vault/chats',
    {
      schema: {
        tags,
        summary: 'The chats and comparisons in the vault, latest first',
        response: { 200: VaultChatsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      return { chats: await service.list(userOf(request).userId, open.key) };
    },
  );

  app.post(
    '/vault/chats',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Move one of the caller’s chats or comparisons into the vault',
        body: MoveToVaultRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      await service.moveIn(userOf(request).userId, open.key, request.body.conversation_id);
      return { ok: true as const };
    },
  );

  app.post(
    '/vault/chats/messages',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a turn in a vault chat (a new one without conversation_id); sealed at rest',
        body: VaultSendRequest,
        response: { 200: VaultSendResponse, ...errors, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      const { userId } = userOf(request);
      return sender.send(userId, open.key, request.body, {
        liveConnectionId: await liveConnectionOf(request, { kind: 'user', id: userId }),
        files: [],
      });
    },
  );

  app.post(
    '/vault/chats/cancel',
    {
      schema: {
        tags,
        summary: 'Stop the running answer of a vault chat (it keeps the text so far, sealed)',
        body: VaultCancelRequest,
        response: { 200: CancelResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireOpenVault(app, request, reply);
      const running = await sender.findRunning(userOf(request).userId, request.body.message_id);
      return app.chat.queries.stopAndWait([running]);
    },
  );

  app.get(
    '/vault/chats/:id',
    {
      schema: {
        tags,
        summary: 'A vault chat with its turns, opened',
        params: IdParams,
        response: { 200: VaultChatDetail, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      return service.get(userOf(request).userId, open.key, request.params.id);
    },
  );

  app.post(
    '/vault/chats/messages/:id/select',
    {
      schema: {
        tags,
        summary: 'Show this version of its turn in a vault chat (remembered for the chat)',
        params: IdParams,
        response: { 200: VaultChatDetail, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      return service.selectVersion(userOf(request).userId, open.key, request.params.id);
    },
  );

  app.post(
    '/vault/chats/:id/move-out',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Move a chat or comparison out of the vault, back among the caller’s chats',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      await service.moveOut(userOf(request).userId, open.key, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/vault/chats/:id/attachments/:attachmentId',
    { schema: { tags, summary: 'Download a file of a vault chat', params: FileParams } },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      const file = await service.file(
        userOf(request).userId,
        open.key,
        request.params.id,
        request.params.attachmentId,
      );
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${file.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
};
