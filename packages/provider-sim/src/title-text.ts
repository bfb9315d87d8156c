import { CHAT_TITLE_PROMPT } from '@parallax/contract';
import { stripDirectives } from './knobs';

const TITLE_WORDS = 5;
const MESSAGE_MARKER = /^\s*Message:\s*/;

/** A title request opens with the app's title instruction (contract's CHAT_TITLE_PROMPT). */
export function isTitleRequest(prompt: string): boolean {
  return prompt.trimStart().startsWith(CHAT_TITLE_PROMPT);
}

/**
 * The sim's title for a chat's first message: its first five words, each capitalised, so a
 * test can predict it and tell it from the app's own first-words fallback (which keeps the
 * message's case and up to eight words).
 */
export function simTitleFor(question: string): string {
  const words = stripDirectives(question).match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  if (words.length === 0) return 'Untitled Question';
  return words
    .slice(0, TITLE_WORDS)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The answer to a title request: the title of the message it carries. */
export function composeTitle(prompt: string): string {
  const start = prompt.indexOf(CHAT_TITLE_PROMPT) + CHAT_TITLE_PROMPT.length;
  return simTitleFor(prompt.slice(start).replace(MESSAGE_MARKER, ''));
}
