import type { ChatRequest, ChatTurn, FinishReason } from '../chat-types';
import { isOpenAiReasoningModel } from '../parameter-support';
import {
  openAiToolCalls,
  openAiToolFields,
  OpenAiToolCallAssembler,
  readWholeToolCalls,
} from './openai-tools';
import {
  asNumber,
  invalidReply,
  optionalRecord,
  optionalString,
  parseEventJson,
  requiredArray,
  STREAM_ENDED_EARLY,
  toBase64,
  UpstreamStreamError,
  withoutTrailingSlash,
  type SseDecoder,
  type SseWire,
  type WireEvent,
} from './wire';

/**
 * OpenAI-compatible chat completions (`POST {base}/chat/completions`, stream + include_usage),
 * spoken by OpenAI, xAI and the offline demo model. Bodies match what the official `openai`
 * SDK sends for the same request.
 */
export interface OpenAiWireConfig {
  baseUrl: () => string | Promise<string>;
  apiKey: string;
  /** OpenAI reasoning models take `max_completion_tokens` and a `developer` system turn. */
  dialect: 'openai' | 'xai';
}

function toMessage(turn: ChatTurn): Record<string, unknown> {
  if (turn.role === 'tool')
    return { role: 'tool', tool_call_id: turn.toolCallId, content: turn.content };
  if (turn.role === 'assistant') {
    const text =
      typeof turn.content === 'string'
        ? turn.content
        : turn.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    const calls = turn.toolCalls ?? [];
    if (calls.length === 0) return { role: 'assistant', content: text };
    // An assistant turn that only calls tools has null content, as the API answers it.
    return {
      role: 'assistant',
      content: text === '' ? null : text,
      tool_calls: openAiToolCalls(calls),
    };
  }
  if (typeof turn.content === 'string') return { role: 'user', content: turn.content };
  const [only] = turn.content;
  if (turn.content.length === 1 && only?.type === 'text')
    return { role: 'user', content: only.text };
  return {
    role: 'user',
    content: turn.content.map((part) =>
      part.type === 'text'
        ? { type: 'text', text: part.text }
        : {
            type: 'image_url',
            image_url: { url: `data:${part.mediaType};base64,${toBase64(part.data)}` },
          },
    ),
  };
}

/** `stream: false` leaves both stream fields out, as the official SDK's body does. */
export function openAiRequestBody(
  request: ChatRequest,
  dialect: OpenAiWireConfig['dialect'],
  stream = true,
): Record<string, unknown> {
  const reasoning = dialect === 'openai' && isOpenAiReasoningModel(request.model);
  const messages: Record<string, unknown>[] = [];
  if (request.system !== undefined)
    messages.push({ role: reasoning ? 'developer' : 'system', content: request.system });
  for (const turn of request.messages) messages.push(toMessage(turn));
  const limit = request.maxOutputTokens;
  return {
    model: request.model,
    ...(limit === undefined
      ? {}
      : reasoning || dialect === 'xai'
        ? { max_completion_tokens: limit }
        : { max_tokens: limit }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { top_p: request.topP }),
    ...(request.stopSequences === undefined ? {} : { stop: request.stopSequences }),
    ...(request.reasoningEffort === undefined ? {} : { reasoning_effort: request.reasoningEffort }),
    messages,
    ...openAiToolFields(request),
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  };
}

function toFinishReason(reason: string, calls: number): FinishReason {
  // xAI and some compatible servers end a step of calls with `stop`.
  if (reason === 'tool_calls' || reason === 'function_call' || (calls > 0 && reason === 'stop'))
    return 'tool_calls';
  if (reason === 'stop' || reason === 'length' || reason === 'content_filter') return reason;
  return 'other';
}

function decoder(): SseDecoder {
  let finish: FinishReason | undefined;
  let inputTokens = 0;
  let outputTokens = 0;
  const calls = new OpenAiToolCallAssembler();
  return {
    event(_name, data, out: WireEvent[]) {
      if (data === '[DONE]') return;
      const chunk = parseEventJson(data);
      if (chunk.error !== undefined) throw new UpstreamStreamError(data);
      const usage = optionalRecord(chunk.usage, 'usage', data);
      if (usage) {
        inputTokens = asNumber(usage.prompt_tokens) ?? inputTokens;
        outputTokens = asNumber(usage.completion_tokens) ?? outputTokens;
      }
      // Every chunk has `choices`; the usage chunk has an empty one.
      const choices = requiredArray(chunk.choices, 'choices', data);
      if (choices.length === 0) return;
      const choice = optionalRecord(choices[0], 'choices[0]', data);
      if (!choice) return invalidReply('choices[0] is missing', data);
      const delta = optionalRecord(choice.delta, 'choices[0].delta', data);
      if (delta) {
        const content = optionalString(delta.content, 'choices[0].delta.content', data);
        if (content !== undefined && content !== '') out.push({ type: 'text', text: content });
        else if (typeof delta.reasoning_content === 'string') out.push({ type: 'reasoning' });
        if (delta.tool_calls !== undefined && delta.tool_calls !== null) {
          const whole = calls.add(delta.tool_calls, data);
          // A piece of arguments is not yet an event, but it shows the upstream is alive.
          if (whole.length === 0) out.push({ type: 'reasoning' });
          else out.push(...whole);
        }
      }
      const reason = optionalString(choice.finish_reason, 'choices[0].finish_reason', data);
      if (reason !== undefined) {
        out.push(...calls.finish(data));
        finish = toFinishReason(reason, calls.count);
      }
    },
    end(_stray, out) {
      if (finish === undefined) throw new UpstreamStreamError(STREAM_ENDED_EARLY);
      out.push({ type: 'usage', inputTokens, outputTokens }, { type: 'finish', reason: finish });
    },
  };
}

/** A whole `chat.completion` object, read as the events its stream would have carried. */
function decodeWhole(body: string): WireEvent[] {
  const answer = parseEventJson(body, 'answer');
  if (answer.error !== undefined) throw new UpstreamStreamError(body);
  const choices = requiredArray(answer.choices, 'choices', body);
  const choice = optionalRecord(choices[0], 'choices[0]', body);
  if (!choice) return invalidReply('choices[0] is missing', body);
  const message = optionalRecord(choice.message, 'choices[0].message', body);
  const text = optionalString(message?.content, 'choices[0].message.content', body);
  const calls = readWholeToolCalls(message?.tool_calls, body);
  const reason = optionalString(choice.finish_reason, 'choices[0].finish_reason', body);
  if (reason === undefined) return invalidReply('choices[0].finish_reason is missing', body);
  const usage = optionalRecord(answer.usage, 'usage', body);
  const out: WireEvent[] = text ? [{ type: 'text', text }] : [];
  out.push(...calls);
  out.push(
    {
      type: 'usage',
      inputTokens: asNumber(usage?.prompt_tokens) ?? 0,
      outputTokens: asNumber(usage?.completion_tokens) ?? 0,
    },
    { type: 'finish', reason: toFinishReason(reason, calls.length) },
  );
  return out;
}

export function openAiWire(config: OpenAiWireConfig): SseWire {
  const url = async () => `${withoutTrailingSlash(await config.baseUrl())}/chat/completions`;
  const headers = { authorization: `Bearer ${config.apiKey}` };
  return {
    target: async (request) => ({
      url: await url(),
      headers,
      body: openAiRequestBody(request, config.dialect),
    }),
    decoder,
    whole: {
      target: async (request) => ({
        url: await url(),
        headers,
        body: openAiRequestBody(request, config.dialect, false),
      }),
      decode: decodeWhole,
    },
  };
}
