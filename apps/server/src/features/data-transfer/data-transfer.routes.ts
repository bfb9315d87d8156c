import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConversationExportQuery,
  DATA_TRANSFER_LIMITS,
  ErrorBody,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  IdParams,
  ImportResponse,
} from '@parallax/contract';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { requireUser, requireUserOrVisitor, userOf } from '../../infra/auth/principal';
import { AppError } from '../../infra/errors';
import { exportFileName, toMarkdown } from './conversation-export';
import { ExportService } from './export.service';
import { ImportService } from './import.service';

const tags = ['export and import'];
const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const MAX_MB = DATA_TRANSFER_LIMITS.importMaxBytes / 1024 / 1024;

/** Download a chat (Markdown or JSON), the whole account (zip), and import an export file. */
export const dataTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const exports = new ExportService({
    conversations: app.conversations,
    history: app.chat.queries,
    projects: app.projects,
    attachments: app.attachments,
    knowledge: app.knowledge,
  });
  const imports = new ImportService(app.db, app.knowledge, {
    conversations: app.conversations,
    turns: app.chat.records,
  });
  const uploadLimits = {
    limits: { fileSize: DATA_TRANSFER_LIMITS.importMaxBytes, files: 1, fields: 0 },
    throwFileSizeLimit: true,
  };
  await app.register(fastifyMultipart, uploadLimits);

  app.get(
    '/chat/conversations/:id/export',
    {
      onRequest: requireUserOrVisitor,
      schema: {
        tags,
        summary: 'Download one conversation as Markdown or JSON',
        params: IdParams,
        querystring: ConversationExportQuery,
      },
    },
    async (request, reply) => {
      const conversation = await exports.conversation(chatOwnerOf(request), request.params.id);
      const markdown = request.query.format === 'markdown';
      const name = exportFileName(conversation.title, markdown ? 'md' : 'json');
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .type(markdown ? 'text/markdown; charset=utf-8' : 'application/json; charset=utf-8')
        .send(
          markdown
            ? toMarkdown(conversation)
            : JSON.stringify(
                {
                  format: EXPORT_FORMAT,
                  version: EXPORT_VERSION,
                  exported_at: new Date().toISOString(),
                  projects: [],
                  conversations: [conversation],
                },
                null,
                2,
              ),
        );
    },
  );

  app.get(
    '/users/me/export',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Download all of the account's data as a zip",
      },
    },
    async (request, reply) => {
      const zip = await exports.account(userOf(request).userId);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="parallax-export-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .type('application/zip')
        .send(zip);
    },
  );

  app.post(
    '/users/me/import',
    {
      onRequest: requireUser,
      bodyLimit: DATA_TRANSFER_LIMITS.importMaxBytes + 64 * 1024,
      schema: {
        tags,
        summary: "Import a Parallax export or ChatGPT's conversations.json (multipart: file)",
        consumes: ['multipart/form-data'],
        response: {
          200: ImportResponse,
          400: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          ...errors,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data.');
      const tooLarge = new AppError('payload_too_large', `file: larger than ${MAX_MB} MB.`);
      let data: Buffer | undefined;
      try {
        const part = await request.file(uploadLimits);
        data = await part?.toBuffer();
        if (part?.file.truncated) throw tooLarge;
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge;
        throw error;
      }
      if (!data) throw new AppError('validation_error', 'file: choose a file to import.');
      return imports.import(userOf(request).userId, data);
    },
  );
};
