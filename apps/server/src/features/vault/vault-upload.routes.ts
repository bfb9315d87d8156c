import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, VaultSendRequest, VaultSendResponse } from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { readMultipartSend } from '../../infra/multipart-send';
import { liveConnectionOf } from '../../realtime/live-connection';
import { checkFiles, MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE } from '../attachments';
import { vaultSender } from './vault-chats.routes';
import { requireOpenVault } from './vault.plugin';

const MAX_FIELD_BYTES = 64 * 1024;

/**
 * POST /vault/chats/messages/upload: a vault turn with files, under the chat's file rules (the
 * same sizes, count and types). The files are sealed before they are written anywhere.
 */
export const vaultUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES_PER_MESSAGE,
      fieldSize: MAX_FIELD_BYTES,
      fields: 20,
    },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', requireUser);
  const sender = vaultSender(app);

  app.post(
    '/vault/chats/messages/upload',
    {
      bodyLimit: MAX_FILE_BYTES * MAX_FILES_PER_MESSAGE + MAX_FIELD_BYTES,
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
      const { body, files } = await readMultipartSend(request, VaultSendRequest, {
        maxFiles: MAX_FILES_PER_MESSAGE,
      });
      const checked = checkFiles(files);
      return sender.send(userId, open.key, body, {
        liveConnectionId: await liveConnectionOf(request, { kind: 'user', id: userId }),
        files: checked.map((f) => ({ name: f.name, contentType: f.contentType, data: f.data })),
      });
    },
  );
};
