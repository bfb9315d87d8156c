import { once } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAiChatRequest } from '@parallax/contract';
import type { ChatStreamEvent, FinishReason, TokenUsage } from '../../../providers/chat-types';
import { estimateTokens } from '../../../providers/context';
import { isProviderError } from '../../../providers/provider-error';
import type { ModelsService } from '../../models/models.service';
import type { Admission, ApiAccessService, CallRecord, KeyAccess } from './api-access.service';
import type { ApiCallRecorder } from './call-recorder';
import { estimatePromptTokens, toModelChatRequest } from './chat-request';
import { ChunkWriter, completionBody, newCompletionMeta } from './completion-shapes';
import { lookUpModel } from './model-lookup';
import { toOpenAiError } from './openai-error';

export interface ChatCompletionCall {
  request: FastifyRequest;
  reply: FastifyReply;
  body: OpenAiChatRequest;
  key: KeyAccess;
  access: ApiAccessService;
  recorder: ApiCallRecorder;
  models: ModelsService;
}

/** What a finished, failed or abandoned answer leaves for the call record. */
interface Outcome {
  status: number;
  outcome: string;
  usage: TokenUsage;
  /** Nothing of an answer reached the caller. */
  empty: boolean;
}

/** Aborts the upstream call when the caller hangs up before its answer was sent in full. */
function abortOnHangUp(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}

/**
 * POST /v1/chat/completions: validate, resolve and admit, then answer through the same
 * provider adapters as chat, and record the call (after the answer, off its latency).
 */
export async function runChatCompletion(call: ChatCompletionCall): Promise<void> {
  const { reply, body, key, access } = call;
  const started = performance.now();
  const chat = toModelChatRequest(body);
  const plan = await access.checkApiAccess(key);
  const { info, adapter } = await lookUpModel(call.models, body.model);
  access.checkModel(key, info.id);
  access.checkModelInPlan(plan, info);
  const admission = await access.admit(key, plan);
  reply.headers(admission.headers);

  const controller = abortOnHangUp(reply);
  const request = { ...chat, model: info.model, signal: controller.signal };
  let outcome: Outcome;
  let failure: unknown;
  try {
    outcome = body.stream
      ? await streamAnswer(
          reply,
          adapter.streamChat(request),
          new ChunkWriter(newCompletionMeta(info.id), body.stream_options?.include_usage === true),
          controller.signal,
          () => estimatePromptTokens(chat),
        )
      : await sendCompletion(reply, adapter.completeChat(request), info.id);
  } catch (error) {
    failure = error;
    const clientGone = controller.signal.aborted;
    // 499 (nginx's "client closed request") is only recorded: nobody is left to send it to.
    outcome = {
      status: clientGone ? 499 : toOpenAiError(error).status,
      outcome: clientGone ? 'client_closed' : isProviderError(error) ? error.kind : 'error',
      usage: { inputTokens: 0, outputTokens: 0 },
      empty: true,
    };
  }
  await settle(call, info.id, admission, outcome, started);
  if (failure !== undefined && !reply.sent && !reply.raw.destroyed) throw failure;
}

/** Records the call under the registry id it resolved to, however the caller named the model. */
async function settle(
  call: ChatCompletionCall,
  model: string,
  admission: Admission,
  outcome: Outcome,
  started: number,
): Promise<void> {
  const record: CallRecord = {
    model,
    stream: call.body.stream === true,
    status: outcome.status,
    outcome: outcome.outcome,
    inputTokens: outcome.usage.inputTokens,
    outputTokens: outcome.usage.outputTokens,
    latencyMs: performance.now() - started,
    // A caller who hung up chose to stop: the message stays spent, as a cancel in the web does.
    refund: outcome.empty && outcome.outcome !== 'client_closed',
  };
  try {
    await call.recorder.track(call.access.settle(call.key, admission, record));
  } catch (error) {
    call.request.log.error({ err: error }, 'public API call could not be recorded');
  }
}

async function sendCompletion(
  reply: FastifyReply,
  answer: ReturnType<ModelsService['completeChat']>,
  model: string,
): Promise<Outcome> {
  const completion = await answer;
  const meta = newCompletionMeta(model);
  // Serialised here: the zod response schema documents the shape; checking it per call is cost.
  await reply
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(completionBody(meta, completion)));
  return { status: 200, outcome: 'ok', usage: completion.usage, empty: false };
}

/** Waits for a slow reader to catch up; a hang-up (the signal) ends the wait. */
async function write(reply: FastifyReply, text: string, signal: AbortSignal): Promise<void> {
  if (!reply.raw.write(text) && !reply.raw.destroyed) await once(reply.raw, 'drain', { signal });
}

/**
 * Streams the answer as chat.completion.chunk events. The status line waits for the first
 * upstream event, so a failure before any token still gets its own HTTP status (the SDKs'
 * typed errors); later failures become an error event, as OpenAI sends them.
 */
async function streamAnswer(
  reply: FastifyReply,
  events: AsyncIterable<ChatStreamEvent>,
  writer: ChunkWriter,
  signal: AbortSignal,
  estimateInput: () => number,
): Promise<Outcome> {
  const iterator = events[Symbol.asyncIterator]();
  const first = await iterator.next();
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  let usage: TokenUsage | undefined;
  let finish: FinishReason = 'stop';
  /** Text chunks and tool calls sent: what reached the caller. */
  let textChunks = 0;
  let toolCalls = 0;
  /** The calls' arguments, estimated, for an upstream that never reported its usage. */
  let callTokens = 0;
  let pending = writer.role();
  try {
    for (let next = first; !next.done; next = await iterator.next()) {
      const event = next.value;
      if (event.type === 'text') {
        textChunks += 1;
        await write(reply, pending + writer.text(event.text), signal);
        pending = '';
      } else if (event.type === 'tool_call') {
        // Numbered by arrival: the stream's indexes must run 0, 1, … whatever the wire's were.
        // An answer that opens with a call has `content: null` in its first delta, as OpenAI's.
        const head = pending === '' ? '' : writer.role(true);
        await write(reply, head + writer.toolCall(toolCalls, event.call), signal);
        toolCalls += 1;
        callTokens += estimateTokens(event.call.arguments);
        pending = '';
      } else if (event.type === 'usage')
        usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
      else if (event.type === 'finish') finish = event.reason;
    }
  } catch (error) {
    const partial = {
      inputTokens: usage?.inputTokens ?? estimateInput(),
      outputTokens: usage?.outputTokens ?? textChunks + callTokens,
    };
    if (signal.aborted || reply.raw.destroyed) {
      // A half-closed socket stays open until our side ends too.
      reply.raw.destroy();
      return {
        status: 200,
        outcome: 'client_closed',
        usage: partial,
        empty: textChunks + toolCalls === 0,
      };
    }
    reply.raw.end(pending + writer.error(toOpenAiError(error).body()));
    return {
      status: 200,
      outcome: isProviderError(error) ? error.kind : 'error',
      usage: partial,
      empty: textChunks + toolCalls === 0,
    };
  }
  const final = usage ?? {
    inputTokens: estimateInput(),
    outputTokens: textChunks + callTokens,
  };
  reply.raw.end(pending + writer.end(finish, final, toolCalls > 0));
  return { status: 200, outcome: 'ok', usage: final, empty: false };
}
