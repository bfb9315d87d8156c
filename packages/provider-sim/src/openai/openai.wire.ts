import { randomBytes } from 'node:crypto';
import { argumentPieces } from '../tool-directive';
import {
  overLimitTokens,
  sseData,
  type GenerationContext,
  type WireError,
  type WireErrorContext,
  type WireErrorKind,
  type WireFormat,
} from '../wire-format';

interface OpenAiErrorFields {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

function openAiError(
  status: number,
  error: OpenAiErrorFields,
  headers?: Record<string, string>,
): WireError {
  return { status, body: { error }, ...(headers ? { headers } : {}) };
}

function describeError(kind: WireErrorKind, context: WireErrorContext): WireError {
  const model = context.model ?? 'unknown';
  const xai = context.provider === 'grok';
  switch (kind) {
    case 'missing_key':
      return openAiError(401, {
        message:
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password.",
        type: 'invalid_request_error',
        param: null,
        code: null,
      });
    case 'auth':
      return openAiError(401, {
        message: xai
          ? 'Incorrect API key provided: xa***im. You can obtain an API key from https://console.x.ai.'
          : 'Incorrect API key provided: sk-***sim. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      });
    case '429':
      return openAiError(
        429,
        {
          message: `Rate limit reached for ${model} in organization org-sim on tokens per min (TPM): Limit 30000, Used 29800, Requested ${context.promptTokens + 500}. Please try again in 1s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
          type: 'tokens',
          param: null,
          code: 'rate_limit_exceeded',
        },
        { 'retry-after': '1', 'x-ratelimit-remaining-tokens': '0' },
      );
    case 'quota':
      return openAiError(429, {
        message:
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      });
    case '500':
      return openAiError(500, {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      });
    case '503':
      return openAiError(503, {
        message: 'The engine is currently overloaded, please try again later.',
        type: 'server_error',
        param: null,
        code: null,
      });
    case 'context_length':
      return openAiError(400, {
        message: xai
          ? `This model's maximum prompt length is ${context.contextWindow} but the request contains ${overLimitTokens(context)} tokens.`
          : `This model's maximum context length is ${context.contextWindow} tokens. However, your messages resulted in ${overLimitTokens(context)} tokens. Please reduce the length of the messages.`,
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      });
    case 'model_not_found':
      return openAiError(404, {
        message: `The model \`${model}\` does not exist or you do not have access to it.`,
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      });
    case 'invalid_request':
      return openAiError(400, {
        message: context.detail ?? 'Invalid request.',
        type: 'invalid_request_error',
        param: null,
        code: null,
      });
  }
}

function usage(context: GenerationContext): Record<string, unknown> {
  return {
    prompt_tokens: context.promptTokens,
    completion_tokens: context.outputTokens,
    total_tokens: context.promptTokens + context.outputTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

const SYSTEM_FINGERPRINT = 'fp_provider_sim';

function chunk(context: GenerationContext, choices: unknown[], withUsage?: boolean): string {
  return sseData({
    id: context.id,
    object: 'chat.completion.chunk',
    created: context.created,
    model: context.model,
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices,
    // With include_usage, every chunk carries `usage: null` except the final usage chunk.
    ...(context.includeUsage ? { usage: withUsage ? usage(context) : null } : {}),
  });
}

function finishReason(context: GenerationContext): string {
  return context.finish;
}

function wholeToolCalls(context: GenerationContext): Record<string, unknown> {
  if (context.toolCalls.length === 0) return {};
  return {
    tool_calls: context.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    })),
  };
}

/** Per call: a delta with its id, name and empty arguments, then the arguments in pieces. */
function streamToolCalls(context: GenerationContext): string[] {
  const delta = (toolCall: Record<string, unknown>): string =>
    chunk(context, [
      { index: 0, delta: { tool_calls: [toolCall] }, logprobs: null, finish_reason: null },
    ]);
  return context.toolCalls.flatMap((call, index) => [
    delta({ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }),
    ...argumentPieces(call.arguments).map((piece) =>
      delta({ index, function: { arguments: piece } }),
    ),
  ]);
}

/** OpenAI Chat Completions, as also served by xAI at the same path. */
export const openAiWire: WireFormat = {
  error: describeError,
  responseHeaders: () => ({
    'x-request-id': `req_${randomBytes(12).toString('hex')}`,
    'openai-processing-ms': '1',
  }),
  completion: (context) => ({
    id: context.id,
    object: 'chat.completion',
    created: context.created,
    model: context.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: context.toolCalls.length > 0 && context.text === '' ? null : context.text,
          refusal: null,
          annotations: [],
          ...wholeToolCalls(context),
        },
        logprobs: null,
        finish_reason: finishReason(context),
      },
    ],
    usage: usage(context),
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
  }),
  streamContentType: 'text/event-stream; charset=utf-8',
  streamStart: (context) =>
    chunk(context, [
      {
        index: 0,
        delta: {
          role: 'assistant',
          content: context.toolCalls.length > 0 ? null : '',
          refusal: null,
        },
        logprobs: null,
        finish_reason: null,
      },
    ]),
  streamToken: (context, token) =>
    chunk(context, [{ index: 0, delta: { content: token }, logprobs: null, finish_reason: null }]),
  streamToolCalls,
  streamEnd: (context) =>
    chunk(context, [
      { index: 0, delta: {}, logprobs: null, finish_reason: finishReason(context) },
    ]) +
    (context.includeUsage ? chunk(context, [], true) : '') +
    'data: [DONE]\n\n',
  streamError: (error) => sseData(error.body),
  malformedCompletion: (context) => {
    const { choices: _choices, ...rest } = openAiWire.completion(context) as Record<
      string,
      unknown
    >;
    return rest;
  },
  malformedStreamEvent: (context) =>
    chunk(context, [{ index: 0, delta: { content: 42 }, logprobs: null, finish_reason: null }]),
};
