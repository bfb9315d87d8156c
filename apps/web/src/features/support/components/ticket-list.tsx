import type { SupportTicketSummary } from '@parallax/contract';
import { formatWhen } from '../../../lib/format-when';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/badge';
import { CATEGORY_LABELS, statusLabel, statusTone } from '../model/support-labels';

/** The user's tickets; a dot and bold subject mark a reply not read yet. */
export function TicketList({
  tickets,
  onOpen,
}: {
  tickets: SupportTicketSummary[];
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="space-y-2" aria-label="Your tickets">
      {tickets.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            onClick={() => onOpen(t.id)}
            className="flex w-full min-w-0 items-start gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-left transition-colors hover:border-line-strong focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span
              className={cn(
                'mt-1.5 size-2 shrink-0 rounded-full',
                t.unread ? 'bg-accent' : 'bg-transparent',
              )}
              aria-hidden
            />
            <span className="min-w-0 flex-1">
              <span className={cn('block truncate', t.unread ? 'font-semibold' : 'font-medium')}>
                {t.subject}
                {t.unread && <span className="sr-only"> (new reply)</span>}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
                <Badge tone={statusTone(t.status)}>{statusLabel(t.status, 'user')}</Badge>
                <span>{CATEGORY_LABELS[t.category]}</span>
                <time dateTime={t.last_message_at}>{formatWhen(t.last_message_at)}</time>
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
