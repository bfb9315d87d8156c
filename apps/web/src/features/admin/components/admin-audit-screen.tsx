import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useAudit, type AuditFilters } from '../api/admin-audit';
import { AdminPage } from '../../../ui/admin-page';

const PAGE = 50;

function Snapshot({ label, value }: { label: string; value: Record<string, unknown> | null }) {
  if (!value) return null;
  return (
    <div className="min-w-0">
      <p className="text-xs text-fg-muted">{label}</p>
      <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-surface-2 p-2 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** /admin/audit: every admin action, newest first, with filters. Secrets are never stored. */
export function AdminAuditScreen() {
  const [filters, setFilters] = useState<AuditFilters>({ actor: '', action: '', target_type: '' });
  const [offset, setOffset] = useState(0);
  const audit = useAudit(filters, offset);
  const set = (field: keyof AuditFilters) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setOffset(0);
    setFilters((f) => ({ ...f, [field]: event.target.value }));
  };
  const total = audit.data?.total ?? 0;

  return (
    <AdminPage
      title="Audit log"
      description="Who did what, to what, and when. Keys and passwords never appear here."
    >
      <div className="mb-4 flex flex-wrap gap-2" role="search">
        <Input
          aria-label="Admin email"
          placeholder="Admin email"
          value={filters.actor}
          onChange={set('actor')}
          className="min-w-0 flex-1 basis-44"
        />
        <Input
          aria-label="Action"
          placeholder="Action, e.g. model."
          value={filters.action}
          onChange={set('action')}
          className="min-w-0 flex-1 basis-44"
        />
        <Input
          aria-label="Target type"
          placeholder="Target type, e.g. user"
          value={filters.target_type}
          onChange={set('target_type')}
          className="min-w-0 flex-1 basis-44"
        />
      </div>
      {audit.isLoading ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 rounded-2xl" />
          ))}
        </div>
      ) : audit.isError ? (
        <LoadFailed
          icon={ScrollText}
          title="Could not load the audit log"
          error={audit.error}
          onRetry={() => void audit.refetch()}
        />
      ) : total === 0 ? (
        <EmptyState icon={ScrollText} title="No admin actions match" />
      ) : (
        <Card className="px-4">
          <ul className="divide-y divide-line" aria-label="Admin actions">
            {audit.data?.entries.map((entry) => (
              <li key={entry.id} className="py-3">
                <details>
                  <summary className="cursor-pointer list-none">
                    <span className="font-medium">{entry.action}</span>
                    {entry.target_id && (
                      <span className="break-all text-fg-muted">
                        {' '}
                        on {entry.target_type} {entry.target_id}
                      </span>
                    )}
                    <span className="block text-xs text-fg-muted">
                      <span className="break-all">{entry.actor_email}</span> ·{' '}
                      {new Date(entry.created_at).toLocaleString()} · request {entry.request_id}
                    </span>
                  </summary>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    <Snapshot label="Before" value={entry.before} />
                    <Snapshot label="After" value={entry.after} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between gap-2 border-t border-line py-3 text-sm">
            <span className="text-fg-muted">
              {offset + 1}–{Math.min(offset + PAGE, total)} of {total}
            </span>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Newer
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={offset + PAGE >= total}
                onClick={() => setOffset(offset + PAGE)}
              >
                Older
              </Button>
            </div>
          </div>
        </Card>
      )}
    </AdminPage>
  );
}
