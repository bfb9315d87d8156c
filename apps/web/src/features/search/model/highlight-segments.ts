import type { SearchHighlight } from '@parallax/contract';

export interface Segment {
  text: string;
  match: boolean;
}

/**
 * A snippet cut into plain and matched runs, for rendering as text nodes and <mark>s: the
 * server's offsets are used as given (clamped, sorted, overlaps merged), never parsed as markup.
 */
export function highlightSegments(
  snippet: string,
  highlights: readonly SearchHighlight[],
): Segment[] {
  const ranges = highlights
    .map(({ start, end }) => ({
      start: Math.max(0, Math.min(start, snippet.length)),
      end: Math.max(0, Math.min(end, snippet.length)),
    }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let at = 0;
  for (const range of ranges) {
    const start = Math.max(range.start, at);
    if (range.end <= start) continue;
    if (start > at) segments.push({ text: snippet.slice(at, start), match: false });
    segments.push({ text: snippet.slice(start, range.end), match: true });
    at = range.end;
  }
  if (at < snippet.length) segments.push({ text: snippet.slice(at), match: false });
  return segments;
}
