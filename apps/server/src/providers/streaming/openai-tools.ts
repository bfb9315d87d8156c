import type { ChatRequest, ChatStreamEvent, ToolCall, ToolChoice } from '../chat-types';
import { asNumber, invalidReply, optionalRecord, optionalString, requiredArray } from './wire';

/** Chat Completions' tool fields of a request; nothing when it offers no tools. */
export function openAiToolFields(request: ChatRequest): Record<string, unknown> {
  const tools = request.tools ?? [];
  if (tools.length === 0) return {};
  return {
    tools: tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    })),
    ...(request.toolChoice === undefined ? {} : { tool_choice: toolChoice(request.toolChoice) }),
    ...(request.parallelToolCalls === undefined
      ? {}
      : { parallel_tool_calls: request.parallelToolCalls }),
  };
}

function toolChoice(choice: ToolChoice): unknown {
  return typeof choice === 'string'
    ? choice
    : { type: 'function', function: { name: choice.name } };
}

export function openAiToolCalls(calls: readonly ToolCall[]): Record<string, unknown>[] {
  return calls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
}

/** A call made without arguments may come as `""`; the JSON of no arguments is `{}`. */
function argumentsText(text: string): string {
  return text === '' ? '{}' : text;
}

export type ToolCallEvent = Extract<ChatStreamEvent, { type: 'tool_call' }>;

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Assembles `delta.tool_calls` pieces: the first piece of a call has its index, id and name,
 * later ones add to its arguments. A call is whole when a later call starts or the step
 * finishes; `complete` hands over every whole call once, in order.
 */
export class OpenAiToolCallAssembler {
  readonly #calls: PendingCall[] = [];
  #handedOver = 0;
  #wireIndexes = new Map<number, number>();

  get count(): number {
    return this.#calls.length;
  }

  /** Reads one delta's `tool_calls`; returns the calls it showed complete. */
  add(value: unknown, data: string): ToolCallEvent[] {
    for (const item of requiredArray(value, 'delta.tool_calls', data)) {
      const piece = optionalRecord(item, 'delta.tool_calls[]', data);
      if (!piece) return invalidReply('delta.tool_calls[] is missing', data);
      const wireIndex = asNumber(piece.index);
      if (wireIndex === undefined)
        return invalidReply('delta.tool_calls[].index is not a number', data);
      const id = optionalString(piece.id, 'delta.tool_calls[].id', data);
      const fn = optionalRecord(piece.function, 'delta.tool_calls[].function', data);
      const name = optionalString(fn?.name, 'delta.tool_calls[].function.name', data);
      const args = optionalString(fn?.arguments, 'delta.tool_calls[].function.arguments', data);
      let at = this.#wireIndexes.get(wireIndex);
      // Some compatible servers number every call 0: a new id at a used index is a new call.
      const known = at === undefined ? undefined : this.#calls[at];
      if (
        at === undefined ||
        (id !== undefined && id !== '' && known?.id !== '' && known?.id !== id)
      ) {
        at = this.#calls.length;
        this.#wireIndexes.set(wireIndex, at);
        this.#calls.push({ id: '', name: '', arguments: '' });
      }
      const call = this.#calls[at]!;
      if (id !== undefined && call.id === '') call.id = id;
      if (name !== undefined && call.name === '') call.name = name;
      if (args !== undefined) call.arguments += args;
    }
    // Every call before the newest one is whole.
    return this.#handOver(this.#calls.length - 1, data);
  }

  /** The step finished: every call not yet handed over is whole. */
  finish(data: string): ToolCallEvent[] {
    return this.#handOver(this.#calls.length, data);
  }

  #handOver(until: number, data: string): ToolCallEvent[] {
    const out: ToolCallEvent[] = [];
    for (; this.#handedOver < until; this.#handedOver++) {
      const call = this.#calls[this.#handedOver]!;
      if (call.id === '' || call.name === '')
        return invalidReply('a tool call without an id or a name', data);
      out.push({
        type: 'tool_call',
        index: this.#handedOver,
        call: { id: call.id, name: call.name, arguments: argumentsText(call.arguments) },
      });
    }
    return out;
  }
}

/** `message.tool_calls` of a whole answer. */
export function readWholeToolCalls(value: unknown, body: string): ToolCallEvent[] {
  if (value === undefined || value === null) return [];
  const assembler = new OpenAiToolCallAssembler();
  const out: ToolCallEvent[] = [];
  requiredArray(value, 'choices[0].message.tool_calls', body).forEach((item, index) => {
    const call = optionalRecord(item, 'choices[0].message.tool_calls[]', body);
    // A whole answer's calls carry no index; their place is their order.
    out.push(...assembler.add([{ ...call, index }], body));
  });
  out.push(...assembler.finish(body));
  return out;
}
