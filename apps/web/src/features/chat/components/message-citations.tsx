import type { Citation } from '@parallax/contract';
import { ExternalLink } from 'lucide-react';

/**
 * The numbered web sources an answer cites as "[1]": title, site and link. The links are the
 * model's tools' findings, untrusted: they open in a new tab with no referrer and no opener.
 */
export function MessageCitations({
  citations,
  messageId,
}: {
  citations: readonly Citation[];
  messageId: string;
}) {
  if (citations.length === 0) return null;
  return (
    <div className="mt-3 text-sm" data-testid="message-citations">
      <p className="mb-1 text-xs font-medium text-fg-muted" id={`citations-${messageId}`}>
        Web sources
      </p>
      <ol aria-labelledby={`citations-${messageId}`} className="flex flex-col gap-1">
        {citations.map((citation) => (
          <li
            key={citation.index}
            id={`cite-${messageId}-${citation.index}`}
            className="flex min-w-0 items-baseline gap-2"
            data-testid="citation"
          >
            <span className="shrink-0 rounded border border-line px-1.5 text-xs font-medium tabular-nums text-fg-muted">
              {citation.index}
            </span>
            <a
              href={citation.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="min-w-0 truncate text-accent underline-offset-2 hover:underline"
              title={citation.url}
            >
              {citation.title || citation.url}
            </a>
            <span className="hidden shrink-0 text-xs text-fg-subtle sm:inline">
              {citation.site}
            </span>
            <ExternalLink className="size-3 shrink-0 text-fg-subtle" aria-hidden />
          </li>
        ))}
      </ol>
    </div>
  );
}
