import type { ChatRequest, ChatTurn, FinishReason } from '../chat-types';
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

/** OpenAI's reasoning models: o-series and gpt-5+ (except the gpt-5-chat variants) are reasoning models. */
function isOpenAiReasoningModel(model: string): boolean {
  if (/^o\d+(?:-|$)/.test(model)) return true;
  const gpt = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(model);
  if (!gpt) return false;
  const chatVariant = gpt[2] === undefined && (gpt[3]?.startsWith('chat') ?? false);
  return Number(gpt[1]) >= 5 && !chatVariant;
}

function toMessage(turn: ChatTurn): Record<string, unknown> {
  if (typeof turn.content === 'string') return { role: turn.role, content: turn.content };
  if (turn.role === 'assistant')
    return {
      role: 'assistant',
      content: turn.content.map((p) => (p.type === 'text' ? p.text : '')).join(''),
    };
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

export function openAiRequestBody(
  request: ChatRequest,
  dialect: OpenAiWireConfig['dialect'],
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
    messages,
    stream: true,
    stream_options: { include_usage: true },
  };
}

function toFinishReason(reason: string): FinishReason {
  if (reason === 'stop' || reason === 'length' || reason === 'content_filter') return reason;
  return 'other';
}

function decoder(): SseDecoder {
  let finish: FinishReason | undefined;
  let inputTokens = 0;
  let outputTokens = 0;
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
      }
      const reason = optionalString(choice.finish_reason, 'choices[0].finish_reason', data);
      if (reason !== undefined) finish = toFinishReason(reason);
    },
    end(_stray, out) {
      if (finish === undefined) throw new UpstreamStreamError(STREAM_ENDED_EARLY);
      out.push({ type: 'usage', inputTokens, outputTokens }, { type: 'finish', reason: finish });
    },
  };
}

export function openAiWire(config: OpenAiWireConfig): SseWire {
  return {
    target: async (request) => ({
      url: `${withoutTrailingSlash(await config.baseUrl())}/chat/completions`,
      headers: { authorization: `Bearer ${config.apiKey}` },
      body: openAiRequestBody(request, config.dialect),
    }),
    decoder,
  };
}
