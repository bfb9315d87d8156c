import { randomBytes } from 'node:crypto';
import type { Exchange } from '../exchange';
import { handleGeneration, type ParsedGeneration } from '../generation-request';
import { bearerToken, headerValue, isRecord, sendJson } from '../http-io';
import type { ToolConversation } from '../tool-directive';
import { anthropicWire } from './anthropic.wire';

function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

function blocksOf(content: unknown): Record<string, unknown>[] {
  return Array.isArray(content) ? content.filter(isRecord) : [];
}

/** A user turn that only carries tool results answers the model; it is not a new prompt. */
function isToolResultTurn(message: Record<string, unknown>): boolean {
  const blocks = blocksOf(message.content);
  return blocks.length > 0 && blocks.every((block) => block.type === 'tool_result');
}

function readToolTurns(
  messages: readonly Record<string, unknown>[],
  body: Record<string, unknown>,
): ToolConversation {
  const lastPrompt = messages.findLastIndex((m) => m.role === 'user' && !isToolResultTurn(m));
  let stepsTaken = 0;
  const results: string[] = [];
  for (const message of messages.slice(lastPrompt + 1)) {
    const blocks = blocksOf(message.content);
    if (message.role === 'assistant' && blocks.some((block) => block.type === 'tool_use'))
      stepsTaken++;
    for (const block of blocks)
      if (block.type === 'tool_result') results.push(textOfContent(block.content));
  }
  const offered = Array.isArray(body.tools)
    ? body.tools.flatMap((tool) =>
        isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [],
      )
    : [];
  const choiceNone = isRecord(body.tool_choice) && body.tool_choice.type === 'none';
  return { offered, choiceNone, stepsTaken, results };
}

export function parseMessagesRequest(body: unknown): ParsedGeneration | { invalid: string } {
  if (!isRecord(body)) return { invalid: 'Request body must be a JSON object' };
  if (typeof body.model !== 'string' || body.model === '')
    return { invalid: 'model: Field required' };
  const maxTokens = body.max_tokens;
  if (maxTokens === undefined) return { invalid: 'max_tokens: Field required' };
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    return { invalid: 'max_tokens: Input should be a valid integer greater than or equal to 1' };
  }
  const messages = body.messages;
  if (!Array.isArray(messages)) return { invalid: 'messages: Field required' };
  if (messages.length === 0) return { invalid: 'messages: at least one message is required' };
  const inputTexts = [textOfContent(body.system)];
  let lastUserPrompt = '';
  const turns: Record<string, unknown>[] = [];
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      return { invalid: `messages.${index}.role: Input should be 'user' or 'assistant'` };
    }
    turns.push(message);
    const text = textOfContent(message.content);
    inputTexts.push(text);
    if (message.role === 'user' && !isToolResultTurn(message)) lastUserPrompt = text;
  }
  return {
    model: body.model,
    stream: body.stream === true,
    includeUsage: true,
    inputTexts,
    lastUserPrompt,
    maxTokens,
    tools: readToolTurns(turns, body),
  };
}

/**
 * The API takes the key as `x-api-key` (older SDKs, curl examples) or as `Authorization: Bearer`
 * (the SDK from 1.0 on); either one counts.
 */
function hasKey(exchange: Exchange): boolean {
  return (
    headerValue(exchange.req, 'x-api-key') !== undefined || bearerToken(exchange.req) !== undefined
  );
}

export async function handleMessages(exchange: Exchange): Promise<void> {
  if (hasKey(exchange) && headerValue(exchange.req, 'anthropic-version') === undefined) {
    exchange.log.update(exchange.record, { provider: 'anthropic' });
    const error = anthropicWire.error('invalid_request', {
      provider: 'anthropic',
      model: undefined,
      promptTokens: 0,
      contextWindow: 0,
      detail: 'anthropic-version: header is required',
    });
    exchange.log.update(exchange.record, { status: error.status });
    sendJson(exchange.res, error.status, error.body, error.headers);
    exchange.log.finish(exchange.record, 'error');
    return;
  }
  await handleGeneration(exchange, {
    wire: anthropicWire,
    provider: () => 'anthropic',
    hasKey: hasKey(exchange),
    parse: parseMessagesRequest,
    callIdPrefix: 'toolu_01',
    newId: () => `msg_01${randomBytes(18).toString('base64url').slice(0, 22)}`,
  });
}
