import { CHAT_TITLE_PROMPT, CONVERSATION_TITLE_MAX_CHARS } from '@parallax/contract';

/** Enough for six words in any language the providers tokenise; a title is never longer. */
export const TITLE_MAX_OUTPUT_TOKENS = 32;
const TITLE_CHARS = 80;

/** The whole request: the instruction, then the chat's first message. */
export function titlePrompt(question: string): string {
  return `${CHAT_TITLE_PROMPT}\n\nMessage:\n${question}`;
}

/**
 * A model's answer made a title: its first non-empty line, without a "Title:" label, quotes,
 * markdown or a closing full stop; null when nothing is left (the fallback names the chat).
 */
export function cleanTitle(answer: string): string | null {
  const line =
    answer
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  const title = line
    .replace(/^title\s*:\s*/i, '')
    .replace(/[*_#`]+/g, '')
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title.length === 0) return null;
  const short =
    title.length > TITLE_CHARS ? `${title.slice(0, TITLE_CHARS - 1).trimEnd()}…` : title;
  return short.slice(0, CONVERSATION_TITLE_MAX_CHARS);
}
