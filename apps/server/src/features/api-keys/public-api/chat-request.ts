import type { OpenAiChatRequest, OpenAiMessage } from '@parallax/contract';
import type { ChatTurn } from '../../../providers/chat-types';
import { estimateTokens } from '../../../providers/context';
import type { ModelChatRequest } from '../../models/models.service';
import { invalidRequest } from './openai-error';

function textOf(content: OpenAiMessage['content']): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

/**
 * OpenAI messages as the adapters' request: system and developer turns become the system
 * prompt (joined in order, as providers with one system slot expect), the rest the turns.
 */
export function toModelChatRequest(body: OpenAiChatRequest): ModelChatRequest {
  const system: string[] = [];
  const messages: ChatTurn[] = [];
  for (const message of body.messages) {
    const text = textOf(message.content);
    if (message.role === 'system' || message.role === 'developer') system.push(text);
    else messages.push({ role: message.role, content: text });
  }
  if (messages.length === 0)
    throw invalidRequest(
      'messages: at least one user or assistant message is required',
      'messages',
    );
  const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  const stop =
    body.stop === null || body.stop === undefined
      ? undefined
      : typeof body.stop === 'string'
        ? [body.stop]
        : body.stop;
  return {
    messages,
    system: system.length === 0 ? undefined : system.join('\n\n'),
    maxOutputTokens: maxTokens,
    temperature: body.temperature ?? undefined,
    topP: body.top_p ?? undefined,
    stopSequences: stop === undefined || stop.length === 0 ? undefined : stop,
  };
}

/** The prompt's tokens, estimated, for a call whose upstream never reported them (a hang-up). */
export function estimatePromptTokens(request: ModelChatRequest): number {
  let tokens = request.system === undefined ? 0 : estimateTokens(request.system);
  for (const turn of request.messages)
    tokens += typeof turn.content === 'string' ? estimateTokens(turn.content) : 0;
  return tokens;
}
