import type { Provider, ReasoningEffort } from '@parallax/contract';

export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image'; data: Uint8Array; mediaType: string };

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string | readonly ChatContentPart[];
}

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
}

/** The sampling and length settings of a request, as a chat's settings give them. */
export type GenerationParameters = Pick<
  ChatRequest,
  'temperature' | 'topP' | 'maxOutputTokens' | 'stopSequences' | 'reasoningEffort'
>;

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'other';

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
  | ({ type: 'usage' } & TokenUsage)
  | { type: 'finish'; reason: FinishReason };

export interface ChatCompletion {
  text: string;
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
