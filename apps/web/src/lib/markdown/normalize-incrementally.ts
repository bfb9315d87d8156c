import type { Provider } from '@parallax/contract';
import { CODE_SPANS, normalizeMathDelimiters } from './math-delimiters';

/**
 * A text with its math delimiters normalised (`normalizeMathDelimiters`), and how much of that is
 * final: the first `settledLength` characters of `text` always normalise to `head`, whatever is
 * appended after them.
 */
export interface NormalizedText {
  text: string;
  provider: Provider | null;
  settledLength: number;
  head: string;
  normalized: string;
}

/** Code spans of `text` as [start, end) ranges, a fence's leading newline left out. */
function codeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(CODE_SPANS)) {
    const start = match.index + (match[1] === '\n' ? 1 : 0);
    ranges.push([start, match.index + match[0].length]);
  }
  return ranges;
}

/**
 * The last offset that starts a line after an empty line and lies outside every code span:
 * math conversion of the text before it and after it gives the same as of the whole.
 */
function lastCut(text: string): number {
  const ranges = codeRanges(text);
  let from = text.length;
  for (;;) {
    const gap = text.lastIndexOf('\n\n', from - 2);
    if (gap <= 0) return 0;
    const cut = gap + 2;
    // An unclosed fence runs to the end of the text, and past it as the text grows.
    const inside = ranges.find(([start, end]) => start < cut && (cut < end || end === text.length));
    if (!inside) return cut;
    from = inside[0];
  }
}

/**
 * `normalizeMathDelimiters(text, provider)`, but as a streamed text grows only its unsettled end
 * is converted again: the cost of a token stays flat however long the answer gets. `previous`
 * may be any earlier result (or null); one for a text that is not a prefix of `text` is ignored.
 */
export function normalizeIncrementally(
  previous: NormalizedText | null,
  text: string,
  provider: Provider | null,
): NormalizedText {
  let settledLength = 0;
  let head = '';
  if (
    previous &&
    previous.provider === provider &&
    text.length >= previous.settledLength &&
    text.startsWith(previous.text.slice(0, previous.settledLength))
  ) {
    settledLength = previous.settledLength;
    head = previous.head;
  }
  const rest = text.slice(settledLength);
  const cut = lastCut(rest);
  if (cut > 0) {
    head += normalizeMathDelimiters(rest.slice(0, cut), provider);
    settledLength += cut;
  }
  const normalized = head + normalizeMathDelimiters(text.slice(settledLength), provider);
  return { text, provider, settledLength, head, normalized };
}
