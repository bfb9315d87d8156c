import type { MessageSource } from '@parallax/contract';
import { FileText } from 'lucide-react';

/** "Sources": the project files an answer drew on, by name (a file may be deleted since). */
export function MessageSources({ sources }: { sources: MessageSource[] }) {
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs" data-testid="message-sources">
      <span aria-hidden className="font-medium text-fg-muted">
        Sources
      </span>
      <ul aria-label="Sources" className="flex min-w-0 flex-wrap gap-1.5">
        {sources.map((source) => (
          <li
            key={source.file_id}
            className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border border-line bg-surface px-2 py-0.5 text-fg-muted"
          >
            <FileText className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{source.filename}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
