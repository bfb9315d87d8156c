import type { Provider } from '@parallax/contract';
import type { ChatCompletion, ChatStreamEvent, ProviderAdapter } from './chat-types';
import { streamLean } from './streaming/lean-stream';
import type { SseWire } from './streaming/wire';

/** Silence between two tokens after the first one before we give up on the stream. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

export interface StreamTimeouts {
  /** Before the first token (spec §9 "no-activity abort"). Default HTTP.noActivityAbortMs. */
  noActivityMs?: number;
  /** Between tokens once the answer has started. Default STREAM_IDLE_TIMEOUT_MS. */
  idleMs?: number;
}

export interface AdapterOptions extends StreamTimeouts {
  provider: Provider;
  /** Credentials to scrub from any upstream text we keep. */
  secrets: readonly string[];
  /** The provider's streaming wire format. */
  wire: SseWire;
}

export async function collectCompletion(
  stream: AsyncIterable<ChatStreamEvent>,
): Promise<ChatCompletion> {
  let text = '';
  const completion: ChatCompletion = {
    text: '',
    usage: { inputTokens: 0, outputTokens: 0 },
    finishReason: 'other',
  };
  for await (const event of stream) {
    if (event.type === 'text') text += event.text;
    else if (event.type === 'usage')
      completion.usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
    else completion.finishReason = event.reason;
  }
  return { ...completion, text };
}

/**
 * An adapter over one provider's wire format. A non-streamed answer is the same stream read to
 * the end: one reader per format means one request shape, one set of timeouts and one error
 * classification, and per-token CPU of the streamed path is what limits concurrent answers.
 */
export function createAdapter(options: AdapterOptions): ProviderAdapter {
  const lean = {
    provider: options.provider,
    wire: options.wire,
    secrets: options.secrets,
    noActivityMs: options.noActivityMs,
    idleMs: options.idleMs ?? STREAM_IDLE_TIMEOUT_MS,
  };
  return {
    provider: options.provider,
    streamChat: (request) => streamLean(lean, request),
    completeChat: (request) => collectCompletion(streamLean(lean, request)),
  };
}
