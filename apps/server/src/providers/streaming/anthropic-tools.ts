import type { ChatRequest, ToolCall } from '../chat-types';
import type { ToolCallEvent } from './openai-tools';
import { invalidReply, optionalString } from './wire';

/** Messages' tool fields of a request; nothing when it offers no tools. */
export function anthropicToolFields(request: ChatRequest): Record<string, unknown> {
  const tools = request.tools ?? [];
  if (tools.length === 0) return {};
  const choice = request.toolChoice ?? 'auto';
  const base =
    choice === 'auto'
      ? { type: 'auto' }
      : choice === 'none'
        ? { type: 'none' }
        : choice === 'required'
          ? { type: 'any' }
          : { type: 'tool', name: choice.name };
  // `none` takes no parallel setting; the others say it as its opposite.
  const parallel =
    request.parallelToolCalls === false && base.type !== 'none'
      ? { disable_parallel_tool_use: true }
      : {};
  const explicit = request.toolChoice !== undefined || 'disable_parallel_tool_use' in parallel;
  return {
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.parameters,
    })),
    ...(explicit ? { tool_choice: { ...base, ...parallel } } : {}),
  };
}

/** The JSON text of a call's arguments as the object `tool_use.input` needs. */
function inputOf(call: ToolCall): unknown {
  try {
    const value: unknown = JSON.parse(call.arguments);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export function toolUseBlocks(calls: readonly ToolCall[]): Record<string, unknown>[] {
  return calls.map((call) => ({
    type: 'tool_use',
    id: call.id,
    name: call.name,
    input: inputOf(call),
  }));
}

export function toolResultBlock(turn: {
  toolCallId: string;
  content: string;
  isError?: boolean | undefined;
}): Record<string, unknown> {
  return {
    type: 'tool_result',
    tool_use_id: turn.toolCallId,
    content: turn.content,
    ...(turn.isError ? { is_error: true } : {}),
  };
}

interface OpenBlock {
  id: string;
  name: string;
  json: string;
  /** `input` of content_block_start, used when no input_json_delta follows. */
  startInput: string;
}

/**
 * Assembles `tool_use` content blocks: started with id and name, their input streamed as
 * `input_json_delta` pieces, whole at `content_block_stop`.
 */
export class AnthropicToolUseAssembler {
  readonly #open = new Map<number, OpenBlock>();
  #count = 0;

  get count(): number {
    return this.#count;
  }

  start(index: number, block: Record<string, unknown>, data: string): void {
    const id = optionalString(block.id, 'content_block.id', data);
    const name = optionalString(block.name, 'content_block.name', data);
    if (id === undefined || name === undefined)
      return invalidReply('a tool_use block without an id or a name', data);
    const input = block.input;
    if (
      input !== undefined &&
      (typeof input !== 'object' || input === null || Array.isArray(input))
    )
      return invalidReply('content_block.input is not an object', data);
    const startInput = input === undefined ? '' : JSON.stringify(input);
    this.#open.set(index, { id, name, json: '', startInput });
  }

  delta(index: number, partial: unknown, data: string): void {
    const piece = optionalString(partial, 'delta.partial_json', data);
    if (piece === undefined) return invalidReply('input_json_delta without partial_json', data);
    const block = this.#open.get(index);
    if (block) block.json += piece;
  }

  stop(index: number): ToolCallEvent | undefined {
    const block = this.#open.get(index);
    if (!block) return undefined;
    this.#open.delete(index);
    const text = block.json !== '' ? block.json : block.startInput;
    return {
      type: 'tool_call',
      index: this.#count++,
      call: { id: block.id, name: block.name, arguments: text === '' ? '{}' : text },
    };
  }
}
