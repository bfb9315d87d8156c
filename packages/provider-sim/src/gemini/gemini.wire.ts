import {
  overLimitTokens,
  type GenerationContext,
  type WireError,
  type WireErrorContext,
  type WireErrorKind,
  type WireFormat,
} from '../wire-format';

function googleError(
  code: number,
  status: string,
  message: string,
  details?: unknown[],
): WireError {
  return {
    status: code,
    body: { error: { code, message, status, ...(details ? { details } : {}) } },
  };
}

function describeError(kind: WireErrorKind, context: WireErrorContext): WireError {
  const vertex = context.provider === 'google';
  const model = context.model ?? '';
  switch (kind) {
    case 'missing_key':
      return vertex
        ? googleError(
            401,
            'UNAUTHENTICATED',
            'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
          )
        : googleError(
            401,
            'UNAUTHENTICATED',
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
          );
    case 'auth':
      return vertex
        ? googleError(
            401,
            'UNAUTHENTICATED',
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
          )
        : googleError(401, 'UNAUTHENTICATED', 'API key not valid. Please pass a valid API key.', [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
              metadata: { service: 'generativelanguage.googleapis.com' },
            },
          ]);
    case '429':
      return googleError(
        429,
        'RESOURCE_EXHAUSTED',
        vertex
          ? `Resource exhausted. Please try again later. Please refer to https://cloud.google.com/vertex-ai/generative-ai/docs/error-code-429 for more details.`
          : `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. Please retry in 1s.`,
      );
    case 'quota':
      return googleError(
        429,
        'RESOURCE_EXHAUSTED',
        `Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 0, model: ${model}`,
      );
    case '500':
      return googleError(
        500,
        'INTERNAL',
        'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
      );
    case '503':
      return googleError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
    case 'context_length':
      return googleError(
        400,
        'INVALID_ARGUMENT',
        `The input token count (${overLimitTokens(context)}) exceeds the maximum number of tokens allowed (${context.contextWindow}).`,
      );
    case 'model_not_found':
      return googleError(
        404,
        'NOT_FOUND',
        vertex
          ? `Publisher Model \`publishers/google/models/${model}\` was not found or your project does not have access to it.`
          : `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
      );
    case 'invalid_request':
      return googleError(
        400,
        'INVALID_ARGUMENT',
        context.detail ?? 'Request contains an invalid argument.',
      );
  }
}

function usageMetadata(context: GenerationContext, final: boolean): Record<string, unknown> {
  const candidates = final ? context.outputTokens : 0;
  return {
    promptTokenCount: context.promptTokens,
    ...(final ? { candidatesTokenCount: candidates } : {}),
    totalTokenCount: context.promptTokens + candidates,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: context.promptTokens }],
  };
}

function functionCallParts(context: GenerationContext): Record<string, unknown>[] {
  return context.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.input } }));
}

function response(
  context: GenerationContext,
  text: string,
  final: boolean,
  parts: Record<string, unknown>[] = [{ text }],
): Record<string, unknown> {
  // Gemini has no finish reason of its own for calls: a step that calls tools ends with STOP.
  const finishReason = context.finish === 'length' ? 'MAX_TOKENS' : 'STOP';
  return {
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(final ? { finishReason } : {}),
        index: 0,
      },
    ],
    usageMetadata: usageMetadata(context, final),
    modelVersion: context.model,
    ...(context.provider === 'google'
      ? { createTime: new Date(context.created * 1000).toISOString() }
      : {}),
    responseId: context.id,
  };
}

/**
 * Gemini generateContent / streamGenerateContent (Gemini API and Vertex AI share it). With
 * `alt=sse` chunks are SSE events (CRLF-separated, as Google sends them); without it the stream
 * is one JSON array written element by element. The final chunk carries finishReason and the
 * full usage. A fresh instance is needed per request (the array framing is stateful).
 */
export function geminiWire(sse: boolean): WireFormat {
  let first = true;
  const frame = (payload: unknown): string => {
    if (sse) return `data: ${JSON.stringify(payload)}\r\n\r\n`;
    const prefix = first ? '[' : ',\r\n';
    first = false;
    return prefix + JSON.stringify(payload);
  };
  return {
    error: describeError,
    responseHeaders: () => ({
      vary: 'Origin, X-Origin, Referer',
      'x-content-type-options': 'nosniff',
    }),
    completion: (context) =>
      context.toolCalls.length > 0
        ? response(context, '', true, [
            ...(context.text === '' ? [] : [{ text: context.text }]),
            ...functionCallParts(context),
          ])
        : response(context, context.text, true),
    streamContentType: sse ? 'text/event-stream' : 'application/json; charset=UTF-8',
    streamStart: () => '',
    streamToken: (context, token) => frame(response(context, token, false)),
    // Gemini sends each call whole (no argument deltas): parallel calls share one chunk.
    streamToolCalls: (context) =>
      context.toolCalls.length === 0
        ? []
        : [frame(response(context, '', false, functionCallParts(context)))],
    streamEnd: (context) => frame(response(context, '', true)) + (sse ? '' : '\r\n]'),
    // Google ends a broken SSE stream with a bare, pretty-printed JSON error object outside
    // SSE framing (@google/genai detects it; SSE-only parsers just see the stream end early).
    streamError: (error) =>
      sse ? `${JSON.stringify(error.body, null, 2)}\n` : `${frame(error.body)}\r\n]`,
    malformedCompletion: (context) => {
      const { candidates: _candidates, ...rest } = response(context, context.text, true);
      return rest;
    },
    malformedStreamEvent: (context) =>
      frame({ ...response(context, '', false), candidates: { content: 'not a list' } }),
  };
}
