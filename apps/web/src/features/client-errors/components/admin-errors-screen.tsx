import { Bug, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { buttonClasses } from '../../../ui/button';
import { AdminNav } from '../../admin';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useErrorGroups, useErrorReport } from '../api/admin-errors';
import { ErrorReportView } from './error-report-view';

const when = (iso: string) => new Date(iso).toLocaleString();

/** /admin/errors: recent browser errors grouped, a lookup by Error ID, and one report's detail. */
export function AdminErrorsScreen() {
  const groups = useErrorGroups();
  const [query, setQuery] = useState('');
  const [errorId, setErrorId] = useState<string | null>(null);
  const report = useErrorReport(errorId);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const id = query.trim();
    if (id !== '') setErrorId(id);
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <AdminNav />
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight">Client errors</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Errors reported by browsers, grouped by type and message. Search for the Error ID a user
          quotes to see what led to it.
        </p>
      </div>
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
        <div className="mb-8">
          {report.isLoading ? (
            <Skeleton className="h-48 rounded-2xl" />
          ) : report.isError ? (
            <LoadFailed
              icon={Bug}
              title={`No report for ${errorId}`}
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
                  }}
                >
                  Latest report
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
