import { z } from 'zod';

/*
 * The public API at the app root (/v1), in OpenAI's chat completions shapes, so tools written
 * for the official SDKs work unchanged. Keys are snake_case as OpenAI's. Unknown request fields
 * are ignored (zod drops them), as OpenAI itself ignores fields it does not use; fields we do
 * not support but whose meaning would change the answer (n > 1) are refused with 400.
 * Tools are translated for every provider's model; the caller runs them, never the server.
 */

/** Roles we answer; OpenAI's `developer` is its newer name for `system`. */
export const OpenAiRole = z.enum(['system', 'developer', 'user', 'assistant', 'tool']);

export const OpenAiTextPart = z.object({ type: z.literal('text'), text: z.string() });

const OpenAiContent = z.union([z.string(), z.array(OpenAiTextPart).min(1)]);
const speakerName = z.string().max(256).optional();

/** Bounds of function calling; OpenAI's own where it has one (128 tools, the name pattern). */
export const OPENAI_TOOL_LIMITS = {
  tools: 128,
  /** Calls one assistant message may carry. */
  callsPerMessage: 128,
  descriptionChars: 8_192,
  /** A tool's `parameters` JSON Schema, serialised. */
  parametersChars: 32_768,
  /** A call's `arguments` JSON text. */
  argumentsChars: 262_144,
  callIdChars: 256,
  /** Gemini's opaque thought signature of a call. */
  signatureChars: 65_536,
} as const;

export const OpenAiToolName = z
  .string()
  .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1 to 64 characters of a-z, A-Z, 0-9, _ and -');

/** A JSON Schema object, kept as the caller wrote it; bounded by its serialised size. */
const OpenAiToolParameters = z
  .record(z.string(), z.unknown())
  .refine(
    (schema) => JSON.stringify(schema).length <= OPENAI_TOOL_LIMITS.parametersChars,
    `must be at most ${OPENAI_TOOL_LIMITS.parametersChars} characters of JSON Schema`,
  );

export const OpenAiTool = z.object({
  type: z.literal('function'),
  function: z.object({
    name: OpenAiToolName,
    description: z.string().max(OPENAI_TOOL_LIMITS.descriptionChars).nullish(),
    parameters: OpenAiToolParameters.nullish(),
    /** Accepted; the providers' own strict modes differ, so it is not forwarded. */
    strict: z.boolean().nullish(),
  }),
});
export type OpenAiTool = z.infer<typeof OpenAiTool>;

export const OpenAiToolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: OpenAiToolName }) }),
]);
export type OpenAiToolChoice = z.infer<typeof OpenAiToolChoice>;

/**
 * Gemini's thought signature of a call, where Google's own OpenAI-compatible API puts it: sent
 * with the call, and to be sent back with it as received (Gemini 3 refuses calls without one).
 */
export const OpenAiToolCallExtra = z.object({
  google: z
    .object({ thought_signature: z.string().max(OPENAI_TOOL_LIMITS.signatureChars).optional() })
    .optional(),
});

export const OpenAiToolCall = z.object({
  id: z.string().min(1).max(OPENAI_TOOL_LIMITS.callIdChars),
  type: z.literal('function'),
  function: z.object({
    name: OpenAiToolName,
    /** The arguments as JSON text, as the model wrote them (not necessarily valid JSON). */
    arguments: z.string().max(OPENAI_TOOL_LIMITS.argumentsChars),
  }),
  extra_content: OpenAiToolCallExtra.nullish(),
});
export type OpenAiToolCall = z.infer<typeof OpenAiToolCall>;

const OpenAiInstructionMessage = z.object({
  role: z.enum(['system', 'developer']),
  content: OpenAiContent,
  name: speakerName,
});

const OpenAiUserMessage = z.object({
  role: z.literal('user'),
  content: OpenAiContent,
  name: speakerName,
});

/** An earlier answer; only calls, no text, is sent with `content: null` (or without it). */
const OpenAiAssistantMessage = z
  .object({
    role: z.literal('assistant'),
    content: OpenAiContent.nullish(),
    name: speakerName,
    tool_calls: z.array(OpenAiToolCall).max(OPENAI_TOOL_LIMITS.callsPerMessage).nullish(),
  })
  .refine((m) => (m.content ?? null) !== null || (m.tool_calls?.length ?? 0) > 0, {
    message: 'an assistant message needs content or tool_calls',
    path: ['content'],
  });

/** One call's result, answering a call of the assistant message before it. */
const OpenAiToolMessage = z.object({
  role: z.literal('tool'),
  tool_call_id: z.string().min(1).max(OPENAI_TOOL_LIMITS.callIdChars),
  content: OpenAiContent,
});

export const OpenAiMessage = z.discriminatedUnion('role', [
  OpenAiInstructionMessage,
  OpenAiUserMessage,
  OpenAiAssistantMessage,
  OpenAiToolMessage,
]);
export type OpenAiMessage = z.infer<typeof OpenAiMessage>;

export const OPENAI_MAX_STOP_SEQUENCES = 4;

interface ToolUse {
  messages: readonly OpenAiMessage[];
  tools?: readonly OpenAiTool[] | null | undefined;
  tool_choice?: OpenAiToolChoice | null | undefined;
}

/**
 * OpenAI's rules for a conversation with calls, which every provider needs kept: the calls of
 * an assistant message are answered, each once, by the `tool` messages right after it; a
 * `tool_choice` needs `tools`, and a named one must be among them.
 */
function checkToolUse(body: ToolUse, ctx: z.RefinementCtx): void {
  let open = new Set<string>();
  let openAt = -1;
  const unanswered = () => {
    if (open.size === 0) return;
    ctx.addIssue({
      code: 'custom',
      path: ['messages', openAt, 'tool_calls'],
      message: `an assistant message with tool_calls must be followed by tool messages answering each tool_call_id; not answered: ${[...open].join(', ')}`,
    });
    open = new Set();
  };
  body.messages.forEach((message, index) => {
    if (message.role === 'tool') {
      if (!open.delete(message.tool_call_id))
        ctx.addIssue({
          code: 'custom',
          path: ['messages', index, 'tool_call_id'],
          message:
            'a tool message must answer a tool_call_id of the assistant message with tool_calls right before it',
        });
      return;
    }
    unanswered();
    if (message.role === 'assistant' && message.tool_calls) {
      open = new Set(message.tool_calls.map((call) => call.id));
      openAt = index;
    }
  });
  unanswered();
  const choice = body.tool_choice;
  const offered = body.tools ?? [];
  if (choice !== null && choice !== undefined && choice !== 'none' && offered.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['tool_choice'],
      message: 'tool_choice is only allowed when tools are given',
    });
  else if (
    typeof choice === 'object' &&
    choice !== null &&
    !offered.some((tool) => tool.function.name === choice.function.name)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['tool_choice', 'function', 'name'],
      message: `no tool named ${choice.function.name} is given in tools`,
    });
  const names = new Set<string>();
  offered.forEach((tool, index) => {
    if (names.has(tool.function.name))
      ctx.addIssue({
        code: 'custom',
        path: ['tools', index, 'function', 'name'],
        message: `tool names must be unique: ${tool.function.name} is given twice`,
      });
    names.add(tool.function.name);
  });
}

export const OpenAiChatRequest = z
  .object({
    /** A registry id (`gpt-5-mini`) or `provider/model` (`openai/gpt-5-mini`). */
    model: z.string().min(1).max(256),
    messages: z
      .array(OpenAiMessage)
      .min(1, 'messages must contain at least one message')
      .max(2_000),
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
    tools: z.array(OpenAiTool).max(OPENAI_TOOL_LIMITS.tools).nullish(),
    tool_choice: OpenAiToolChoice.nullish(),
    /** False asks for at most one call per answer, where the provider can say so. */
    parallel_tool_calls: z.boolean().nullish(),
  })
  .superRefine(checkToolUse);
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
      message: z.object({
        role: z.literal('assistant'),
        /** Null when the answer is only tool calls, as OpenAI sends it. */
        content: z.string().nullable(),
        refusal: z.null(),
        tool_calls: z.array(OpenAiToolCall).optional(),
      }),
      logprobs: z.null(),
      finish_reason: OpenAiFinishReason,
    }),
  ),
  usage: OpenAiUsage,
});
export type OpenAiChatCompletion = z.infer<typeof OpenAiChatCompletion>;

export const OpenAiToolCallDelta = z.object({
  index: z.int().nonnegative(),
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string().optional(), arguments: z.string().optional() }),
  extra_content: OpenAiToolCallExtra.optional(),
});
export type OpenAiToolCallDelta = z.infer<typeof OpenAiToolCallDelta>;

/** One `data:` event of a streamed answer; the stream ends with `data: [DONE]`. */
export const OpenAiChatChunk = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.int(),
      delta: z.object({
        role: z.literal('assistant').optional(),
        content: z.string().nullish(),
        /** A call's first chunk has its id, type and name; later ones add pieces of arguments. */
        tool_calls: z.array(OpenAiToolCallDelta).optional(),
      }),
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
