import type { Provider } from '@parallax/contract';
import type { ChatCompletion, ChatStreamEvent, ProviderAdapter } from './chat-types';
import { streamLean } from './streaming/lean-stream';
import {
  completeWhole,
  emptyCompletion,
  foldEvent,
  WHOLE_ANSWER_TIMEOUT_MS,
} from './streaming/whole-answer';
import type { SseWire } from './streaming/wire';
import type { OutboundRoute } from '../infra/outbound/outbound-client';

/** Silence between two tokens after the first one before we give up on the stream. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

export interface StreamTimeouts {
  /** Before the first token (spec §9 "no-activity abort"). Default HTTP.noActivityAbortMs. */
  noActivityMs?: number;
  /** Between tokens once the answer has started. Default STREAM_IDLE_TIMEOUT_MS. */
  idleMs?: number;
  /** A non-streamed answer, request to last byte. Default WHOLE_ANSWER_TIMEOUT_MS. */
  wholeMs?: number;
}

export interface AdapterOptions extends StreamTimeouts {
  provider: Provider;
  /** Credentials to scrub from any upstream text we keep. */
  secrets: readonly string[];
  /** The provider's streaming wire format. */
  wire: SseWire;
  /** The outbound client's route the wire's requests take. */
  outbound: OutboundRoute;
}

export async function collectCompletion(
  stream: AsyncIterable<ChatStreamEvent>,
): Promise<ChatCompletion> {
  const completion = emptyCompletion();
  for await (const event of stream) foldEvent(completion, event);
  return completion;
}

/**
 * An adapter over one provider's wire format. A non-streamed answer is asked for as one where
 * the format has a whole-answer request (`wire.whole`): reading it costs one JSON.parse instead
 * of a parse per token, and it is what the official SDKs send for the same call. Otherwise it is
 * the stream read to the end.
 */
export function createAdapter(options: AdapterOptions): ProviderAdapter {
  const lean = {
    provider: options.provider,
    wire: options.wire,
    outbound: options.outbound,
    secrets: options.secrets,
    noActivityMs: options.noActivityMs,
    idleMs: options.idleMs ?? STREAM_IDLE_TIMEOUT_MS,
  };
  const whole = options.wire.whole;
  const wholeOptions = {
    provider: options.provider,
    secrets: options.secrets,
    outbound: options.outbound,
    wholeMs: options.wholeMs ?? WHOLE_ANSWER_TIMEOUT_MS,
  };
  return {
    provider: options.provider,
    streamChat: (request) => streamLean(lean, request),
    completeChat: whole
      ? (request) => completeWhole(wholeOptions, whole, request)
      : (request) => collectCompletion(streamLean(lean, request)),
  };
}
