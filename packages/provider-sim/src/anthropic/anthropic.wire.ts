import { randomBytes } from 'node:crypto';
import { argumentPieces } from '../tool-directive';
import {
  overLimitTokens,
  sseEvent,
  type GenerationContext,
  type WireError,
  type WireErrorContext,
  type WireErrorKind,
  type WireFormat,
} from '../wire-format';

type AnthropicErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'api_error'
  | 'overloaded_error';

function requestId(): string {
  return `req_011C${randomBytes(12).toString('base64url')}`;
}

function anthropicError(
  status: number,
  type: AnthropicErrorType,
  message: string,
  headers: Record<string, string> = {},
): WireError {
  const id = requestId();
  return {
    status,
    body: { type: 'error', error: { type, message }, request_id: id },
    headers: { ...headers, 'request-id': id },
  };
}

function describeError(kind: WireErrorKind, context: WireErrorContext): WireError {
  switch (kind) {
    case 'missing_key':
      return anthropicError(401, 'authentication_error', 'x-api-key header is required');
    case 'auth':
      return anthropicError(401, 'authentication_error', 'invalid x-api-key');
    case '429':
      return anthropicError(
        429,
        'rate_limit_error',
        'This request would exceed the rate limit for your organization of 30,000 input tokens per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.',
        { 'retry-after': '1' },
      );
    case 'quota':
      return anthropicError(
        400,
        'invalid_request_error',
        'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      );
    case '500':
      return anthropicError(500, 'api_error', 'Internal server error');
    case '503':
      return anthropicError(503, 'overloaded_error', 'Overloaded');
    case 'context_length':
      return anthropicError(
        400,
        'invalid_request_error',
        `prompt is too long: ${overLimitTokens(context)} tokens > ${context.contextWindow} maximum`,
      );
    case 'model_not_found':
      return anthropicError(404, 'not_found_error', `model: ${context.model ?? ''}`);
    case 'invalid_request':
      return anthropicError(400, 'invalid_request_error', context.detail ?? 'Invalid request');
  }
}

function stopReason(context: GenerationContext): string {
  if (context.finish === 'tool_calls') return 'tool_use';
  return context.finish === 'length' ? 'max_tokens' : 'end_turn';
}

/** A step that only calls tools has no text block; its tool_use blocks start at index 0. */
function hasTextBlock(context: GenerationContext): boolean {
  return context.toolCalls.length === 0 || context.text !== '';
}

function wholeContent(context: GenerationContext): unknown[] {
  return [
    ...(hasTextBlock(context) ? [{ type: 'text', text: context.text }] : []),
    ...context.toolCalls.map((call) => ({
      type: 'tool_use',
      id: call.id,
      name: call.name,
      input: call.input,
    })),
  ];
}

function streamToolCalls(context: GenerationContext): string[] {
  const first = hasTextBlock(context) ? 1 : 0;
  return context.toolCalls.flatMap((call, at) => {
    const index = first + at;
    return [
      sseEvent('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
      }),
      ...argumentPieces(call.arguments).map((piece) =>
        sseEvent('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: piece },
        }),
      ),
      sseEvent('content_block_stop', { type: 'content_block_stop', index }),
    ];
  });
}

function message(context: GenerationContext, streaming: boolean): Record<string, unknown> {
  return {
    id: context.id,
    type: 'message',
    role: 'assistant',
    model: context.model,
    content: streaming ? [] : wholeContent(context),
    stop_reason: streaming ? null : stopReason(context),
    stop_sequence: null,
    usage: {
      input_tokens: context.promptTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      // The real message_start reports a placeholder output count; message_delta has the total.
      output_tokens: streaming ? 1 : context.outputTokens,
      service_tier: 'standard',
    },
  };
}

/** Anthropic Messages API. */
export const anthropicWire: WireFormat = {
  error: describeError,
  responseHeaders: () => ({ 'request-id': requestId() }),
  completion: (context) => message(context, false),
  streamContentType: 'text/event-stream; charset=utf-8',
  streamStart: (context) =>
    sseEvent('message_start', { type: 'message_start', message: message(context, true) }) +
    (hasTextBlock(context)
      ? sseEvent('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'text', text: '' },
        })
      : '') +
    sseEvent('ping', { type: 'ping' }),
  streamToken: (_context, token) =>
    sseEvent('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: token },
    }),
  streamToolCalls: (context) => {
    const events = streamToolCalls(context);
    // The text block closes before the first tool_use block opens.
    if (events.length > 0 && hasTextBlock(context))
      events.unshift(sseEvent('content_block_stop', { type: 'content_block_stop', index: 0 }));
    return events;
  },
  streamEnd: (context) =>
    (hasTextBlock(context) && context.toolCalls.length === 0
      ? sseEvent('content_block_stop', { type: 'content_block_stop', index: 0 })
      : '') +
    sseEvent('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason(context), stop_sequence: null },
      usage: { output_tokens: context.outputTokens },
    }) +
    sseEvent('message_stop', { type: 'message_stop' }),
  streamError: (error) => {
    const body = error.body;
    const detail = typeof body === 'object' && body !== null && 'error' in body ? body.error : body;
    return sseEvent('error', { type: 'error', error: detail });
  },
  malformedCompletion: (context) => {
    const { content: _content, ...rest } = message(context, false);
    return rest;
  },
  malformedStreamEvent: () =>
    sseEvent('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: { value: 'not a string' } },
    }),
};
