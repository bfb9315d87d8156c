import { CONVERSATION_DEFAULT_TITLE, CONVERSATION_TITLE_MAX_CHARS } from '@parallax/contract';

const TITLE_WORDS = 8;
const TITLE_CHARS = 60;

/**
 * A short title from the first user message — a local heuristic, not a model call, so naming
 * costs nothing and never delays or bills the answer: markdown, links and code dropped, the
 * first sentence's first words kept, capitalised.
 */
export function titleFromMessage(message: string): string {
  const text = message
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[sim\b[^\]]*\]/gi, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[#>*_~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = (/^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text).replace(/[.!?]+$/, '');
  const words = sentence
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, TITLE_WORDS);
  let title = words.join(' ');
  if (title.length > TITLE_CHARS) title = `${title.slice(0, TITLE_CHARS - 1).trimEnd()}…`;
  if (title.length === 0) return CONVERSATION_DEFAULT_TITLE;
  return (title.charAt(0).toUpperCase() + title.slice(1)).slice(0, CONVERSATION_TITLE_MAX_CHARS);
}
