import type { VaultSendResponse } from '@parallax/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { Markdown } from '../../../lib/markdown';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { getVaultChat, vaultChatsKey } from '../api/vault-items';
import { VaultComposer } from './vault-composer';

interface VaultChatDialogProps {
  /** The vault chat shown, 'new' for a new one, null when closed. */
  chatId: string | null;
  /** A new chat got its id with its first answer. */
  onCreated: (id: string) => void;
  onMoveOut: (id: string) => void;
  onClose: () => void;
}

/** A chat kept in the vault, opened for reading; it can go back among the chats from here. */
export function VaultChatDialog({ chatId, onCreated, onMoveOut, onClose }: VaultChatDialogProps) {
  const queryClient = useQueryClient();
  const isNew = chatId === 'new';
  const chat = useQuery({
    queryKey: [...vaultChatsKey, 'one', chatId],
    queryFn: () => getVaultChat(chatId ?? ''),
    enabled: chatId !== null && !isNew,
  });
  const answered = (result: VaultSendResponse) => {
    void queryClient.invalidateQueries({ queryKey: vaultChatsKey });
    if (isNew) onCreated(result.conversation_id);
  };
  return (
    <Modal
      open={chatId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? 'New chat in the vault' : (chat.data?.title ?? 'Vault chat')}
      description="Kept in the vault: stored encrypted, and shown nowhere else."
      className="max-w-3xl"
    >
      <div className="mt-4 max-h-[40vh] space-y-4 overflow-y-auto pr-1">
        {isNew ? (
          <p className="text-sm text-fg-muted">
            Nothing of this chat is stored in readable form, and it shows up nowhere else.
          </p>
        ) : chat.isPending ? (
          <Skeleton className="h-32 w-full rounded-xl" />
        ) : chat.isError ? (
          <LoadFailed
            icon={MessagesSquare}
            title="Could not open this chat"
            error={chat.error}
            onRetry={() => void chat.refetch()}
          />
        ) : (
          chat.data.messages.map((m) => (
            <article key={m.id} className="space-y-2">
              <p className="ml-auto w-fit max-w-[85%] rounded-2xl bg-accent/10 px-4 py-2 text-sm whitespace-pre-wrap break-words">
                {m.content}
              </p>
              {m.attachments.length > 0 && (
                <p className="text-right text-xs text-fg-muted">
                  {m.attachments.map((a) => a.filename).join(', ')}
                </p>
              )}
              {m.response !== null && (
                <div className="rounded-2xl border border-line px-4 py-3 text-sm">
                  <p className="mb-1 text-xs font-medium text-fg-muted">{m.model_friendly_name}</p>
                  <Markdown text={m.response} />
                </div>
              )}
            </article>
          ))
        )}
      </div>
      {chatId !== null && (
        <VaultComposer conversationId={isNew ? undefined : chatId} onAnswered={answered} />
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        {chatId !== null && !isNew && (
          <Button variant="secondary" onClick={() => onMoveOut(chatId)}>
            Move out of the vault
          </Button>
        )}
      </div>
    </Modal>
  );
}
