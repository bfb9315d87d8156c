import type { Provider } from '@parallax/contract';
import { updateDocument, type MarkdownDocument } from './markdown-document';

/**
 * Characters parsed in one task when a long text arrives at once (an answer opened cold, a
 * remount mid-stream): about 10 ms of parsing. The rest follows in later slices.
 */
export const COLD_STEP = 4_000;

/**
 * The document for `text`, or for a prefix of it when `text` runs more than `COLD_STEP`
 * characters past what `previous` parsed: the caller shows the rest plainly and calls again in
 * a later task.
 * A streamed token costs only a parse of the unsettled end, as `updateDocument` does.
 */
export function nextDocument(
  previous: MarkdownDocument | null,
  text: string,
  provider: Provider | null,
): MarkdownDocument {
  const reusable =
    previous && previous.math.provider === provider && text.startsWith(previous.math.text);
  // Measured from the text already parsed, not from the settled blocks: each call must reach
  // further than the last, even when one block (a long list) is longer than a step.
  const from = reusable ? previous.math.text.length : 0;
  const target = from + COLD_STEP;
  if (text.length <= target) return updateDocument(previous, text, provider);
  // Cutting at a line end keeps the prefix's last block as a stream would have shown it.
  const lineEnd = text.lastIndexOf('\n', target);
  const cut = lineEnd >= from ? lineEnd + 1 : target;
  return updateDocument(reusable ? previous : null, text.slice(0, cut), provider);
}
