import type { OpenAiErrorBody } from '@parallax/contract';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from '../../../infra/errors';
import { isProviderError, type ProviderError } from '../../../providers/provider-error';

/** OpenAI's error `type`s we answer with; the SDKs pick their error class from the status. */
export type OpenAiErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'server_error'
  | 'api_error';

/** A refusal of the public API, sent as OpenAI's `{"error": {...}}` with `status`. */
export class OpenAiError extends Error {
  override readonly name = 'OpenAiError';
  constructor(
    readonly status: number,
    readonly type: OpenAiErrorType,
    message: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
    /** retry-after and x-ratelimit-* of a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  body(): OpenAiErrorBody {
    return {
      error: { message: this.message, type: this.type, param: this.param, code: this.code },
    };
  }
}

export const invalidRequest = (
  message: string,
  param: string | null = null,
  code: string | null = null,
): OpenAiError => new OpenAiError(400, 'invalid_request_error', message, code, param);

/** `/messages/0/content` → `messages[0].content`, the way OpenAI names a field. */
export function openAiParam(instancePath: string): string | null {
  const parts = instancePath.split('/').filter((p) => p !== '');
  if (parts.length === 0) return null;
  return parts.reduce(
    (out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out === '' ? part : `${out}.${part}`),
    '',
  );
}

/**
 * OpenAI's answer for a model a key cannot use: a 404, which the SDKs do not retry (a model
 * whose provider is not configured here will not appear on a second try).
 */
export const modelNotFound = (model: string): OpenAiError =>
  new OpenAiError(
    404,
    'invalid_request_error',
    `The model \`${model}\` does not exist or you do not have access to it.`,
    'model_not_found',
    'model',
  );

/** An upstream failure, by the shared classifier's kind, in OpenAI's statuses. */
function fromProviderError(error: ProviderError): OpenAiError {
  switch (error.kind) {
    case 'context_length':
      return invalidRequest(error.message, 'messages', 'context_length_exceeded');
    case 'timeout':
    case 'no_activity':
      return new OpenAiError(504, 'server_error', error.message, 'upstream_timeout');
    case 'rate_limit':
      // The SDKs back off on a 429 (honouring retry-after); a 503 would read as an outage.
      return new OpenAiError(
        429,
        'rate_limit_error',
        error.message,
        'rate_limit_exceeded',
        null,
        error.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(error.retryAfterSeconds) },
      );
    case 'quota':
    case 'service_unavailable':
      return new OpenAiError(503, 'server_error', error.message, 'upstream_unavailable');
    default:
      return new OpenAiError(502, 'server_error', error.message, 'upstream_error');
  }
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/** Anything a public API call throws, as the OpenAI error its caller gets. */
export function toOpenAiError(error: unknown): OpenAiError {
  if (error instanceof OpenAiError) return error;
  if (isProviderError(error)) return fromProviderError(error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    const param = first ? openAiParam(first.instancePath) : null;
    return invalidRequest(`${param ?? 'request'}: ${first?.message ?? 'is invalid'}`, param);
  }
  if (isAppError(error)) {
    if (error.status === 404)
      return new OpenAiError(
        404,
        'invalid_request_error',
        error.detail,
        'model_not_found',
        'model',
      );
    // A draining process: the SDKs retry a 503 on their own, and the retry reaches another process.
    if (error.code === 'server_restarting')
      return new OpenAiError(503, 'server_error', error.detail, 'server_restarting');
    if (error.status === 503)
      return new OpenAiError(503, 'server_error', error.detail, 'model_unavailable', 'model');
    if (error.status < 500) return invalidRequest(error.detail);
  }
  if (isFastifyError(error)) {
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return new OpenAiError(
          413,
          'invalid_request_error',
          'The request body is too large.',
          'request_too_large',
        );
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return invalidRequest('The request body is not valid JSON.', null, 'invalid_json');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return new OpenAiError(
          415,
          'invalid_request_error',
          'Send the body as application/json.',
          'unsupported_media_type',
        );
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return new OpenAiError(error.statusCode, 'invalid_request_error', error.message);
  }
  return new OpenAiError(
    500,
    'server_error',
    'The server had an error while processing your request. Please try again.',
  );
}
