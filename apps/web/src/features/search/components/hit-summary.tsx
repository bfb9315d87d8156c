import { CONVERSATION_DEFAULT_TITLE, type SearchHit } from '@parallax/contract';
import { FileText, Heading, MessageSquareText, Sparkles, type LucideIcon } from 'lucide-react';
import { formatWhen } from '../../../lib/format-when';
import { HitSnippet } from './hit-snippet';

const KINDS: Record<SearchHit['kind'], { label: string; icon: LucideIcon }> = {
  title: { label: 'Chat title', icon: Heading },
  message: { label: 'Your message', icon: MessageSquareText },
  answer: { label: 'Answer', icon: Sparkles },
  knowledge: { label: 'Project file', icon: FileText },
};

/** One hit: where it is (chat or file), when, the excerpt with its matches, and what it is. */
export function HitSummary({ hit }: { hit: SearchHit }) {
  const kind = KINDS[hit.kind];
  const where =
    hit.kind === 'knowledge'
      ? (hit.source_name ?? 'Project file')
      : hit.conversation_title || CONVERSATION_DEFAULT_TITLE;
  return (
    <>
      <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg border border-line bg-surface text-fg-muted">
        <kind.icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          {/* A title hit is its own heading: the snippet would only repeat it. */}
          {hit.kind === 'title' ? (
            <HitSnippet hit={hit} className="min-w-0 flex-1 truncate text-sm font-medium text-fg" />
          ) : (
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg">{where}</span>
          )}
          <span className="shrink-0 text-xs text-fg-muted tabular-nums">
            {formatWhen(hit.created_at)}
          </span>
        </span>
        {hit.kind !== 'title' && (
          <HitSnippet hit={hit} className="mt-0.5 line-clamp-2 text-sm break-words text-fg-muted" />
        )}
        <span className="mt-0.5 block truncate text-xs text-fg-muted">
          {kind.label}
          {hit.conversation_kind === 'comparison' && ' · Comparison'}
        </span>
      </span>
    </>
  );
}
