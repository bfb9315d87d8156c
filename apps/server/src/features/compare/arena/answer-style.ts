import { createHash } from 'node:crypto';

/**
 * What style control and duplicate collapsing read from a judged turn: each answer's length and
 * markdown elements (headers, list items, bold spans, as LMArena counts them), and a hash of
 * the prompt that ignores case and spacing.
 */

const HEADER = /^#{1,6}\s/gm;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/gm;
const BOLD = /\*\*[^*\n]+\*\*|__[^_\n]+__/g;

export function markdownElements(text: string): number {
  return (
    (text.match(HEADER)?.length ?? 0) +
    (text.match(LIST_ITEM)?.length ?? 0) +
    (text.match(BOLD)?.length ?? 0)
  );
}

export function answerStyle(text: string | null): [number, number] {
  const body = text ?? '';
  return [body.length, markdownElements(body)];
}

export function promptHash(prompt: string): string {
  const normalised = prompt.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(normalised).digest('hex');
}
