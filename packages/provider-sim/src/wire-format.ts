import type { Provider } from '@parallax/contract';
import type { HttpFault } from './knobs';
import type { PlannedCall } from './tool-directive';

/** What the sim answers with instead of a generation: injected faults and refused requests. */
export type WireErrorKind = HttpFault | 'missing_key' | 'invalid_request';

export interface WireErrorContext {
  provider: Provider;
  model: string | undefined;
  promptTokens: number;
  contextWindow: number;
  /** For invalid_request: what was wrong, in the provider's own words where we know them. */
  detail?: string;
}

export interface WireError {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type FinishKind = 'stop' | 'length' | 'tool_calls';

export interface GenerationContext {
  provider: Provider;
  /** The provider-style id of this answer (chatcmpl-…, msg_…, a Gemini responseId). */
  id: string;
  model: string;
  /** Unix seconds, as OpenAI's `created`. */
  created: number;
  promptTokens: number;
  tokens: readonly string[];
  text: string;
  /** The calls this step makes (after its text, if any); empty for an answer. */
  toolCalls: readonly PlannedCall[];
  /** Usage's output count: the text's tokens plus the calls' names and arguments. */
  outputTokens: number;
  finish: FinishKind;
  /** OpenAI's stream_options.include_usage. */
  includeUsage: boolean;
}

/** One provider's bytes on the wire; the generation engine decides when each part is sent. */
export interface WireFormat {
  error(kind: WireErrorKind, context: WireErrorContext): WireError;
  responseHeaders(context: GenerationContext): Record<string, string>;
  completion(context: GenerationContext): unknown;
  streamContentType: string;
  streamStart(context: GenerationContext): string;
  streamToken(context: GenerationContext, token: string): string;
  /** The events that stream the step's tool calls (arguments in pieces), sent after the text. */
  streamToolCalls(context: GenerationContext): string[];
  streamEnd(context: GenerationContext): string;
  /** An error reported inside an already started stream (its HTTP status stays 200). */
  streamError(error: WireError, context: GenerationContext): string;
  /** fault=malformed, non-streamed: the reply without its content. */
  malformedCompletion(context: GenerationContext): unknown;
  /** fault=malformed, streamed: one event of the right kind with a field of the wrong type. */
  malformedStreamEvent(context: GenerationContext): string;
}

export function sseData(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

export function sseEvent(event: string, payload: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/** The prompt size a context-length error quotes: the real one, or (injected) one over the limit. */
export function overLimitTokens(context: WireErrorContext): number {
  return context.promptTokens > context.contextWindow
    ? context.promptTokens
    : context.contextWindow + context.promptTokens;
}
