import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, MessageResponse, SendMessageRequest } from '@parallax/contract';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { requireUserOrVisitor } from '../../infra/auth/principal';
import { describeValidationIssues } from '../../infra/error-handler';
import { AppError } from '../../infra/errors';
import { MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE } from '../attachments';
import { liveConnectionOf } from '../../realtime/live-connection';

const tags = ['messages'];
const FILE_FIELDS = new Set(['files[]', 'files']);
const MAX_FIELD_BYTES = 64 * 1024;

/** Multipart text fields are strings: booleans and nulls arrive spelled out. */
function fieldValue(name: string, value: string): unknown {
  if (name === 'include_conversation_history') return value !== 'false' && value !== '0';
  if (value === '' || value === 'null') return name === 'message' ? value : null;
  return value;
}

/** POST /chat/messages/upload: a send with files (stored by the attachments feature). */
export const chatUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES_PER_MESSAGE,
      fieldSize: MAX_FIELD_BYTES,
      fields: 20,
    },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', requireUserOrVisitor);

  app.post(
    '/chat/messages/upload',
    {
      bodyLimit: MAX_FILE_BYTES * MAX_FILES_PER_MESSAGE + MAX_FIELD_BYTES,
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
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send files as multipart/form-data.');
      const owner = chatOwnerOf(request);
      const fields: Record<string, unknown> = {};
      const files: { filename: string; data: Buffer }[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (!FILE_FIELDS.has(part.fieldname))
              throw new AppError(
                'validation_error',
                `${part.fieldname}: unexpected file field (use files[]).`,
              );
            files.push({ filename: part.filename, data: await part.toBuffer() });
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = fieldValue(part.fieldname, part.value);
          }
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof app.multipartErrors.RequestFileTooLargeError)
          throw new AppError('payload_too_large', 'A file is larger than 10 MB.');
        if (error instanceof app.multipartErrors.FilesLimitError)
          throw new AppError(
            'payload_too_large',
            `At most ${MAX_FILES_PER_MESSAGE} files per message.`,
          );
        throw new AppError('bad_request', 'The upload could not be read.');
      }
      const parsed = SendMessageRequest.safeParse(fields);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          instancePath: `/${i.path.join('/')}`,
          message: i.message,
        }));
        throw new AppError('validation_error', describeValidationIssues('body', issues));
      }
      // Whatever would refuse the send refuses it before any file is kept.
      await app.chat.sends.check(parsed.data, owner);
      const liveConnectionId = await liveConnectionOf(request, owner);
      const ids = (await app.attachments.saveAll(owner, files)).map((row) => row.id);
      try {
        return await app.chat.sends.send(parsed.data, {
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
