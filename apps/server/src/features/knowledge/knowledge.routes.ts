import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeleteKnowledgeFileResponse,
  ErrorBody,
  IdParams,
  KNOWLEDGE_LIMITS,
  KnowledgeFileListResponse,
  KnowledgeFileParams,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { AppError } from '../../infra/errors';
import type { UploadedFile } from './knowledge.service';

const tags = ['projects'];
const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const FILE_FIELDS = new Set(['files[]', 'files']);
const MAX_MB = KNOWLEDGE_LIMITS.maxFileBytes / (1024 * 1024);

/** A project's knowledge files. Projects need an account: visitors get 401, strangers 404. */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: KNOWLEDGE_LIMITS.maxFileBytes,
      files: KNOWLEDGE_LIMITS.maxFilesPerProject,
      fields: 5,
    },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', requireUser);
  const service = app.knowledge;

  app.get(
    '/projects/:id/files',
    {
      schema: {
        tags,
        summary: "A project's knowledge files with their indexing state, oldest first",
        params: IdParams,
        response: { 200: KnowledgeFileListResponse, ...errors },
      },
    },
    async (request) => ({
      files: await service.list(userOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/projects/:id/files',
    {
      bodyLimit: KNOWLEDGE_LIMITS.maxFileBytes * KNOWLEDGE_LIMITS.maxFilesPerProject + 64 * 1024,
      schema: {
        tags,
        summary: `Add knowledge files (multipart files[]; text or PDF, ≤ ${MAX_MB} MB each, ${KNOWLEDGE_LIMITS.maxFilesPerProject} per project); they are indexed in the background`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: {
          201: KnowledgeFileListResponse,
          400: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send files as multipart/form-data.');
      const { userId } = userOf(request);
      // Ownership first: a stranger learns nothing from how the upload would have gone.
      await app.projects.assertOwned({ kind: 'user', id: userId }, request.params.id);
      const files = await readFiles(request.parts(), app.multipartErrors);
      const added = await service.upload(userId, request.params.id, files);
      return reply.status(201).send({ files: added });
    },
  );

  app.delete(
    '/projects/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Delete a knowledge file and its chunks',
        params: KnowledgeFileParams,
        response: { 200: DeleteKnowledgeFileResponse, ...errors },
      },
    },
    async (request) => {
      await service.delete(userOf(request).userId, request.params.id, request.params.fileId);
      return { ok: true as const };
    },
  );
};

type MultipartParts = ReturnType<FastifyRequest['parts']>;
type MultipartErrors = FastifyInstance['multipartErrors'];

/** Every file of the upload in memory, or the first reason to refuse it, naming the field. */
async function readFiles(parts: MultipartParts, multipartErrors: MultipartErrors) {
  const files: UploadedFile[] = [];
  let current = '';
  try {
    for await (const part of parts) {
      if (part.type !== 'file')
        throw new AppError(
          'validation_error',
          `${part.fieldname}: unexpected field (send files[] only).`,
        );
      if (!FILE_FIELDS.has(part.fieldname))
        throw new AppError(
          'validation_error',
          `${part.fieldname}: unexpected file field (use files[]).`,
        );
      current = part.filename;
      files.push({ filename: part.filename, data: await part.toBuffer() });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof multipartErrors.RequestFileTooLargeError)
      throw new AppError(
        'payload_too_large',
        `files: ${current || 'a file'} is larger than ${MAX_MB} MB.`,
      );
    if (error instanceof multipartErrors.FilesLimitError)
      throw new AppError(
        'validation_error',
        `files: a project holds at most ${KNOWLEDGE_LIMITS.maxFilesPerProject} files.`,
      );
    throw new AppError('bad_request', 'The upload could not be read.');
  }
  return files;
}
