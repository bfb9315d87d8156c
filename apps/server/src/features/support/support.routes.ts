import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateSupportTicketRequest,
  ErrorBody,
  IdParams,
  SupportAttachment,
  SupportReplyRequest,
  SupportTicketDetail,
  SupportTicketListResponse,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { AppError } from '../../infra/errors';
import { MAX_FILE_BYTES } from '../attachments';
import { sendSupportFile } from './support-download';

const tags = ['support'];
const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
/** Per client address: a person opens a few tickets, not dozens. */
const CREATE_LIMIT = { rateLimit: { max: 10, timeWindow: '10 minutes' } };
const REPLY_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** /support: a signed-in user's own tickets (another user's ticket is 404). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 0 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', requireUser);
  const service = app.support;

  app.get(
    '/support/tickets',
    {
      schema: {
        tags,
        summary: "The caller's tickets, latest activity first",
        response: { 200: SupportTicketListResponse, ...errors },
      },
    },
    async (request) => ({ tickets: await service.listOwn(userOf(request).userId) }),
  );

  app.post(
    '/support/tickets',
    {
      config: CREATE_LIMIT,
      schema: {
        tags,
        summary: 'Open a ticket (admins are mailed)',
        body: CreateSupportTicketRequest,
        response: { 201: SupportTicketDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(userOf(request).userId, request.body)),
  );

  app.get(
    '/support/tickets/:id',
    {
      schema: {
        tags,
        summary: 'A ticket and its thread (marks the replies read)',
        params: IdParams,
        response: { 200: SupportTicketDetail, ...errors },
      },
    },
    async (request) => service.showOwn(userOf(request).userId, request.params.id),
  );

  app.post(
    '/support/tickets/:id/replies',
    {
      config: REPLY_LIMIT,
      schema: {
        tags,
        summary: 'Reply (reopens a waiting or closed ticket)',
        params: IdParams,
        body: SupportReplyRequest,
        response: { 200: SupportTicketDetail, ...errors },
      },
    },
    async (request) => service.replyOwn(userOf(request).userId, request.params.id, request.body),
  );

  app.post(
    '/support/tickets/:id/close',
    {
      config: REPLY_LIMIT,
      schema: {
        tags,
        summary: 'Close the ticket (a reply reopens it)',
        params: IdParams,
        response: { 200: SupportTicketDetail, ...errors },
      },
    },
    async (request) => service.closeOwn(userOf(request).userId, request.params.id),
  );

  app.post(
    '/support/attachments',
    {
      config: REPLY_LIMIT,
      bodyLimit: MAX_FILE_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload one file (multipart field "file") for a ticket or reply',
        consumes: ['multipart/form-data'],
        response: {
          201: SupportAttachment,
          400: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data.');
      let file: { filename: string; data: Buffer } | undefined;
      try {
        const part = await request.file();
        if (part) file = { filename: part.filename, data: await part.toBuffer() };
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError)
          throw new AppError('payload_too_large', 'The file is larger than 10 MB.');
        throw new AppError('bad_request', 'The upload could not be read.');
      }
      if (!file) throw new AppError('validation_error', 'file: choose a file.');
      return reply
        .code(201)
        .send(await service.upload(userOf(request).userId, file.filename, file.data));
    },
  );

  app.get(
    '/support/attachments/:id',
    { schema: { tags, summary: 'Download a ticket file', params: IdParams } },
    async (request, reply) => {
      const principal = userOf(request);
      const file = await service.openFile(
        { userId: principal.userId, admin: principal.role === 'admin' },
        request.params.id,
      );
      return sendSupportFile(reply, file.row, file.data);
    },
  );
};
