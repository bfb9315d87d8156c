import type {
  OpenAiChatCompletion,
  OpenAiFinishReason,
  OpenAiToolCall,
  OpenAiUsage,
} from '@parallax/contract';
import type { FinishReason, TokenUsage, ToolCall } from '../../../providers/chat-types';

/**
 * An answer that made calls ends with `tool_calls` whatever the provider called its end
 * (Gemini says STOP): callers decide to run tools by this reason.
 */
export function toOpenAiFinish(reason: FinishReason, madeCalls = false): OpenAiFinishReason {
  if (madeCalls && (reason === 'stop' || reason === 'other')) return 'tool_calls';
  return reason === 'other' ? 'stop' : reason;
}

function extraOf(call: ToolCall): Pick<OpenAiToolCall, 'extra_content'> {
  return call.signature === undefined
    ? {}
    : { extra_content: { google: { thought_signature: call.signature } } };
}

export function toOpenAiToolCall(call: ToolCall): OpenAiToolCall {
  return {
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
    ...extraOf(call),
  };
}

export function toOpenAiUsage(usage: TokenUsage): OpenAiUsage {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

export interface CompletionMeta {
  id: string;
  created: number;
  model: string;
}

export function newCompletionMeta(model: string): CompletionMeta {
  return {
    id: `chatcmpl-${crypto.randomUUID().replaceAll('-', '')}`,
    created: Math.floor(Date.now() / 1000),
    model,
  };
}

export interface Answer {
  text: string;
  toolCalls: readonly ToolCall[];
  finishReason: FinishReason;
  usage: TokenUsage;
}

export function completionBody(meta: CompletionMeta, answer: Answer): OpenAiChatCompletion {
  const madeCalls = answer.toolCalls.length > 0;
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          // OpenAI sends null, not "", for an answer that is only calls.
          content: madeCalls && answer.text === '' ? null : answer.text,
          refusal: null,
          ...(madeCalls ? { tool_calls: answer.toolCalls.map(toOpenAiToolCall) } : {}),
        },
        logprobs: null,
        finish_reason: toOpenAiFinish(answer.finishReason, madeCalls),
      },
    ],
    usage: toOpenAiUsage(answer.usage),
  };
}

/**
 * The `data:` lines of a streamed answer. The parts every chunk shares are serialised once;
 * a token costs one JSON.stringify of its text.
 */
export class ChunkWriter {
  readonly #head: string;
  readonly #usageField: string;

  constructor(
    private readonly meta: CompletionMeta,
    /** stream_options.include_usage: every chunk carries `usage: null`, the last one the usage. */
    private readonly includeUsage: boolean,
  ) {
    this.#head = `data: {"id":${JSON.stringify(meta.id)},"object":"chat.completion.chunk","created":${meta.created},"model":${JSON.stringify(meta.model)},"choices":[`;
    this.#usageField = includeUsage ? ',"usage":null' : '';
  }

  role(callsFirst = false): string {
    return `${this.#head}{"index":0,"delta":{"role":"assistant","content":${callsFirst ? 'null' : '""'}},"logprobs":null,"finish_reason":null}]${this.#usageField}}\n\n`;
  }

  text(text: string): string {
    return `${this.#head}{"index":0,"delta":{"content":${JSON.stringify(text)}},"logprobs":null,"finish_reason":null}]${this.#usageField}}\n\n`;
  }

  /**
   * One whole call as OpenAI streams it: a chunk with its id, type, name and empty arguments,
   * then its arguments (OpenAI sends them in pieces; one piece is as valid to every reader).
   */
  toolCall(index: number, call: ToolCall): string {
    const opening = {
      index,
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: '' },
      ...extraOf(call),
    };
    const rest = { index, function: { arguments: call.arguments } };
    return `${this.#toolCallChunk(opening)}${this.#toolCallChunk(rest)}`;
  }

  #toolCallChunk(delta: object): string {
    return `${this.#head}{"index":0,"delta":{"tool_calls":[${JSON.stringify(delta)}]},"logprobs":null,"finish_reason":null}]${this.#usageField}}\n\n`;
  }

  /** The finish chunk, the usage chunk when asked for, and the end marker. */
  end(finish: FinishReason, usage: TokenUsage, madeCalls: boolean): string {
    let out = `${this.#head}{"index":0,"delta":{},"logprobs":null,"finish_reason":"${toOpenAiFinish(finish, madeCalls)}"}]${this.#usageField}}\n\n`;
    if (this.includeUsage)
      out += `${this.#head}],"usage":${JSON.stringify(toOpenAiUsage(usage))}}\n\n`;
    return `${out}data: [DONE]\n\n`;
  }

  /** A failure after the stream started: OpenAI's error event, then the end marker. */
  error(body: unknown): string {
    return `data: ${JSON.stringify(body)}\n\ndata: [DONE]\n\n`;
  }
}
