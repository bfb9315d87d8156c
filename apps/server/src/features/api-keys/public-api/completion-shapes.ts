import type { OpenAiChatCompletion, OpenAiFinishReason, OpenAiUsage } from '@parallax/contract';
import type { FinishReason, TokenUsage } from '../../../providers/chat-types';

export function toOpenAiFinish(reason: FinishReason): OpenAiFinishReason {
  return reason === 'other' ? 'stop' : reason;
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

export function completionBody(
  meta: CompletionMeta,
  text: string,
  finish: FinishReason,
  usage: TokenUsage,
): OpenAiChatCompletion {
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null },
        logprobs: null,
        finish_reason: toOpenAiFinish(finish),
      },
    ],
    usage: toOpenAiUsage(usage),
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

  role(): string {
    return `${this.#head}{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]${this.#usageField}}\n\n`;
  }

  text(text: string): string {
    return `${this.#head}{"index":0,"delta":{"content":${JSON.stringify(text)}},"logprobs":null,"finish_reason":null}]${this.#usageField}}\n\n`;
  }

  /** The finish chunk, the usage chunk when asked for, and the end marker. */
  end(finish: FinishReason, usage: TokenUsage): string {
    let out = `${this.#head}{"index":0,"delta":{},"logprobs":null,"finish_reason":"${toOpenAiFinish(finish)}"}]${this.#usageField}}\n\n`;
    if (this.includeUsage)
      out += `${this.#head}],"usage":${JSON.stringify(toOpenAiUsage(usage))}}\n\n`;
    return `${out}data: [DONE]\n\n`;
  }

  /** A failure after the stream started: OpenAI's error event, then the end marker. */
  error(body: unknown): string {
    return `data: ${JSON.stringify(body)}\n\ndata: [DONE]\n\n`;
  }
}
