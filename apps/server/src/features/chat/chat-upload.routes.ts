import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, MessageResponse, SendMessageRequest } from '@parallax/contract';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { requireUserOrVisitor } from '../../infra/auth/principal';
import { liveConnectionOf } from '../../realtime/live-connection';
import { acceptSendUploads, readSendUpload, SEND_UPLOAD_BODY_LIMIT } from './send-upload';

const tags = ['messages'];

/** POST /chat/messages/upload: a send with files (stored by the attachments feature). */
export const chatUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptSendUploads(app);
  app.addHook('onRequest', requireUserOrVisitor);

  app.post(
    '/chat/messages/upload',
    {
      bodyLimit: SEND_UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Send a message with files (multipart: the send fields plus files[])',
        consumes: ['multipart/form-data'],
        response: {
          200: MessageResponse,
          400: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const owner = chatOwnerOf(request);
      const { body, files } = await readSendUpload(request, SendMessageRequest);
      // Whatever would refuse the send refuses it before any file is kept.
      await app.chat.sends.check(body, owner);
      const liveConnectionId = await liveConnectionOf(request, owner);
      const ids = (await app.attachments.saveAll(owner, files)).map((row) => row.id);
      try {
        return await app.chat.sends.send(body, {
          owner,
          liveConnectionId,
          attachmentIds: ids,
        });
      } finally {
        // Files the send did not link (it failed, or repeated an earlier message) go at once.
        await app.attachments
          .discardUnlinked(owner, ids)
          .catch((error: unknown) => request.log.warn({ err: error }, 'discarding uploads failed'));
      }
    },
  );
};
