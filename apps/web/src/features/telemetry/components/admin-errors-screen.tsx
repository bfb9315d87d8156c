import { Bug, Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { buttonClasses } from '../../../ui/button';
import { AdminPage } from '../../../ui/admin-page';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { isApiError } from '../../../lib/errors/api-error';
import { useErrorGroups, useErrorReport } from '../api/admin-errors';
import { ErrorReportView } from './error-report-view';

const when = (iso: string) => new Date(iso).toLocaleString();
const isNotFound = (error: Error) => isApiError(error) && error.status === 404;

/** /admin/errors: recent browser errors grouped, a lookup by Error ID, and one report's detail. */
export function AdminErrorsScreen() {
  const groups = useErrorGroups();
  const [query, setQuery] = useState('');
  const [errorId, setErrorId] = useState<string | null>(null);
  const report = useErrorReport(errorId);
  // A group's report opens above the list: on a phone it would appear off screen.
  const reportBox = useRef<HTMLDivElement>(null);
  const [openedFromGroup, setOpenedFromGroup] = useState(0);
  useEffect(() => {
    if (openedFromGroup === 0) return;
    reportBox.current?.focus({ preventScroll: true });
    reportBox.current?.scrollIntoView({ block: 'start' });
  }, [openedFromGroup]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const id = query.trim();
    if (id !== '') setErrorId(id);
  };

  return (
    <AdminPage
      title="Client errors"
      description="Errors reported by browsers, grouped by type and message. Search for the Error ID a user quotes to see what led to it."
    >
      <form onSubmit={search} className="mb-6 flex flex-wrap gap-2" role="search">
        <label htmlFor="error-id-search" className="sr-only">
          Error ID
        </label>
        <Input
          id="error-id-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Error ID"
          className="min-w-0 flex-1 basis-48"
        />
        <button type="submit" className={buttonClasses('primary')}>
          <Search className="size-4" aria-hidden /> Find
        </button>
      </form>
      {errorId !== null && (
        <div ref={reportBox} tabIndex={-1} className="mb-8 scroll-mt-20 outline-none">
          {report.isLoading ? (
            <Skeleton className="h-48 rounded-2xl" />
          ) : report.isError && isNotFound(report.error) ? (
            // Asking again finds nothing new: the ID is mistyped or its report was pruned.
            <EmptyState
              icon={Bug}
              title={`No report for ${errorId}`}
              description={report.error.message}
            />
          ) : report.isError ? (
            <LoadFailed
              icon={Bug}
              title={`Could not look up ${errorId}`}
              error={report.error}
              onRetry={() => void report.refetch()}
            />
          ) : report.data ? (
            <ErrorReportView report={report.data} />
          ) : null}
        </div>
      )}
      {groups.isLoading ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : groups.isError ? (
        <LoadFailed
          icon={Bug}
          title="Could not load the client errors"
          error={groups.error}
          onRetry={() => void groups.refetch()}
        />
      ) : (groups.data ?? []).length === 0 ? (
        <EmptyState icon={Bug} title="No client errors" description="Browsers reported none." />
      ) : (
        <ul className="space-y-3" aria-label="Error groups, last seen first">
          {(groups.data ?? []).map((group) => (
            <li
              key={`${group.type}\n${group.message}`}
              className="min-w-0 rounded-2xl border border-line bg-surface p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-mono text-xs text-fg-muted">{group.type}</p>
                  <p className="mt-1 font-medium break-words">{group.message}</p>
                  <p className="mt-2 text-sm text-fg-muted">
                    {group.count} {group.count === 1 ? 'report' : 'reports'} ·{' '}
                    {group.affected_users} {group.affected_users === 1 ? 'user' : 'users'} · first{' '}
                    {when(group.first_seen)} · last {when(group.last_seen)}
                  </p>
                </div>
                <button
                  type="button"
                  className={buttonClasses('outline', 'sm')}
                  onClick={() => {
                    setQuery(group.latest_error_id);
                    setErrorId(group.latest_error_id);
                    setOpenedFromGroup((n) => n + 1);
                  }}
                >
                  Latest report
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
