import type { VaultNote } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  FileLock2,
  KeyRound,
  Lock,
  MessageSquarePlus,
  MessagesSquare,
  Plus,
  Search,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatWhen } from '../../../lib/format-when';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import {
  createVaultNote,
  deleteVaultNote,
  moveChatToVault,
  updateVaultNote,
  useVaultItems,
  vaultNotesKey,
} from '../api/vault-items';
import { lockVault } from '../api/vault-pin-calls';
import { useVaultSession } from '../api/vault-session-store';
import { vaultKey } from '../api/vault-status';
import { vaultErrorText } from '../hooks/error-text';
import { forgetChat } from '../hooks/use-move-to-vault';
import { useNow } from '../hooks/use-now';
import { NEW_VAULT_CHAT } from '../model/vault-turns';
import { ChangePinDialog } from './change-pin-dialog';
import { NoteEditor } from './note-editor';

function timeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

/** The open vault: its chats and notes, a search over them, and the lock. */
export function VaultContents() {
  const queryClient = useQueryClient();
  const { notes, chats } = useVaultItems();
  const expiresAt = useVaultSession((s) => s.expiresAt);
  const now = useNow();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<VaultNote | 'new' | null>(null);
  const [changingPin, setChangingPin] = useState(false);
  const [params, setParams] = useSearchParams();
  const moving = useRef(false);
  const navigate = useNavigate();
  const openChat = (id: string) => void navigate(`/vault/chats/${encodeURIComponent(id)}`);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: vaultKey });
  const lock = async () => {
    await lockVault().catch(() => undefined);
    queryClient.removeQueries({ queryKey: vaultKey, type: 'inactive' });
    refresh();
  };

  // Arrived from a chat's "Move to vault" while the vault was locked: move it now.
  const pendingMove = params.get('move');
  useEffect(() => {
    if (pendingMove === null || moving.current) return;
    moving.current = true;
    moveChatToVault(pendingMove)
      .then(() => {
        toast.success('Moved to the vault');
        forgetChat(queryClient, pendingMove);
      })
      .catch((error: unknown) => toast.error('Could not move the chat', vaultErrorText(error)))
      .finally(() => setParams({}, { replace: true }));
  }, [pendingMove, queryClient, setParams]);

  const term = query.trim().toLowerCase();
  const shownNotes = useMemo(
    () =>
      (notes.data ?? []).filter(
        (n) => term === '' || `${n.title}\n${n.body}`.toLowerCase().includes(term),
      ),
    [notes.data, term],
  );
  const shownChats = useMemo(
    () => (chats.data ?? []).filter((c) => term === '' || c.title.toLowerCase().includes(term)),
    [chats.data, term],
  );

  const saveNote = async (content: { title: string; body: string }) => {
    if (editing === 'new') await createVaultNote(content);
    else if (editing) await updateVaultNote(editing.id, content);
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: vaultNotesKey });
    toast.success('Note saved');
  };
  const deleteNote = async (note: VaultNote) => {
    try {
      await deleteVaultNote(note.id);
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: vaultNotesKey });
      toast.success('Note deleted');
    } catch (error) {
      toast.error('Could not delete the note', vaultErrorText(error));
    }
  };

  const loading = notes.isPending || chats.isPending;
  const failed = notes.isError ? notes.error : chats.isError ? chats.error : null;
  const empty = (notes.data?.length ?? 0) === 0 && (chats.data?.length ?? 0) === 0;

  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface-2 px-4 py-3">
        <p className="text-sm" aria-live="off">
          <span className="font-medium">Unlocked.</span>{' '}
          <span className="text-fg-muted">
            Locks itself in{' '}
            <span className="font-mono tabular-nums" data-testid="vault-time-left">
              {expiresAt === null ? '–' : timeLeft(expiresAt - now)}
            </span>{' '}
            without activity.
          </span>
        </p>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => setChangingPin(true)}>
            <KeyRound className="size-4" aria-hidden /> Change PIN
          </Button>
          <Button variant="outline" size="sm" onClick={() => void lock()}>
            <Lock className="size-4" aria-hidden /> Lock now
          </Button>
        </div>
      </div>

      <div className="mb-5 flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1 basis-full sm:basis-0">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search the vault"
            placeholder="Search the vault"
            className="pl-9"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <Button variant="outline" onClick={() => openChat(NEW_VAULT_CHAT)}>
          <MessageSquarePlus className="size-4" aria-hidden /> New chat
        </Button>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden /> New note
        </Button>
      </div>

      {loading ? (
        <div className="space-y-3" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-xl" />
          ))}
        </div>
      ) : failed ? (
        <LoadFailed
          icon={FileLock2}
          title="Could not open the vault's contents"
          error={failed}
          onRetry={refresh}
        />
      ) : empty ? (
        <EmptyState
          className="rounded-2xl border border-dashed border-line"
          icon={FileLock2}
          title="Your vault is empty"
          description="Start a private chat, move one here from its ••• menu (“Move to vault”), or write a secure note."
        />
      ) : (
        <div className="space-y-6">
          <ItemSection title="Chats" count={shownChats.length} searching={term !== ''}>
            {shownChats.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => openChat(c.id)}
                >
                  <MessagesSquare className="size-4 shrink-0 text-fg-muted" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{c.title}</span>
                    <span className="block text-xs text-fg-muted">
                      {c.kind === 'comparison' ? 'Comparison · ' : ''}
                      {c.message_count} {c.message_count === 1 ? 'message' : 'messages'} ·{' '}
                      {formatWhen(c.updated_at)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ItemSection>
          <ItemSection title="Notes" count={shownNotes.length} searching={term !== ''}>
            {shownNotes.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => setEditing(n)}
                >
                  <FileLock2 className="size-4 shrink-0 text-fg-muted" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{n.title}</span>
                    <span className="block truncate text-xs text-fg-muted">
                      {n.body.slice(0, 120) || 'Empty note'}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ItemSection>
        </div>
      )}

      <ChangePinDialog open={changingPin} onClose={() => setChangingPin(false)} />
      <NoteEditor
        note={editing}
        onSave={saveNote}
        onDelete={deleteNote}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

function ItemSection({
  title,
  count,
  searching,
  children,
}: {
  title: string;
  count: number;
  searching: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-sm font-semibold text-fg-muted">
        {title} <span className="font-normal">({count})</span>
      </h2>
      {count === 0 ? (
        <p className="text-sm text-fg-muted">{searching ? 'Nothing matches.' : 'None yet.'}</p>
      ) : (
        <ul className="space-y-2">{children}</ul>
      )}
    </section>
  );
}
