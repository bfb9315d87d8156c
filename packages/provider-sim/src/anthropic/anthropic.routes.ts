import { randomBytes } from 'node:crypto';
import type { Exchange } from '../exchange';
import { handleGeneration, type ParsedGeneration } from '../generation-request';
import { bearerToken, headerValue, isRecord, sendJson } from '../http-io';
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
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      return { invalid: `messages.${index}.role: Input should be 'user' or 'assistant'` };
    }
    const text = textOfContent(message.content);
    inputTexts.push(text);
    if (message.role === 'user') lastUserPrompt = text;
  }
  return {
    model: body.model,
    stream: body.stream === true,
    includeUsage: true,
    inputTexts,
    lastUserPrompt,
    maxTokens,
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
    newId: () => `msg_01${randomBytes(18).toString('base64url').slice(0, 22)}`,
  });
}
