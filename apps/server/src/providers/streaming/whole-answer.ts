import type { IncomingMessage } from 'node:http';
import { HTTP } from '@parallax/contract';
import type { ChatCompletion, ChatRequest } from '../chat-types';
import { classifyUpstreamError } from '../classify-upstream-error';
import { ProviderError } from '../provider-error';
import { postForStream } from './http-sse';
import type { LeanStreamOptions } from './lean-stream';
import { UpstreamReplyInvalid, type WholeAnswerWire, type WireEvent } from './wire';

/**
 * How long a whole answer may take, from the request to its last byte: nothing arrives before
 * the end, so the stream's no-activity and idle timeouts cannot apply. The official SDKs'
 * default request timeout, and the web's own send timeout.
 */
export const WHOLE_ANSWER_TIMEOUT_MS = HTTP.sendTimeoutMs;

/** An answer this large is not a chat completion; reading stops there (bounded work per call). */
const MAX_WHOLE_ANSWER_BYTES = 16 * 1024 * 1024;

export interface WholeAnswerOptions extends Pick<
  LeanStreamOptions,
  'provider' | 'secrets' | 'outbound'
> {
  wholeMs: number;
}

export function emptyCompletion(): ChatCompletion {
  return {
    text: '',
    toolCalls: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    finishReason: 'other',
  };
}

/** Folds one event into a whole answer: text appended, the last usage and finish kept. */
export function foldEvent(into: ChatCompletion, event: WireEvent): void {
  if (event.type === 'text') into.text += event.text;
  else if (event.type === 'tool_call') into.toolCalls.push(event.call);
  else if (event.type === 'usage')
    into.usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
  else if (event.type === 'finish') into.finishReason = event.reason;
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_WHOLE_ANSWER_BYTES)
        res.destroy(new UpstreamReplyInvalid(`answer larger than ${MAX_WHOLE_ANSWER_BYTES} bytes`));
      else chunks.push(chunk);
    });
    let ended = false;
    res.on('end', () => {
      ended = true;
      resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8'));
    });
    res.on('error', reject);
    // Before 'end', the connection went away mid-answer. After it, nothing: an Error built
    // for nothing would still capture a stack trace, on every call.
    res.on('close', () => {
      if (!ended) reject(new Error('upstream socket closed before the answer ended'));
    });
  });
}

/**
 * One non-streamed answer over node:http, with the stream's contract: the caller's signal and
 * the timeout destroy the upstream request, and every failure comes out as one classified
 * ProviderError.
 */
export async function completeWhole(
  options: WholeAnswerOptions,
  wire: WholeAnswerWire,
  request: ChatRequest,
): Promise<ChatCompletion> {
  const { provider } = options;
  const callerSignal = request.signal;
  if (callerSignal?.aborted) throw new ProviderError('cancelled', { provider });
  const controller = new AbortController();
  const onCallerAbort = (): void => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.wholeMs);
  try {
    const target = await wire.target(request, controller.signal);
    const response = await postForStream(
      options.outbound,
      target,
      controller.signal,
      'application/json',
    );
    const completion = emptyCompletion();
    for (const event of wire.decode(await readBody(response))) foldEvent(completion, event);
    return completion;
  } catch (error) {
    if (callerSignal?.aborted) throw new ProviderError('cancelled', { provider });
    if (timedOut) throw new ProviderError('timeout', { provider });
    throw classifyUpstreamError(error, provider, options.secrets);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
