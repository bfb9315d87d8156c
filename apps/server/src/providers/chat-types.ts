import type { Provider, ReasoningEffort } from '@parallax/contract';

export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image'; data: Uint8Array; mediaType: string };

/** A function the model may call: its JSON Schema parameters are passed through to the provider. */
export interface ToolSpec {
  name: string;
  description: string;
  /** A JSON Schema object (`{ type: 'object', properties, required }`). */
  parameters: Record<string, unknown>;
}

/** `auto` (the model decides), `none`, `required` (some tool), or one named tool. */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** A tool call the model made, whole: its arguments are the JSON text the model wrote. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
  /**
   * Gemini's `thoughtSignature` of the call's part, to be sent back with it as received (Gemini 3
   * refuses a step's calls without one); absent for other providers.
   */
  signature?: string | undefined;
}

export type ChatTurn =
  | { role: 'user'; content: string | readonly ChatContentPart[] }
  | {
      role: 'assistant';
      content: string | readonly ChatContentPart[];
      /** The calls this turn made; their results follow as `tool` turns, in the same order. */
      toolCalls?: readonly ToolCall[];
    }
  | {
      /** One call's result, answering the assistant turn before it. */
      role: 'tool';
      toolCallId: string;
      /** The called tool's name (Gemini matches results by name, not id). */
      name: string;
      content: string;
      /** The call failed: the content says why. */
      isError?: boolean;
    };

export interface ChatRequest {
  /** The provider's own model name (e.g. `gpt-4o-mini`), not the registry id. */
  model: string;
  messages: readonly ChatTurn[];
  system?: string | undefined;
  /** Cancel: the upstream connection is closed and the stream throws a `cancelled` ProviderError. */
  signal?: AbortSignal | undefined;
  maxOutputTokens?: number | undefined;
  /** Sampling settings a caller of the public API may set; the web never does. */
  temperature?: number | undefined;
  topP?: number | undefined;
  stopSequences?: readonly string[] | undefined;
  /** Only for models that think (parameter-support.ts); each wire says it in its own fields. */
  reasoningEffort?: ReasoningEffort | undefined;
  /** Functions the model may call; absent or empty: none offered. */
  tools?: readonly ToolSpec[] | undefined;
  toolChoice?: ToolChoice | undefined;
  /** False asks for at most one call per step, where the provider can say so. */
  parallelToolCalls?: boolean | undefined;
}

/** The sampling and length settings of a request, as a chat's settings give them. */
export type GenerationParameters = Pick<
  ChatRequest,
  'temperature' | 'topP' | 'maxOutputTokens' | 'stopSequences' | 'reasoningEffort'
>;

/** `tool_calls`: the step ended asking for tools (OpenAI's name; Anthropic `tool_use`, Gemini STOP with calls). */
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls' | 'other';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export type ChatStreamEvent =
  | {
      type: 'text';
      text: string;
      /** Date.now() when the upstream chunk holding it arrived (it may be read later). */
      receivedAt?: number;
    }
  /**
   * A tool call the model finished writing (its arguments assembled from the stream's deltas),
   * yielded as soon as the wire shows it is complete; `index` is its place among the step's calls.
   */
  | { type: 'tool_call'; index: number; call: ToolCall }
  | ({ type: 'usage' } & TokenUsage)
  | { type: 'finish'; reason: FinishReason };

export interface ChatCompletion {
  text: string;
  /** The calls the answer asked for, in order; empty when none. */
  toolCalls: ToolCall[];
  usage: TokenUsage;
  finishReason: FinishReason;
}

/**
 * One upstream AI provider. `streamChat` yields text as it arrives, then usage, then finish;
 * any failure is thrown as a ProviderError (already classified, safe to show).
 */
export interface ProviderAdapter {
  readonly provider: Provider;
  streamChat(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
  completeChat(request: ChatRequest): Promise<ChatCompletion>;
}
