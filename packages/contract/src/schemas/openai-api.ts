import { z } from 'zod';

/*
 * The public API at the app root (/v1), in OpenAI's chat completions shapes, so tools written
 * for the official SDKs work unchanged. Keys are snake_case as OpenAI's. Unknown request fields
 * are ignored (zod drops them), as OpenAI itself ignores fields it does not use; fields we do
 * not support but whose meaning would change the answer (n > 1, tools) are refused with 400.
 */

/** Roles we answer; OpenAI's `developer` is its newer name for `system`. */
export const OpenAiRole = z.enum(['system', 'developer', 'user', 'assistant']);

export const OpenAiTextPart = z.object({ type: z.literal('text'), text: z.string() });

export const OpenAiMessage = z.object({
  role: OpenAiRole,
  content: z.union([z.string(), z.array(OpenAiTextPart).min(1)]),
  name: z.string().max(256).optional(),
});
export type OpenAiMessage = z.infer<typeof OpenAiMessage>;

export const OPENAI_MAX_STOP_SEQUENCES = 4;

export const OpenAiChatRequest = z.object({
  /** A registry id (`gpt-5-mini`) or `provider/model` (`openai/gpt-5-mini`). */
  model: z.string().min(1).max(256),
  messages: z.array(OpenAiMessage).min(1, 'messages must contain at least one message').max(2_000),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  max_tokens: z.int().min(1).max(1_000_000).nullish(),
  max_completion_tokens: z.int().min(1).max(1_000_000).nullish(),
  stop: z
    .union([z.string().min(1), z.array(z.string().min(1)).max(OPENAI_MAX_STOP_SEQUENCES)])
    .nullish(),
  /** Accepted, but only a single choice is answered. */
  n: z.literal(1, 'n: only 1 choice per request is supported').nullish(),
  /** An end-user id for the caller's own tracking; accepted and not forwarded. */
  user: z.string().max(256).optional(),
});
export type OpenAiChatRequest = z.infer<typeof OpenAiChatRequest>;

export const OpenAiFinishReason = z.enum(['stop', 'length', 'content_filter', 'tool_calls']);
export type OpenAiFinishReason = z.infer<typeof OpenAiFinishReason>;

export const OpenAiUsage = z.object({
  prompt_tokens: z.int().nonnegative(),
  completion_tokens: z.int().nonnegative(),
  total_tokens: z.int().nonnegative(),
});
export type OpenAiUsage = z.infer<typeof OpenAiUsage>;

export const OpenAiChatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.int(),
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
      logprobs: z.null(),
      finish_reason: OpenAiFinishReason,
    }),
  ),
  usage: OpenAiUsage,
});
export type OpenAiChatCompletion = z.infer<typeof OpenAiChatCompletion>;

/** One `data:` event of a streamed answer; the stream ends with `data: [DONE]`. */
export const OpenAiChatChunk = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.int(),
      delta: z.object({ role: z.literal('assistant').optional(), content: z.string().optional() }),
      logprobs: z.null(),
      finish_reason: OpenAiFinishReason.nullable(),
    }),
  ),
  /** Only with stream_options.include_usage: null on every chunk but the last, which has no choices. */
  usage: OpenAiUsage.nullish(),
});
export type OpenAiChatChunk = z.infer<typeof OpenAiChatChunk>;

export const OpenAiModel = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.int(),
  owned_by: z.string(),
});
export type OpenAiModel = z.infer<typeof OpenAiModel>;

export const OpenAiModelList = z.object({ object: z.literal('list'), data: z.array(OpenAiModel) });
export type OpenAiModelList = z.infer<typeof OpenAiModelList>;

export const OpenAiModelParams = z.object({ id: z.string().min(1).max(256) });

/** OpenAI's error body; `type` is one of invalid_request_error, authentication_error, … */
export const OpenAiErrorBody = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAiErrorBody = z.infer<typeof OpenAiErrorBody>;
