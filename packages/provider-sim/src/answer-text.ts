import { answerBlocks, type MathStyle } from './answer-blocks';
import { createRng, hashText } from './random';
import { countTokens, splitTokens } from './tokens';

export type { MathStyle } from './answer-blocks';

export interface AnswerRequest {
  /** The conversation text the answer depends on, without `[sim …]` directives. */
  prompt: string;
  model: string;
  math: MathStyle;
  /** Stop at the last whole block that fits in this many tokens. */
  targetTokens: number;
}

const TOPIC_WORDS = 6;

function topicOf(prompt: string): string {
  const lastLine =
    prompt
      .split('\n')
      .filter((line) => line.trim() !== '')
      .at(-1) ?? '';
  const words = lastLine.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  if (words.length === 0) return 'Your question';
  const topic = words.slice(0, TOPIC_WORDS).join(' ');
  return topic.charAt(0).toUpperCase() + topic.slice(1);
}

/**
 * Builds a markdown answer (headings, lists, a table, code and math) that is a pure function
 * of prompt and model, ending at a block boundary so a natural-length answer never leaves a
 * code fence or formula open.
 */
export function composeAnswer(request: AnswerRequest): string {
  const seed = hashText(`${request.model}\n${request.prompt}`);
  const blocks = answerBlocks({
    rng: createRng(seed),
    topic: topicOf(request.prompt),
    model: request.model,
    math: request.math,
  });
  let text = '';
  let tokens = 0;
  for (const block of blocks) {
    const piece = text === '' ? block : `\n\n${block}`;
    const pieceTokens = countTokens(piece);
    if (tokens + pieceTokens > request.targetTokens) {
      if (text === '') return splitTokens(piece).slice(0, request.targetTokens).join('');
      return text;
    }
    text += piece;
    tokens += pieceTokens;
  }
  return text;
}
