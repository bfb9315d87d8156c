import { HTTP, type Provider } from '@parallax/contract';
import {
  streamText,
  type FinishReason as SdkFinishReason,
  type LanguageModel,
  type ModelMessage,
} from 'ai';
import type {
  ChatCompletion,
  ChatRequest,
  ChatStreamEvent,
  ChatTurn,
  FinishReason,
  ProviderAdapter,
} from './chat-types';
import { classifyUpstreamError } from './classify-upstream-error';
import { ProviderError } from './provider-error';
import { streamLean } from './streaming/lean-stream';
import { STREAM_ENDED_EARLY, type SseWire } from './streaming/wire';

/** Silence between two tokens after the first one before we give up on the stream. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

export interface StreamTimeouts {
  /** Before the first token (spec §9 "no-activity abort"). Default HTTP.noActivityAbortMs. */
  noActivityMs?: number;
  /** Between tokens once the answer has started. Default STREAM_IDLE_TIMEOUT_MS. */
  idleMs?: number;
}

export interface AdapterTuning extends StreamTimeouts {
  /**
   * Which reader streams answers: `lean` (default; node:http + our SSE parser) or `sdk` (the
   * AI SDK's pipeline, about ten times the CPU per token; kept for A/B benchmarks).
   */
  streaming?: 'lean' | 'sdk';
}

export interface AdapterOptions extends AdapterTuning {
  provider: Provider;
  /** Resolves the SDK model for a provider model name (may fetch a credential first). */
  languageModel: (model: string, signal: AbortSignal) => LanguageModel | Promise<LanguageModel>;
  /** Credentials to scrub from any upstream text we keep. */
  secrets: readonly string[];
  /** The provider's streaming wire format, read without the AI SDK. */
  wire: SseWire;
}

function toModelMessage(turn: ChatTurn): ModelMessage {
  if (typeof turn.content === 'string') return { role: turn.role, content: turn.content };
  if (turn.role === 'assistant') {
    const text = turn.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    return { role: 'assistant', content: text };
  }
  return {
    role: 'user',
    content: turn.content.map((part) =>
      part.type === 'text'
        ? { type: 'text' as const, text: part.text }
        : { type: 'image' as const, image: part.data, mediaType: part.mediaType },
    ),
  };
}

function toFinishReason(reason: SdkFinishReason): FinishReason {
  if (reason === 'stop' || reason === 'length') return reason;
  if (reason === 'content-filter') return 'content_filter';
  return 'other';
}

/**
 * Streams one answer through the AI SDK with our guarantees on top: the caller's signal and
 * both timeouts abort the upstream request (closing its connection), and every failure —
 * HTTP error, in-stream error part, dropped socket, stream cut short — comes out as one
 * classified ProviderError.
 */
async function* streamWithGuards(
  options: AdapterOptions,
  request: ChatRequest,
): AsyncGenerator<ChatStreamEvent> {
  const { provider, secrets } = options;
  const noActivityMs = options.noActivityMs ?? HTTP.noActivityAbortMs;
  const idleMs = options.idleMs ?? STREAM_IDLE_TIMEOUT_MS;
  const controller = new AbortController();
  const callerSignal = request.signal;
  if (callerSignal?.aborted) throw new ProviderError('cancelled', { provider });
  const onCallerAbort = (): void => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  let timedOut: 'no_activity' | 'timeout' | undefined;
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number, kind: 'no_activity' | 'timeout'): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = kind;
      controller.abort();
    }, ms);
  };

  let failure: unknown;
  let finished = false;
  arm(noActivityMs, 'no_activity');
  try {
    const model = await options.languageModel(request.model, controller.signal);
    const result = streamText({
      model,
      system: request.system,
      messages: request.messages.map(toModelMessage),
      maxOutputTokens: request.maxOutputTokens,
      abortSignal: controller.signal,
      // Retrying is the caller's decision (it knows the user is waiting); errors are ours to log.
      maxRetries: 0,
      onError: () => {},
    });
    let started = false;
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
        clearTimeout(timer);
        started = true;
        // Time spent in the consumer is not upstream silence.
        if (part.type === 'text-delta' && part.text !== '') yield { type: 'text', text: part.text };
        arm(idleMs, 'timeout');
      } else if (part.type === 'error') {
        failure ??= part.error;
      } else if (part.type === 'finish' && failure === undefined && !controller.signal.aborted) {
        // @ai-sdk/google drops Gemini's in-stream error object: the stream just stops with
        // no finish reason, which a real answer never does.
        if (part.rawFinishReason === undefined && part.finishReason === 'other') {
          failure = new Error(STREAM_ENDED_EARLY);
          break;
        }
        clearTimeout(timer);
        yield {
          type: 'usage',
          inputTokens: part.totalUsage.inputTokens ?? 0,
          outputTokens: part.totalUsage.outputTokens ?? 0,
        };
        yield { type: 'finish', reason: toFinishReason(part.finishReason) };
        finished = true;
      }
    }
    if (!started && !finished && failure === undefined && !controller.signal.aborted)
      failure = new Error(STREAM_ENDED_EARLY);
  } catch (error) {
    failure ??= error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
    // Also reached when the consumer stops iterating early: hang up on the upstream.
    controller.abort();
  }
  if (finished) return;
  if (callerSignal?.aborted) throw new ProviderError('cancelled', { provider });
  if (timedOut) throw new ProviderError(timedOut, { provider });
  throw classifyUpstreamError(failure ?? new Error(STREAM_ENDED_EARLY), provider, secrets);
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
 * An adapter over one provider. Streaming goes through the lean reader of its wire format
 * (per-token CPU is what limits concurrent streams); `completeChat` reads an AI SDK stream to
 * the end. Both share the timeouts, cancellation and error classification.
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
    streamChat: (request) =>
      options.streaming === 'sdk' ? streamWithGuards(options, request) : streamLean(lean, request),
    completeChat: (request) => collectCompletion(streamWithGuards(options, request)),
  };
}
