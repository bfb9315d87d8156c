import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readMultipartSend } from '../../infra/multipart-send';
import { MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE } from '../attachments';

const MAX_FIELD_BYTES = 64 * 1024;

/** The body limit of a send with files: every file at its largest, and the fields. */
export const SEND_UPLOAD_BODY_LIMIT = MAX_FILE_BYTES * MAX_FILES_PER_MESSAGE + MAX_FIELD_BYTES;

/**
 * Lets a (route-scoped) plugin read sends with files under the chat's file rules: the same
 * sizes and count for every sender (a chat's, a vault turn's).
 */
export async function acceptSendUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES_PER_MESSAGE,
      fieldSize: MAX_FIELD_BYTES,
      fields: 20,
    },
    throwFileSizeLimit: true,
  });
}

/** A send with files (multipart: the send's fields, checked against `schema`, plus files[]). */
export function readSendUpload<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ body: z.infer<S>; files: { filename: string; data: Buffer }[] }> {
  return readMultipartSend(request, schema, { maxFiles: MAX_FILES_PER_MESSAGE });
}
