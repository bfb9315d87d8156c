import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptedResponse,
  ErrorBody,
  LogErrorsRequest,
  TelemetryRequest,
} from '@parallax/contract';
import type { Principal } from '../../infra/auth/principal';
import { depthLimitedJsonParser } from '../../infra/json-body';
import { LOGGING_REQUESTS_PER_MINUTE } from '../../infra/rate-limit';

/** Largest batch body: the contract caps every string and list; this caps their sum. */
export const LOGGING_BODY_LIMIT_BYTES = 1_048_576;

const errorResponses = {
  400: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};

/**
 * Whom a report is filed under: the user the request authenticates as. Visitors and anonymous
 * senders file none (a visitor id is a secret, not something to show in admin views).
 */
const reporterOf = (principal: Principal): string | null =>
  principal?.kind === 'user' ? principal.userId : null;

/** Spec §7 "Logging": the browser's error reports and usage events. */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.telemetry;

  // navigator.sendBeacon posts a string body as text/plain: parse it as the JSON it is.
  // Encapsulated in this plugin, so text/plain stays text everywhere else.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, depthLimitedJsonParser(app));

  const routeOptions = {
    bodyLimit: LOGGING_BODY_LIMIT_BYTES,
    config: { rateLimit: { max: LOGGING_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } },
  };

  app.post(
    '/logging/errors',
    {
      ...routeOptions,
      schema: {
        tags: ['logging'],
        summary: 'Store browser error reports',
        body: LogErrorsRequest,
        response: { 202: AcceptedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const accepted = await service.recordErrors(
        request.body.errors,
        reporterOf(request.principal),
        request.id,
      );
      return reply.status(202).send({ accepted });
    },
  );

  app.post(
    '/logging/telemetry',
    {
      ...routeOptions,
      schema: {
        tags: ['logging'],
        summary: 'Store usage events',
        body: TelemetryRequest,
        response: { 202: AcceptedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const accepted = await service.recordEvents(
        request.body.events,
        reporterOf(request.principal),
        request.id,
      );
      return reply.status(202).send({ accepted });
    },
  );
};
