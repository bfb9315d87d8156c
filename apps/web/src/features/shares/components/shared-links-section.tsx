import type { Share } from '@parallax/contract';
import { Link2, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast/toast-store';
import { useDeleteShare } from '../api/delete-share';
import { useShares } from '../api/list-shares';
import { ShareDialog } from './share-dialog';

const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

function expiresText(share: Share): string {
  if (share.expires_at === null) return 'Never expires';
  const at = new Date(share.expires_at);
  return at.getTime() <= Date.now()
    ? 'Expired'
    : `Expires ${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

/** Settings → Shared links: every link of the account, to copy, change or delete. */
export function SharedLinksSection({
  Section,
}: {
  /** The settings screen's own section frame. */
  Section: (props: { title: string; description?: string; children: ReactNode }) => ReactNode;
}) {
  const shares = useShares();
  const remove = useDeleteShare();
  const [editing, setEditing] = useState<Share | null>(null);
  const list = shares.data ?? [];
  return (
    <Section
      title="Shared links"
      description="Chats and comparisons you shared by link. Deleting a link, its chat, or moving the chat to the vault ends it at once."
    >
      {shares.isLoading ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="text-sm text-fg-muted">
          You have not shared anything yet. Use Share in a chat’s menu.
        </p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Shared links">
          {list.map((share) => (
            <li key={share.id} className="flex flex-wrap items-center gap-2 py-3">
              <Link2 className="size-4 shrink-0 text-fg-muted" aria-hidden />
              <div className="min-w-0 flex-1">
                <a
                  href={share.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block truncate text-sm font-medium hover:underline"
                >
                  {share.title}
                </a>
                <p className="text-xs text-fg-muted">
                  {share.kind === 'comparison' ? 'Comparison' : 'Chat'} · {share.turn_count}{' '}
                  {share.turn_count === 1 ? 'turn' : 'turns'} · {expiresText(share)}
                </p>
              </div>
              <CopyButton text={share.url} label={`Copy the link of ${share.title}`} />
              <Button variant="outline" size="sm" onClick={() => setEditing(share)}>
                Update
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete the link of ${share.title}`}
                onClick={() =>
                  remove.mutate(share.id, {
                    onSuccess: () => toast.success('Link deleted'),
                    onError: (e) => toast.error('Could not delete the link', reason(e)),
                  })
                }
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ShareDialog
        kind={editing?.kind ?? 'conversation'}
        sourceId={editing?.source_id ?? ''}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Section>
  );
}
