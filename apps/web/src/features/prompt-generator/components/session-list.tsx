import { History } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useGeneratorSessions } from '../api/list-sessions';
import { sessionTitle } from '../model/generator-request';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The caller's past generator sessions, newest first; the open one is marked. */
export function GeneratorSessionList({ activeId }: { activeId: string | null }) {
  const sessions = useGeneratorSessions();
  return (
    <aside aria-labelledby="generator-sessions-title" className="min-w-0">
      <h2 id="generator-sessions-title" className="mb-2 text-sm font-semibold">
        Past sessions
      </h2>
      {sessions.isPending ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading past sessions">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 rounded-xl" />
          ))}
        </div>
      ) : sessions.isError ? (
        <LoadFailed
          icon={History}
          title="Past sessions could not be loaded"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : sessions.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-fg-muted">
          No sessions yet. Your generated prompts will be listed here.
        </p>
      ) : (
        <ul className="space-y-1.5">
          {sessions.data.map((s) => (
            <li key={s.id}>
              <Link
                to={`/prompt-generator?session=${encodeURIComponent(s.id)}`}
                aria-current={s.id === activeId ? 'page' : undefined}
                className={cn(
                  'block rounded-xl border px-3 py-2 text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring',
                  s.id === activeId ? 'border-accent bg-surface-2' : 'border-line bg-surface',
                )}
              >
                <span className="block truncate font-medium">{sessionTitle(s.title)}</span>
                <span className="block text-xs text-fg-muted">
                  {day(s.last_message_at ?? s.created_at)} · {s.message_count}{' '}
                  {s.message_count === 1 ? 'version' : 'versions'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
