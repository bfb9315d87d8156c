import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorCode, ErrorBody } from '@parallax/contract';
import { isAppError } from './errors';

interface ErrorOutcome {
  status: number;
  code: ApiErrorCode;
  detail: string;
}

const MAX_ISSUES_IN_DETAIL = 5;
const GENERIC_5XX_DETAIL = 'Something went wrong on our side. Please try again later.';

const CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_error',
  429: 'rate_limited',
  503: 'service_unavailable',
};

interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
}

/** "body.errors.0.timestamp: Invalid ISO datetime; querystring.limit: Too big" */
export function describeValidationIssues(
  context: string | undefined,
  issues: readonly ValidationIssue[],
): string {
  const described = issues.slice(0, MAX_ISSUES_IN_DETAIL).map((issue) => {
    const field = [context, ...issue.instancePath.split('/').filter((s) => s.length > 0)]
      .filter((s) => s !== undefined)
      .join('.');
    return `${field || 'request'}: ${issue.message ?? 'is invalid'}`;
  });
  const more = issues.length - described.length;
  return more > 0 ? `${described.join('; ')} (and ${more} more)` : described.join('; ');
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('code' in error || 'statusCode' in error);
}

/** Maps anything thrown during a request to a status, a contract code and a safe detail. */
export function classifyError(error: unknown): ErrorOutcome {
  if (isAppError(error)) return { status: error.status, code: error.code, detail: error.detail };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 422,
      code: 'validation_error',
      detail: describeValidationIssues(error.validationContext, error.validation),
    };
  }
  if (!isFastifyError(error))
    return { status: 500, code: 'internal_error', detail: GENERIC_5XX_DETAIL };

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'invalid_json', detail: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', detail: 'The request body is too large.' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // No id of ours is that long, so nothing can be found under it.
      return { status: 404, code: 'not_found', detail: 'The requested resource was not found.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'unsupported_media_type',
        detail: 'This content type is not accepted here.',
      };
  }
  if (error.validation !== undefined) {
    return {
      status: 422,
      code: 'validation_error',
      detail: describeValidationIssues(error.validationContext, error.validation),
    };
  }
  const status = error.statusCode ?? 500;
  if (status === 429)
    return { status, code: 'rate_limited', detail: 'Too many requests. Please wait a moment.' };
  // Fastify's own 4xx messages describe the request (bad URL, wrong header), never internals.
  if (status >= 400 && status < 500)
    return { status, code: CODE_BY_STATUS[status] ?? 'bad_request', detail: error.message };
  return { status: 500, code: 'internal_error', detail: GENERIC_5XX_DETAIL };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: ErrorOutcome,
): FastifyReply {
  const body: ErrorBody = { error: outcome.code, detail: outcome.detail, request_id: request.id };
  return reply.status(outcome.status).type('application/json; charset=utf-8').send(body);
}

/** The one error handler: every failure leaves as `{error, detail, request_id}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const outcome = classifyError(error);
    if (outcome.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: outcome.code, detail: outcome.detail }, 'request rejected');
    }
    return sendError(request, reply, outcome);
  });
}
