import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, VaultSendRequest, VaultSendResponse } from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { liveConnectionOf } from '../../realtime/live-connection';
import { checkFiles } from '../attachments';
import { acceptSendUploads, readSendUpload, SEND_UPLOAD_BODY_LIMIT } from '../chat';
import { vaultSender } from './vault-chats.routes';
import { requireOpenVault } from './vault.plugin';

/**
 * POST /vault/chats/messages/upload: a vault turn with files, read as a chat's send with files
 * is (the same sizes, count and types). The files are sealed before they are written anywhere.
 */
export const vaultUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptSendUploads(app);
  app.addHook('onRequest', requireUser);
  const sender = vaultSender(app);

  app.post(
    '/vault/chats/messages/upload',
    {
      bodyLimit: SEND_UPLOAD_BODY_LIMIT,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['vault'],
        summary: 'Send a vault turn with files (multipart: the send fields plus files[])',
        consumes: ['multipart/form-data'],
        response: {
          200: VaultSendResponse,
          ...Object.fromEntries(
            [400, 401, 404, 409, 413, 415, 422, 423, 429].map((code) => [code, ErrorBody]),
          ),
        },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      const { userId } = userOf(request);
      const { body, files } = await readSendUpload(request, VaultSendRequest);
      return sender.send(userId, open.key, body, {
        liveConnectionId: await liveConnectionOf(request, { kind: 'user', id: userId }),
        files: checkFiles(files),
      });
    },
  );
};
