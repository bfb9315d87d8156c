import type { SearchHit } from '@parallax/contract';
import { highlightSegments } from '../model/highlight-segments';

/** A hit's excerpt with the matched words marked, built from text nodes only (no HTML). */
export function HitSnippet({ hit, className }: { hit: SearchHit; className?: string }) {
  return (
    <span className={className}>
      {highlightSegments(hit.snippet, hit.highlights).map((segment, i) =>
        segment.match ? (
          <mark
            key={i}
            className="rounded-sm bg-amber-200/80 px-px text-fg dark:bg-amber-400/30 dark:text-fg"
          >
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </span>
  );
}
