import { Skeleton } from '../../../ui/skeleton';
import { useAdminUser } from '../api/admin-users';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** A user's plan, usage over 30 days and recent sessions. */
export function AdminUserDetail({ id }: { id: string }) {
  const detail = useAdminUser(id);
  if (detail.isLoading) return <Skeleton className="h-24 rounded-xl" />;
  if (detail.isError || !detail.data)
    return <p className="text-sm text-red-700 dark:text-red-300">Could not load this user.</p>;
  const user = detail.data;
  return (
    <div className="grid gap-3 rounded-xl bg-surface-2 p-3 text-sm sm:grid-cols-2">
      <dl className="space-y-1">
        <div>
          <dt className="inline text-fg-muted">Plan: </dt>
          <dd className="inline">{user.plan_name ?? user.plan_id}</dd>
        </div>
        <div>
          <dt className="inline text-fg-muted">Joined: </dt>
          <dd className="inline">{when(user.created_at)}</dd>
        </div>
        <div>
          <dt className="inline text-fg-muted">Last activity: </dt>
          <dd className="inline">{when(user.last_active_at)}</dd>
        </div>
        <div>
          <dt className="inline text-fg-muted">Messages (30 days / all): </dt>
          <dd className="inline tabular-nums">
            {user.usage.messages_30d} / {user.usage.messages_total}
          </dd>
        </div>
        <div>
          <dt className="inline text-fg-muted">Tokens in / out (30 days): </dt>
          <dd className="inline tabular-nums">
            {user.usage.input_tokens_30d.toLocaleString()} /{' '}
            {user.usage.output_tokens_30d.toLocaleString()}
          </dd>
        </div>
      </dl>
      <div>
        <p className="mb-1 text-fg-muted">Sessions</p>
        {user.sessions.length === 0 ? (
          <p>None</p>
        ) : (
          <ul className="space-y-0.5">
            {user.sessions.slice(0, 5).map((s) => (
              <li key={s.id}>
                {when(s.created_at)} {s.revoked ? '(ended)' : '(live)'}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
