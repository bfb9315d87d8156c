import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowUpRight, Lock, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { moveChatOutOfVault } from '../api/vault-items';
import { lockVault } from '../api/vault-pin-calls';
import { vaultKey } from '../api/vault-status';
import { vaultErrorText } from '../hooks/error-text';

interface VaultChatHeaderProps {
  /** The vault chat; null for one not started yet. */
  chatId: string | null;
  /** Its title; null while it loads. */
  title: string | null;
  /** An answer is streaming: the chat cannot leave the vault now. */
  busy: boolean;
}

/**
 * The bar over a vault chat: back to the vault, the chat's title, the mark that it is in the
 * vault, and leaving (the chat back among the others, or locking the vault).
 */
export function VaultChatHeader({ chatId, title, busy }: VaultChatHeaderProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);

  const moveOut = async () => {
    if (chatId === null) return;
    setMoving(true);
    try {
      await moveChatOutOfVault(chatId);
      toast.success('Moved back to your chats');
      void queryClient.invalidateQueries();
      await navigate(`/chats/${encodeURIComponent(chatId)}`, { replace: true });
    } catch (error) {
      toast.error('Could not move the chat out', vaultErrorText(error));
    } finally {
      setMoving(false);
    }
  };
  const lock = async () => {
    await lockVault().catch(() => undefined);
    queryClient.removeQueries({ queryKey: vaultKey, type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey: vaultKey });
  };

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
      <Link
        to="/vault"
        aria-label="Back to the vault"
        className="grid size-8 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden />
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold" data-testid="vault-chat-title">
          {chatId === null ? 'New chat in the vault' : (title ?? '…')}
        </h1>
        <p className="flex min-w-0 items-center gap-2 text-xs text-fg-muted">
          <Badge tone="accent" className="shrink-0" data-testid="vault-mark">
            <LockKeyhole className="size-3" aria-hidden /> In the vault
          </Badge>
          <span className="truncate">Stored encrypted, shown nowhere else</span>
        </p>
      </div>
      <div className="flex shrink-0 gap-1">
        {chatId !== null && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy || moving}
            onClick={() => void moveOut()}
            aria-label="Move out of the vault"
          >
            <ArrowUpRight className="size-4" aria-hidden />
            <span className="hidden sm:inline">Move out</span>
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => void lock()} aria-label="Lock the vault">
          <Lock className="size-4" aria-hidden />
          <span className="hidden sm:inline">Lock</span>
        </Button>
      </div>
    </div>
  );
}
