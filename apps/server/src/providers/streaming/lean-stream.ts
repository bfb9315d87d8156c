import { HTTP, type Provider } from '@parallax/contract';
import type { ChatRequest, ChatStreamEvent } from '../chat-types';
import { classifyUpstreamError } from '../classify-upstream-error';
import { ProviderError } from '../provider-error';
import type { OutboundRoute } from '../../infra/outbound/outbound-client';
import { postForStream } from './http-sse';
import { timedChunks } from './timed-chunks';
import { SseParser } from './sse-parser';
import type { SseWire, WireEvent } from './wire';

export interface LeanStreamOptions {
  provider: Provider;
  wire: SseWire;
  /** The outbound client's route for this provider's URLs (guarded or the operator's own). */
  outbound: OutboundRoute;
  secrets: readonly string[];
  noActivityMs?: number | undefined;
  idleMs: number;
}

/**
 * Streams one answer over node:http: the caller's signal and both timeouts destroy the upstream
 * request, and every failure comes out as one classified ProviderError. Per token it costs one
 * JSON.parse and a few shape checks.
 */
export async function* streamLean(
  options: LeanStreamOptions,
  request: ChatRequest,
): AsyncGenerator<ChatStreamEvent> {
  const { provider, wire } = options;
  const noActivityMs = options.noActivityMs ?? HTTP.noActivityAbortMs;
  const controller = new AbortController();
  const callerSignal = request.signal;
  if (callerSignal?.aborted) throw new ProviderError('cancelled', { provider });
  const onCallerAbort = (): void => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  // One timer for the whole stream: tokens only move `lastActivity`, the timer re-arms itself
  // for the remaining time when it fires early (re-arming per token costs more than parsing it).
  let started = false;
  let lastActivity = performance.now();
  let timedOut: 'no_activity' | 'timeout' | undefined;
  let timer: NodeJS.Timeout | undefined;
  const watch = (ms: number): void => {
    timer = setTimeout(() => {
      if (!started) {
        timedOut = 'no_activity';
        controller.abort();
        return;
      }
      const silent = performance.now() - lastActivity;
      if (silent >= options.idleMs) {
        timedOut = 'timeout';
        controller.abort();
      } else watch(options.idleMs - silent);
    }, ms);
  };
  watch(noActivityMs);

  let finished = false;
  let failure: unknown;
  const out: WireEvent[] = [];
  try {
    const target = await wire.target(request, controller.signal);
    const response = await postForStream(options.outbound, target, controller.signal);
    const decoder = wire.decoder();
    const parser = new SseParser((name, data) => decoder.event(name, data, out));
    for await (const { chunk, receivedAt } of timedChunks(response)) {
      // Chunks that arrived before an abort are not handed over after it.
      if (controller.signal.aborted) break;
      parser.push(chunk);
      if (out.length === 0) continue;
      for (const event of out) {
        // A tool call is output too: a step of calls alone (Gemini's) has started the answer.
        if (event.type === 'text' || event.type === 'reasoning' || event.type === 'tool_call') {
          // Metrics (time to first token, tokens per second) follow arrival, not reading.
          if (event.type === 'text') event.receivedAt = receivedAt;
          if (!started) {
            started = true;
            clearTimeout(timer);
            watch(options.idleMs);
          }
          lastActivity = performance.now();
          if (event.type === 'reasoning') continue;
        }
        // Time spent in the consumer is not upstream silence.
        yield event;
        lastActivity = performance.now();
      }
      out.length = 0;
    }
    parser.end();
    decoder.end(parser.stray, out);
    clearTimeout(timer);
    for (const event of out) if (event.type !== 'reasoning') yield event;
    finished = true;
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
    // Also reached when the consumer stops iterating early: hang up on the upstream. A body
    // read to its end needs no hang-up, and an abort costs an AbortError (a stack trace) per
    // answer, a measurable share of a whole answer's CPU on the public API.
    if (!finished) controller.abort();
  }
  if (finished) return;
  if (callerSignal?.aborted) throw new ProviderError('cancelled', { provider });
  if (timedOut) throw new ProviderError(timedOut, { provider });
  throw classifyUpstreamError(failure, provider, options.secrets);
}
