import type { ClientErrorReport } from '@parallax/contract';

const when = (iso: string) => new Date(iso).toLocaleString();

/** One stored report: where it happened, its stack and the breadcrumbs that led to it. */
export function ErrorReportView({ report }: { report: ClientErrorReport }) {
  const metrics = Object.entries(report.performance);
  return (
    <section
      aria-label={`Error ${report.error_id}`}
      className="min-w-0 space-y-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <div className="min-w-0">
        <h2 className="text-lg font-semibold break-words">
          {report.type}
          {report.severity ? ` · ${report.severity}` : ''}
        </h2>
        <p className="mt-1 text-sm break-words">{report.message}</p>
        <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-fg-muted">Error ID</dt>
          <dd className="font-mono break-all">{report.error_id}</dd>
          <dt className="text-fg-muted">Occurred</dt>
          <dd>{when(report.occurred_at)}</dd>
          <dt className="text-fg-muted">Page</dt>
          <dd className="break-all">{report.url}</dd>
          <dt className="text-fg-muted">User</dt>
          <dd className="break-all">{report.user_id ?? 'Visitor'}</dd>
          <dt className="text-fg-muted">Browser</dt>
          <dd className="break-words">{report.user_agent}</dd>
          {metrics.length > 0 && (
            <>
              <dt className="text-fg-muted">Performance</dt>
              <dd className="break-words">
                {metrics.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(' · ')}
              </dd>
            </>
          )}
        </dl>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Stack</h3>
        {report.stack_trace ? (
          <pre className="mt-2 max-h-72 overflow-auto rounded-xl bg-surface-2 p-3 text-xs whitespace-pre-wrap break-words">
            {report.stack_trace}
          </pre>
        ) : (
          <p className="mt-2 text-sm text-fg-muted">No stack was recorded.</p>
        )}
      </div>
      <div>
        <h3 className="text-sm font-semibold">Breadcrumbs ({report.breadcrumbs.length})</h3>
        {report.breadcrumbs.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">No breadcrumbs were recorded.</p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm">
            {report.breadcrumbs.map((crumb, index) => (
              <li key={index} className="grid grid-cols-[auto_1fr] gap-x-3">
                <span className="font-mono text-xs text-fg-muted">
                  {new Date(crumb.timestamp).toLocaleTimeString()}
                </span>
                <span className="min-w-0 break-words">
                  <span className="font-medium">{crumb.category}</span> {crumb.message}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
