import type { ChatRequest, ChatTurn, FinishReason } from '../chat-types';
import { THINKING_BUDGET } from '../parameter-support';
import {
  anthropicToolFields,
  AnthropicToolUseAssembler,
  toolResultBlock,
  toolUseBlocks,
} from './anthropic-tools';
import {
  asNumber,
  invalidReply,
  optionalRecord,
  optionalString,
  parseEventJson,
  STREAM_ENDED_EARLY,
  toBase64,
  UpstreamStreamError,
  withoutTrailingSlash,
  type SseDecoder,
  type SseWire,
} from './wire';

const DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';
// What the official SDK (1.x) sends; the API still accepts 2023-06-01 and the x-api-key header.
const ANTHROPIC_VERSION = '2026-10-21';

/** max_tokens is required; without a limit from the caller we ask for the model's maximum output. */
function defaultMaxTokens(model: string): number {
  if (/claude-(opus|sonnet)-4-[6-9]|claude-(opus|sonnet|haiku|fable)-5/.test(model)) return 128_000;
  if (/claude-(sonnet|opus|haiku)-4-5|claude-sonnet-4-|claude-3-7-sonnet/.test(model))
    return 64_000;
  if (/claude-opus-4-/.test(model)) return 32_000;
  return 4_096;
}

type ContentTurn = Exclude<ChatTurn, { role: 'tool' }>;

function toMessage(turn: ContentTurn): { role: string; content: Record<string, unknown>[] } {
  const parts =
    typeof turn.content === 'string'
      ? [{ type: 'text' as const, text: turn.content }]
      : turn.content;
  return {
    role: turn.role,
    content: parts.flatMap((part): Record<string, unknown>[] =>
      part.type === 'text'
        ? [{ type: 'text', text: part.text }]
        : turn.role === 'user'
          ? [
              {
                type: 'image',
                source: { type: 'base64', media_type: part.mediaType, data: toBase64(part.data) },
              },
            ]
          : [],
    ),
  };
}

/**
 * The turns as Messages wants them: an assistant turn's calls as tool_use blocks after its
 * text, the results as tool_result blocks of one user turn, which also takes a user turn that
 * follows them (roles must alternate, results first).
 */
function toMessages(turns: readonly ChatTurn[]): Record<string, unknown>[] {
  const messages: Array<{ role: string; content: Record<string, unknown>[] }> = [];
  let resultsTurn: { role: string; content: Record<string, unknown>[] } | undefined;
  for (const turn of turns) {
    if (turn.role === 'tool') {
      if (!resultsTurn) {
        resultsTurn = { role: 'user', content: [] };
        messages.push(resultsTurn);
      }
      resultsTurn.content.push(toolResultBlock(turn));
      continue;
    }
    const message = toMessage(turn);
    if (turn.role === 'assistant' && turn.toolCalls && turn.toolCalls.length > 0)
      // The API refuses empty text blocks; a turn that only calls tools has none.
      message.content = [
        ...message.content.filter((block) => block.type !== 'text' || block.text !== ''),
        ...toolUseBlocks(turn.toolCalls),
      ];
    if (resultsTurn && turn.role === 'user') resultsTurn.content.push(...message.content);
    else messages.push(message);
    resultsTurn = undefined;
  }
  return messages;
}

/**
 * Extended thinking is refused with a forced tool choice, and a step after tool calls would have
 * to send the earlier steps' signed thinking blocks back, which turns do not keep: such a
 * request goes without thinking.
 */
function thinkingRefusedWithTools(request: ChatRequest): boolean {
  if ((request.tools ?? []).length === 0) return false;
  const choice = request.toolChoice;
  if (choice === 'required' || typeof choice === 'object') return true;
  const lastPrompt = request.messages.findLastIndex((turn) => turn.role === 'user');
  return request.messages
    .slice(lastPrompt + 1)
    .some((turn) => turn.role === 'assistant' && (turn.toolCalls ?? []).length > 0);
}

export function anthropicRequestBody(request: ChatRequest): Record<string, unknown> {
  const budget =
    request.reasoningEffort === undefined || thinkingRefusedWithTools(request)
      ? undefined
      : THINKING_BUDGET[request.reasoningEffort];
  // Thinking tokens count inside max_tokens, which must stay above the budget.
  const maxTokens = request.maxOutputTokens ?? defaultMaxTokens(request.model);
  return {
    model: request.model,
    max_tokens: budget === undefined ? maxTokens : Math.max(maxTokens, budget + 1_024),
    ...(budget === undefined ? {} : { thinking: { type: 'enabled', budget_tokens: budget } }),
    ...(request.system === undefined ? {} : { system: [{ type: 'text', text: request.system }] }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { top_p: request.topP }),
    ...(request.stopSequences === undefined ? {} : { stop_sequences: request.stopSequences }),
    messages: toMessages(request.messages),
    ...anthropicToolFields(request),
    stream: true,
  };
}

function toFinishReason(reason: string): FinishReason {
  if (reason === 'tool_use') return 'tool_calls';
  if (reason === 'end_turn' || reason === 'stop_sequence' || reason === 'pause_turn') return 'stop';
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'length';
  if (reason === 'refusal') return 'content_filter';
  return 'other';
}

/** Prompt tokens include what was written to or read from the prompt cache. */
function inputTokensOf(usage: Record<string, unknown>): number | undefined {
  const input = asNumber(usage.input_tokens);
  if (input === undefined) return undefined;
  return (
    input +
    (asNumber(usage.cache_creation_input_tokens) ?? 0) +
    (asNumber(usage.cache_read_input_tokens) ?? 0)
  );
}

function blockIndex(event: Record<string, unknown>, data: string): number {
  const index = asNumber(event.index);
  return index === undefined ? invalidReply('content block event without an index', data) : index;
}

/** Anthropic Messages SSE: named events, text in content_block_delta, usage split over start and delta. */
function decoder(): SseDecoder {
  let finish: FinishReason | undefined;
  let inputTokens = 0;
  let outputTokens = 0;
  const toolUses = new AnthropicToolUseAssembler();
  return {
    event(name, data, out) {
      if (name === 'ping') return;
      if (name === 'error') throw new UpstreamStreamError(data);
      const event = parseEventJson(data);
      if (typeof event.type !== 'string') invalidReply('event without a type', data);
      switch (event.type) {
        case 'content_block_delta': {
          const delta = optionalRecord(event.delta, 'delta', data);
          if (!delta) return invalidReply('content_block_delta without a delta', data);
          if (delta.type === 'text_delta') {
            const text = optionalString(delta.text, 'delta.text', data);
            if (text === undefined) return invalidReply('text_delta without text', data);
            if (text !== '') out.push({ type: 'text', text });
          } else if (delta.type === 'thinking_delta') out.push({ type: 'reasoning' });
          else if (delta.type === 'input_json_delta') {
            toolUses.delta(blockIndex(event, data), delta.partial_json, data);
            // A piece of a call's input is not an event yet, but shows the upstream is alive.
            out.push({ type: 'reasoning' });
          }
          return;
        }
        case 'content_block_start': {
          const block = optionalRecord(event.content_block, 'content_block', data);
          if (!block) return invalidReply('content_block_start without a content_block', data);
          if (block.type === 'tool_use') toolUses.start(blockIndex(event, data), block, data);
          return;
        }
        case 'content_block_stop': {
          const call = toolUses.stop(blockIndex(event, data));
          if (call) out.push(call);
          return;
        }
        case 'message_start': {
          const message = optionalRecord(event.message, 'message', data);
          if (!message) return invalidReply('message_start without a message', data);
          const usage = optionalRecord(message.usage, 'message.usage', data);
          if (usage) {
            inputTokens = inputTokensOf(usage) ?? inputTokens;
            outputTokens = asNumber(usage.output_tokens) ?? outputTokens;
          }
          return;
        }
        case 'message_delta': {
          const delta = optionalRecord(event.delta, 'delta', data);
          const stop = optionalString(delta?.stop_reason, 'delta.stop_reason', data);
          if (stop !== undefined) finish = toFinishReason(stop);
          const usage = optionalRecord(event.usage, 'usage', data);
          if (usage) {
            inputTokens = inputTokensOf(usage) ?? inputTokens;
            outputTokens = asNumber(usage.output_tokens) ?? outputTokens;
          }
          return;
        }
        case 'error':
          throw new UpstreamStreamError(data);
        default:
          return;
      }
    },
    end(_stray, out) {
      if (finish === undefined) throw new UpstreamStreamError(STREAM_ENDED_EARLY);
      out.push({ type: 'usage', inputTokens, outputTokens }, { type: 'finish', reason: finish });
    },
  };
}

export function anthropicWire(config: { apiKey: string; baseUrl?: string | undefined }): SseWire {
  const url = `${withoutTrailingSlash(config.baseUrl ?? DEFAULT_BASE_URL)}/messages`;
  return {
    target: (request) => ({
      url,
      headers: { authorization: `Bearer ${config.apiKey}`, 'anthropic-version': ANTHROPIC_VERSION },
      body: anthropicRequestBody(request),
    }),
    decoder,
  };
}
