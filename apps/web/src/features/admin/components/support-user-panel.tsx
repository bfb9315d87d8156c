import type { SupportUserContext } from '@parallax/contract';
import { formatWhen } from '../../../lib/format-when';

/** Beside a ticket: who wrote it, their plan and account state, their latest Error IDs. */
export function SupportUserPanel({ user }: { user: SupportUserContext }) {
  return (
    <aside
      aria-label="About the user"
      className="h-fit min-w-0 space-y-4 rounded-2xl border border-line bg-surface p-4 text-sm"
    >
      <div className="min-w-0">
        <h2 className="font-semibold">{user.name ?? 'No name'}</h2>
        <p className="break-all text-fg-muted">{user.email}</p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
        <dt className="text-fg-muted">Plan</dt>
        <dd>{user.plan.name}</dd>
        <dt className="text-fg-muted">Email</dt>
        <dd>{user.email_verified ? 'Verified' : 'Not verified'}</dd>
        <dt className="text-fg-muted">Role</dt>
        <dd>{user.role === 'admin' ? 'Admin' : 'User'}</dd>
        <dt className="text-fg-muted">Joined</dt>
        <dd>
          <time dateTime={user.created_at}>{formatWhen(user.created_at)}</time>
        </dd>
      </dl>
      <div>
        <h3 className="mb-1.5 font-medium">Recent errors</h3>
        {user.recent_errors.length === 0 ? (
          <p className="text-fg-muted">None logged.</p>
        ) : (
          <ul className="space-y-2">
            {user.recent_errors.map((e) => (
              <li key={e.error_id} className="min-w-0">
                <code className="block font-mono text-xs break-all">{e.error_id}</code>
                <span className="block text-xs text-fg-muted break-words">
                  {e.error_type}: {e.message}
                </span>
                <time className="text-xs text-fg-subtle" dateTime={e.occurred_at}>
                  {formatWhen(e.occurred_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
