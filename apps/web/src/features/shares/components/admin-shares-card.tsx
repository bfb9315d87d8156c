import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast/toast-store';
import { useAdminShares, useRemoveShare } from '../api/admin-shares';

/** The admin's view of every shared link, to remove one that should not be public. */
export function AdminSharesCard() {
  const shares = useAdminShares();
  const remove = useRemoveShare();
  const list = shares.data ?? [];
  return (
    <Card>
      <h2 className="text-base font-semibold">Shared links</h2>
      <p className="mt-1 text-sm text-fg-muted">
        Every chat and comparison shared by link. Removing one makes it answer “not available” at
        once.
      </p>
      {shares.isLoading ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-fg-muted">No links yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label="Every shared link">
          {list.map((share) => (
            <li key={share.id} className="flex items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{share.title}</p>
                <p className="truncate text-xs text-fg-muted">
                  {share.kind === 'comparison' ? 'Comparison' : 'Chat'} ·{' '}
                  {share.owner_email ?? 'a deleted account'} ·{' '}
                  {new Date(share.created_at).toLocaleDateString()}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Remove the link of ${share.title}`}
                onClick={() =>
                  remove.mutate(share.id, {
                    onSuccess: () => toast.success('Link removed'),
                    onError: (e) => toast.error('Could not remove the link', e.message),
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
