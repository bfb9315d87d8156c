import type { OpenAiChatRequest, OpenAiMessage, OpenAiToolChoice } from '@parallax/contract';
import type { ChatTurn, ToolChoice, ToolSpec } from '../../../providers/chat-types';
import { estimateTokens } from '../../../providers/context';
import type { ModelChatRequest } from '../../models/models.service';
import { invalidRequest } from './openai-error';

type Content = Extract<OpenAiMessage, { role: 'user' }>['content'];

function textOf(content: Content | null | undefined): string {
  if (content === null || content === undefined) return '';
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

/** Providers that need a schema (Gemini, Anthropic) get an empty object one when none is given. */
const NO_PARAMETERS: Readonly<Record<string, unknown>> = Object.freeze({
  type: 'object',
  properties: {},
});

function toToolSpecs(tools: OpenAiChatRequest['tools']): ToolSpec[] | undefined {
  if (!tools || tools.length === 0) return undefined;
  return tools.map(({ function: fn }) => ({
    name: fn.name,
    description: fn.description ?? '',
    parameters: fn.parameters ?? { ...NO_PARAMETERS },
  }));
}

function toToolChoice(choice: OpenAiToolChoice | null | undefined): ToolChoice | undefined {
  if (choice === null || choice === undefined) return undefined;
  return typeof choice === 'string' ? choice : { name: choice.function.name };
}

/**
 * OpenAI messages as the adapters' request: system and developer turns become the system
 * prompt (joined in order, as providers with one system slot expect), the rest the turns.
 * A tool result carries the name of the call it answers (Gemini matches results by name);
 * the contract has already checked that every result answers a call right before it.
 */
export function toModelChatRequest(body: OpenAiChatRequest): ModelChatRequest {
  const system: string[] = [];
  const messages: ChatTurn[] = [];
  const callNames = new Map<string, string>();
  for (const [index, message] of body.messages.entries()) {
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(textOf(message.content));
        break;
      case 'user':
        messages.push({ role: 'user', content: textOf(message.content) });
        break;
      case 'assistant': {
        const calls = (message.tool_calls ?? []).map((call) => ({
          id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
          signature: call.extra_content?.google?.thought_signature,
        }));
        for (const call of calls) callNames.set(call.id, call.name);
        messages.push({
          role: 'assistant',
          content: textOf(message.content),
          ...(calls.length > 0 ? { toolCalls: calls } : {}),
        });
        break;
      }
      case 'tool': {
        const name = callNames.get(message.tool_call_id);
        if (name === undefined)
          throw invalidRequest(
            `messages[${index}].tool_call_id: no earlier tool call has this id`,
            `messages[${index}].tool_call_id`,
          );
        messages.push({
          role: 'tool',
          toolCallId: message.tool_call_id,
          name,
          content: textOf(message.content),
        });
        break;
      }
    }
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
  const tools = toToolSpecs(body.tools);
  return {
    messages,
    system: system.length === 0 ? undefined : system.join('\n\n'),
    maxOutputTokens: maxTokens,
    temperature: body.temperature ?? undefined,
    topP: body.top_p ?? undefined,
    stopSequences: stop === undefined || stop.length === 0 ? undefined : stop,
    ...(tools
      ? {
          tools,
          toolChoice: toToolChoice(body.tool_choice),
          parallelToolCalls: body.parallel_tool_calls ?? undefined,
        }
      : {}),
  };
}

/** The prompt's tokens, estimated, for a call whose upstream never reported them (a hang-up). */
export function estimatePromptTokens(request: ModelChatRequest): number {
  let tokens = request.system === undefined ? 0 : estimateTokens(request.system);
  for (const turn of request.messages) {
    tokens += typeof turn.content === 'string' ? estimateTokens(turn.content) : 0;
    if (turn.role === 'assistant')
      for (const call of turn.toolCalls ?? []) tokens += estimateTokens(call.arguments);
  }
  for (const tool of request.tools ?? [])
    tokens += estimateTokens(tool.description) + estimateTokens(JSON.stringify(tool.parameters));
  return tokens;
}
