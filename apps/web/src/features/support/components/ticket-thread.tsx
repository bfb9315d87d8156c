import type { SupportMessage } from '@parallax/contract';
import { Download, Lock } from 'lucide-react';
import { formatWhen } from '../../../lib/format-when';
import { cn } from '../../../lib/cn';
import { Markdown } from '../../../lib/markdown';
import { toast } from '../../../ui/toast/toast-store';
import { downloadSupportFile } from '../api/support-api';
import { fileSize } from '../model/support-labels';

/**
 * A ticket's messages, oldest first, as sanitised markdown (the chat's renderer). Internal
 * notes (admins only; the server never sends them to the user) are set apart in amber.
 */
export function TicketThread({
  messages,
  side,
}: {
  messages: SupportMessage[];
  side: 'user' | 'admin';
}) {
  return (
    <ol className="space-y-3" aria-label="Messages">
      {messages.map((m) => {
        const mine = m.author === side;
        return (
          <li
            key={m.id}
            className={cn(
              'min-w-0 rounded-2xl border px-4 py-3',
              m.internal
                ? 'border-dashed border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40'
                : mine
                  ? 'border-line bg-surface-2'
                  : 'border-line bg-surface',
            )}
          >
            <div className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
              <span className="font-semibold text-fg">
                {side === 'user' && m.author === 'user' ? 'You' : m.author_name}
              </span>
              {m.author === 'admin' && !m.internal && side === 'user' && (
                <span className="rounded-full bg-accent-soft px-2 py-0.5 text-accent-soft-fg">
                  Support
                </span>
              )}
              {m.internal && (
                <span className="inline-flex items-center gap-1 font-semibold text-amber-800 dark:text-amber-300">
                  <Lock className="size-3" aria-hidden /> Internal note
                </span>
              )}
              <time dateTime={m.created_at}>{formatWhen(m.created_at)}</time>
            </div>
            <Markdown text={m.body} className="break-words text-sm" />
            {m.attachments.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Files">
                {m.attachments.map((f) => (
                  <li key={f.id} className="max-w-full">
                    <button
                      type="button"
                      className="flex max-w-full items-center gap-1.5 rounded-lg border border-line bg-surface px-2 py-1 text-xs hover:border-line-strong"
                      onClick={() =>
                        void downloadSupportFile(f.id, f.filename).catch(() =>
                          toast.error('Could not download the file'),
                        )
                      }
                    >
                      <Download className="size-3.5 shrink-0" aria-hidden />
                      <span className="truncate">{f.filename}</span>
                      <span className="shrink-0 text-fg-subtle">{fileSize(f.size)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
