import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OpenAiChatCompletion,
  OpenAiChatRequest,
  OpenAiErrorBody,
  OpenAiModel,
  OpenAiModelList,
  type ModelInfo,
} from '@parallax/contract';
import { z } from 'zod';
import { bearerSecret, type KeyAccess } from './api-access.service';
import { runChatCompletion } from './chat-completion';
import { lookUpModel } from './model-lookup';
import { modelNotFound, OpenAiError, toOpenAiError } from './openai-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a public API call (set by the /v1 routes' onRequest hook). */
    apiKeyAccess: KeyAccess | null;
  }
}

const tags = ['openai-compatible'];
const errors = {
  400: OpenAiErrorBody,
  401: OpenAiErrorBody,
  403: OpenAiErrorBody,
  404: OpenAiErrorBody,
  413: OpenAiErrorBody,
  429: OpenAiErrorBody,
  502: OpenAiErrorBody,
  503: OpenAiErrorBody,
  504: OpenAiErrorBody,
};
const security = [{ apiKey: [] }];
/**
 * The app-wide per-address limiter lets /v1 through anyway (its allow list); its route hook
 * still cost several promises per call. A key's own rate and budget limit these routes.
 */
const config = { rateLimit: false } as const;

function accessOf(request: FastifyRequest): KeyAccess {
  if (!request.apiKeyAccess)
    throw new OpenAiError(
      401,
      'authentication_error',
      'You didn’t provide an API key.',
      'missing_api_key',
    );
  return request.apiKeyAccess;
}

function sendOpenAiError(reply: FastifyReply, error: OpenAiError): FastifyReply {
  return reply
    .status(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(error.body()));
}

function toOpenAiModel(info: ModelInfo, createdAt: string): OpenAiModel {
  return {
    id: info.id,
    object: 'model',
    created: Math.floor(Date.parse(createdAt) / 1000),
    // The offline demo models are this server's own, whatever wire format answers them.
    owned_by: info.is_demo ? 'parallax' : info.provider,
  };
}

function registerOpenAiErrors(api: FastifyInstance): void {
  api.setErrorHandler((error: unknown, request, reply) => {
    const outcome = toOpenAiError(error);
    if (outcome.status >= 500 && !(error instanceof OpenAiError))
      request.log.error({ err: error }, 'public API call failed');
    return sendOpenAiError(reply, outcome);
  });
  api.setNotFoundHandler((request, reply) =>
    sendOpenAiError(
      reply,
      new OpenAiError(
        404,
        'invalid_request_error',
        `Unknown request URL: ${request.method} ${request.url.split('?')[0] ?? ''}.`,
        'unknown_url',
      ),
    ),
  );
}

/**
 * The OpenAI-compatible API at /v1, authenticated by a personal API key. Unknown request
 * fields are ignored, as OpenAI does; errors use OpenAI's body and statuses, so the official
 * SDKs raise their own typed errors.
 */
export const publicApiRoutes: FastifyPluginAsyncZod = async (api) => {
  const access = api.apiAccess;
  registerOpenAiErrors(api);
  api.decorateRequest('apiKeyAccess', null);
  api.addHook('onRequest', async (request) => {
    request.apiKeyAccess = await access.authenticate(bearerSecret(request));
  });

  /** The models a key may call under its owner's plan; 403 when the plan has no API access. */
  const usableModels = async (key: KeyAccess) => {
    const plan = await access.checkApiAccess(key);
    return (await api.models.listWithCreation()).filter(
      ({ info }) => info.available && access.mayUseWithPlan(key, plan, info),
    );
  };

  api.get(
    '/models',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Models this API key may use, in OpenAI’s list shape',
        response: { 200: OpenAiModelList, ...errors },
      },
    },
    async (request) => ({
      object: 'list' as const,
      data: (await usableModels(accessOf(request))).map(({ info, createdAt }) =>
        toOpenAiModel(info, createdAt),
      ),
    }),
  );

  api.get(
    '/models/*',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One model this API key may use (registry id or provider/model)',
        params: z.object({ '*': z.string().min(1).max(256) }),
        response: { 200: OpenAiModel, ...errors },
      },
    },
    async (request) => {
      const key = accessOf(request);
      const plan = await access.checkApiAccess(key);
      const { info } = await lookUpModel(api.models, request.params['*']);
      access.checkModel(key, info.id);
      access.checkModelInPlan(plan, info);
      const found = (await usableModels(key)).find((m) => m.info.id === info.id);
      if (!found) throw modelNotFound(request.params['*']);
      return toOpenAiModel(found.info, found.createdAt);
    },
  );

  api.post(
    '/chat/completions',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Chat completion in OpenAI’s shape, streamed (text/event-stream of chunks, ending with data: [DONE]) or not',
        description:
          "Any enabled model of any provider, by registry id or provider/model. Function calling (tools, tool_choice, parallel_tool_calls, assistant tool_calls and tool messages) works for every provider's model: the server translates and returns the calls; the caller runs them. Unknown request fields are ignored, as OpenAI does; n > 1 is refused. With stream: true the answer is text/event-stream: chat.completion.chunk events, a usage chunk when stream_options.include_usage is set, then data: [DONE].",
        body: OpenAiChatRequest,
        response: { 200: OpenAiChatCompletion, ...errors },
      },
    },
    (request, reply) => {
      api.drain.refuseWhileDraining();
      return runChatCompletion({
        request,
        reply,
        body: request.body,
        key: accessOf(request),
        access,
        recorder: access.recorder,
        models: api.models,
      });
    },
  );
};
