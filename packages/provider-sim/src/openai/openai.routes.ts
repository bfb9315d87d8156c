import { randomBytes } from 'node:crypto';
import type { Provider } from '@parallax/contract';
import type { Exchange } from '../exchange';
import { handleGeneration, type ParsedGeneration } from '../generation-request';
import { bearerToken, isRecord, sendJson } from '../http-io';
import type { ToolConversation } from '../tool-directive';
import { openAiWire } from './openai.wire';

/** Models listed by GET /v1/models; any model name is accepted for generation. */
const LISTED_MODELS: ReadonlyArray<{ id: string; owned_by: string }> = [
  { id: 'gpt-4.1', owned_by: 'system' },
  { id: 'gpt-4.1-mini', owned_by: 'system' },
  { id: 'gpt-4o', owned_by: 'system' },
  { id: 'gpt-4o-mini', owned_by: 'system' },
  { id: 'grok-4', owned_by: 'xai' },
  { id: 'grok-3-mini', owned_by: 'xai' },
];
const LISTED_CREATED = 1_715_367_049;

/** xAI serves the same wire format at the same path; its models are the grok-* ones. */
export function openAiCompatibleProvider(model: string | undefined): Provider {
  return model?.toLowerCase().startsWith('grok') ? 'grok' : 'openai';
}

function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

function offeredTools(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) =>
    isRecord(tool) && isRecord(tool.function) && typeof tool.function.name === 'string'
      ? [tool.function.name]
      : [],
  );
}

/** Tool-call turns and `tool` results after the last user message. */
function readToolTurns(
  messages: readonly unknown[],
  body: Record<string, unknown>,
): ToolConversation {
  const lastUser = messages.findLastIndex((m) => isRecord(m) && m.role === 'user');
  let stepsTaken = 0;
  const results: string[] = [];
  for (const message of messages.slice(lastUser + 1)) {
    if (!isRecord(message)) continue;
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) stepsTaken++;
    else if (message.role === 'tool') results.push(textOfContent(message.content));
  }
  return {
    offered: offeredTools(body.tools),
    choiceNone: body.tool_choice === 'none',
    stepsTaken,
    results,
  };
}

export function parseChatCompletion(body: unknown): ParsedGeneration | { invalid: string } {
  if (!isRecord(body)) return { invalid: 'The request body must be a JSON object.' };
  if (typeof body.model !== 'string' || body.model === '') {
    return { invalid: 'you must provide a model parameter' };
  }
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    return {
      invalid:
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
    };
  }
  const inputTexts: string[] = [];
  let lastUserPrompt = '';
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || typeof message.role !== 'string') {
      return { invalid: `Invalid value for 'messages[${index}].role': expected a string.` };
    }
    const text = textOfContent(message.content);
    inputTexts.push(text);
    if (message.role === 'user') lastUserPrompt = text;
  }
  const cap = body.max_completion_tokens ?? body.max_tokens;
  if (
    cap !== undefined &&
    cap !== null &&
    (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1)
  ) {
    return { invalid: "Invalid 'max_tokens': integer below minimum value. Expected a value >= 1." };
  }
  const streamOptions = isRecord(body.stream_options) ? body.stream_options : {};
  return {
    model: body.model,
    stream: body.stream === true,
    includeUsage: streamOptions.include_usage === true,
    inputTexts,
    lastUserPrompt,
    maxTokens: typeof cap === 'number' ? cap : undefined,
    tools: readToolTurns(messages, body),
  };
}

export function handleChatCompletions(exchange: Exchange): Promise<void> {
  return handleGeneration(exchange, {
    wire: openAiWire,
    provider: openAiCompatibleProvider,
    hasKey: bearerToken(exchange.req) !== undefined,
    parse: parseChatCompletion,
    callIdPrefix: 'call_',
    newId: () => `chatcmpl-${randomBytes(15).toString('base64url')}`,
  });
}

export function handleListModels(exchange: Exchange): void {
  exchange.log.update(exchange.record, { provider: 'openai', status: 200 });
  if (bearerToken(exchange.req) === undefined) {
    const error = openAiWire.error('missing_key', {
      provider: 'openai',
      model: undefined,
      promptTokens: 0,
      contextWindow: 0,
    });
    exchange.log.update(exchange.record, { status: error.status });
    sendJson(exchange.res, error.status, error.body);
  } else {
    sendJson(exchange.res, 200, {
      object: 'list',
      data: LISTED_MODELS.map((model) => ({ ...model, object: 'model', created: LISTED_CREATED })),
    });
  }
  exchange.log.finish(exchange.record, exchange.record.status === 200 ? 'completed' : 'error');
}
