import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeValidationIssues } from './error-handler';
import { AppError } from './errors';

const FILE_FIELDS = new Set(['files[]', 'files']);

const BOOLEAN_FIELDS = new Set(['include_conversation_history', 'web_search']);
/** Fields whose value is an object, sent as its JSON text. */
const JSON_FIELDS = new Set(['chat_settings']);

/** Multipart text fields are strings: booleans, nulls and objects arrive spelled out. */
function fieldValue(name: string, value: string): unknown {
  if (BOOLEAN_FIELDS.has(name)) return value !== 'false' && value !== '0';
  if (value === '' || value === 'null') return name === 'message' ? value : null;
  if (JSON_FIELDS.has(name)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      // Left as text: the schema names the field.
      return value;
    }
  }
  return value;
}

/**
 * A send with files (multipart: the send's fields plus files[]), read whole and its fields
 * checked against `schema`. The caller registered @fastify/multipart with its limits.
 */
export async function readMultipartSend<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  limits: { maxFiles: number },
): Promise<{ body: z.infer<S>; files: { filename: string; data: Buffer }[] }> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send files as multipart/form-data.');
  const { multipartErrors } = request.server;
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
    if (error instanceof multipartErrors.RequestFileTooLargeError)
      throw new AppError('payload_too_large', 'A file is larger than 10 MB.');
    if (error instanceof multipartErrors.FilesLimitError)
      throw new AppError('payload_too_large', `At most ${limits.maxFiles} files per message.`);
    throw new AppError('bad_request', 'The upload could not be read.');
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      instancePath: `/${i.path.join('/')}`,
      message: i.message,
    }));
    throw new AppError('validation_error', describeValidationIssues('body', issues));
  }
  return { body: parsed.data as z.infer<S>, files };
}
