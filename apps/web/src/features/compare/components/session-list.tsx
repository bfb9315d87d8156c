import { useState } from 'react';
import { Link } from 'react-router';
import { Input } from '../../../ui/input';
import { StarToggle } from '../../../ui/star-toggle';
import { useCompareSessions } from '../api/list-sessions';
import { useSessionStar } from '../hooks/use-session-star';

/** The caller's comparisons, searchable over titles, prompts and answers. */
export function SessionList() {
  const [search, setSearch] = useState('');
  const { data, isLoading } = useCompareSessions(search);
  const toggleStar = useSessionStar();
  return (
    <section aria-label="Comparisons" className="space-y-3">
      <Input
        aria-label="Search comparisons"
        placeholder="Search comparisons"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {isLoading && <p className="text-sm text-fg-muted">Loading…</p>}
      {data && data.sessions.length === 0 && (
        <p className="text-sm text-fg-muted">
          {search ? 'No comparison matches.' : 'No comparisons yet.'}
        </p>
      )}
      <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line">
        {data?.sessions.map((s) => (
          <li key={s.id} className="flex items-center gap-1 pr-2 hover:bg-surface-2">
            <Link
              to={`/compare/${s.id}`}
              className="block min-w-0 flex-1 px-4 py-3"
              data-testid="compare-session-link"
            >
              <span className="block truncate text-sm font-medium">{s.title}</span>
              <span className="block truncate text-xs text-fg-muted">
                {s.panel_labels.join(' · ')} · {s.turn_count}{' '}
                {s.turn_count === 1 ? 'turn' : 'turns'}
                {s.blind && !s.revealed ? ' · blind' : ''}
              </span>
            </Link>
            <StarToggle
              starred={s.is_favourite}
              name={s.title}
              onToggle={() => void toggleStar(s)}
              size="md"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
