import type { Provider } from '@parallax/contract';
import { updateDocument, type MarkdownDocument } from './markdown-document';

/**
 * Characters parsed in one task when a long text arrives at once (an answer opened cold, a
 * remount mid-stream): about 10 ms of parsing. The rest follows in later slices.
 */
export const COLD_STEP = 4_000;

/**
 * The document for `text`, or for a prefix of it when more than `COLD_STEP` characters would
 * have to be parsed now: the caller shows the rest plainly and calls again in a later task.
 * A streamed token costs only a parse of the unsettled end, as `updateDocument` does.
 */
export function nextDocument(previous: MarkdownDocument | null, text: string, provider: Provider | null): MarkdownDocument {
  const reusable = previous && previous.math.provider === provider && text.startsWith(previous.math.text);
  const from = reusable ? previous.settledEnd : 0;
  if (text.length - from <= COLD_STEP) return updateDocument(previous, text, provider);
  // Cutting at a line end keeps the prefix's last block as a stream would have shown it.
  const lineEnd = text.lastIndexOf('\n', from + COLD_STEP);
  const cut = lineEnd > from ? lineEnd + 1 : from + COLD_STEP;
  return updateDocument(reusable ? previous : null, text.slice(0, cut), provider);
}
