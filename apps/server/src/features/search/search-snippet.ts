import type { SearchHighlight } from '@parallax/contract';
import { markdownToPlain } from './search-plain-text';
import { foldText, type SearchTerms } from './search-terms';

export interface Snippet {
  snippet: string;
  highlights: SearchHighlight[];
}

/** Characters of a snippet, and how many of them come before the first match. */
const SNIPPET_CHARS = 200;
const LEAD_CHARS = 60;
/** A snippet is looked for in this much of the text: answers can be very long. */
const SCAN_CHARS = 100_000;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Whether a folded word of the text is one the query asks for. */
export function matchesTerms(word: string, terms: SearchTerms): boolean {
  const last = terms.words.length - 1;
  return terms.words.some(
    (w, i) => word === w || (terms.prefixLast && i === last && word.startsWith(w)),
  );
}

/** Where the query's words occur in `text` ([start, end) string indices), in order. */
export function findMatches(text: string, terms: SearchTerms): SearchHighlight[] {
  const found: SearchHighlight[] = [];
  for (const match of text.slice(0, SCAN_CHARS).matchAll(WORD)) {
    if (matchesTerms(foldText(match[0]), terms))
      found.push({ start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/**
 * An excerpt of `source` (as plain text: markdown markers dropped) around its first match
 * with every match in it marked; the start of the text when nothing matches here (the index
 * matched a form this scan does not see).
 */
export function buildSnippet(source: string, terms: SearchTerms): Snippet {
  const text = markdownToPlain(source.slice(0, SCAN_CHARS));
  const matches = findMatches(text, terms);
  const first = matches[0]?.start ?? 0;
  let start = Math.max(0, first - LEAD_CHARS);
  // Start at a word's beginning rather than in its middle.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  const end = Math.min(text.length, start + SNIPPET_CHARS);
  const lead = start > 0 ? '…' : '';
  const snippet = `${lead}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  const highlights = matches
    .filter((m) => m.start >= start && m.end <= end)
    .map((m) => ({ start: m.start - start + lead.length, end: m.end - start + lead.length }));
  return { snippet, highlights };
}
