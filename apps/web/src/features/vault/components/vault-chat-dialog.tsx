import type { VaultChatMessage, VaultSendResponse } from '@parallax/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Markdown } from '../../../lib/markdown';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useModels } from '../../chat';
import { cancelVaultAnswer, sendVaultMessage } from '../api/send-vault-message';
import { getVaultChat, vaultChatsKey } from '../api/vault-items';
import { vaultErrorText } from '../hooks/error-text';
import { useLiveAnswers, type LiveAnswer } from '../hooks/use-live-answers';
import { VaultComposer } from './vault-composer';

interface VaultChatDialogProps {
  /** The vault chat shown, 'new' for a new one, null when closed. */
  chatId: string | null;
  /** A new chat got its id with its first turn. */
  onCreated: (id: string) => void;
  onMoveOut: (id: string) => void;
  onClose: () => void;
}

const isRunning = (status: string) => status === 'pending' || status === 'streaming';

/**
 * A chat kept in the vault: its answers stream in live, can be stopped and regenerated, and
 * it can go back among the chats from here.
 */
export function VaultChatDialog({ chatId, onCreated, onMoveOut, onClose }: VaultChatDialogProps) {
  const queryClient = useQueryClient();
  const models = useModels();
  const isNew = chatId === 'new';
  const chat = useQuery({
    queryKey: [...vaultChatsKey, 'one', chatId],
    queryFn: () => getVaultChat(chatId ?? ''),
    enabled: chatId !== null && !isNew,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: vaultChatsKey }),
    [queryClient],
  );
  const live = useLiveAnswers(refresh);
  /** The turn just sent, shown until the chat read back holds it. */
  const [sent, setSent] = useState<VaultChatMessage | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const stored = chat.data?.messages ?? [];
  const turns = sent && !stored.some((m) => m.id === sent.id) ? [...stored, sent] : stored;
  const runningTurn = turns.find(
    (m) => isRunning(m.status) || live.answers.get(m.id)?.done === false,
  );

  // A turn still streaming when the chat is opened (a reload): its stream is picked up again.
  const { resume } = live;
  useEffect(() => {
    for (const m of chat.data?.messages ?? []) if (isRunning(m.status)) resume(m.id);
  }, [chat.data, resume]);

  const answered = (result: VaultSendResponse) => {
    setSent(result.message);
    if (result.message.status !== 'streaming') live.forget(result.message.id);
    refresh();
    if (isNew) onCreated(result.conversation_id);
  };

  const stop = async () => {
    if (!runningTurn) return;
    setActionError(null);
    try {
      await cancelVaultAnswer(runningTurn.id);
    } catch (err) {
      setActionError(vaultErrorText(err));
    }
    refresh();
  };

  const regenerate = async (turn: VaultChatMessage) => {
    const model = (models.data ?? []).find((m) => m.id === turn.model && m.available);
    if (!model || chatId === null || isNew) {
      setActionError(`${turn.model_friendly_name} is not available now.`);
      return;
    }
    setActionError(null);
    const messageId = crypto.randomUUID();
    live.follow(messageId);
    try {
      answered(
        await sendVaultMessage({
          message: turn.content,
          message_id: messageId,
          conversation_id: chatId,
          version_of: turn.id,
          provider: model.provider,
          model: model.id,
        }),
      );
    } catch (err) {
      live.forget(messageId);
      setActionError(vaultErrorText(err));
    }
  };

  const last = turns.at(-1);
  return (
    <Modal
      open={chatId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? 'New chat in the vault' : (chat.data?.title ?? 'Vault chat')}
      description="Kept in the vault: stored encrypted, and shown nowhere else."
      className="max-w-3xl"
    >
      <div className="mt-4 max-h-[40vh] space-y-4 overflow-y-auto pr-1">
        {isNew && turns.length === 0 ? (
          <p className="text-sm text-fg-muted">
            Nothing of this chat is stored in readable form, and it shows up nowhere else.
          </p>
        ) : !isNew && chat.isPending ? (
          <Skeleton className="h-32 w-full rounded-xl" />
        ) : chat.isError ? (
          <LoadFailed
            icon={MessagesSquare}
            title="Could not open this chat"
            error={chat.error}
            onRetry={() => void chat.refetch()}
          />
        ) : (
          turns.map((m) => (
            <VaultTurnView
              key={m.id}
              turn={m}
              live={live.answers.get(m.id)}
              onRegenerate={
                m.id === last?.id && !runningTurn ? () => void regenerate(m) : undefined
              }
            />
          ))
        )}
      </div>
      {actionError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {actionError}
        </p>
      )}
      {chatId !== null && (
        <VaultComposer
          conversationId={isNew ? undefined : chatId}
          running={runningTurn?.id ?? null}
          onSending={live.follow}
          onSent={answered}
          onFailed={live.forget}
          onStop={() => void stop()}
        />
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        {chatId !== null && !isNew && (
          <Button
            variant="secondary"
            disabled={runningTurn !== undefined}
            onClick={() => onMoveOut(chatId)}
          >
            Move out of the vault
          </Button>
        )}
      </div>
    </Modal>
  );
}

function VaultTurnView({
  turn,
  live,
  onRegenerate,
}: {
  turn: VaultChatMessage;
  live: LiveAnswer | undefined;
  onRegenerate: (() => void) | undefined;
}) {
  const running = isRunning(turn.status) || live?.done === false;
  // While it streams the live text is the answer; the stored one once it has been read back.
  const response = running && live ? live.text || turn.response : turn.response;
  return (
    <article className="space-y-2">
      <p className="ml-auto w-fit max-w-[85%] rounded-2xl bg-accent/10 px-4 py-2 text-sm break-words whitespace-pre-wrap">
        {turn.content}
      </p>
      {turn.attachments.length > 0 && (
        <p className="text-right text-xs text-fg-muted">
          {turn.attachments.map((a) => a.filename).join(', ')}
        </p>
      )}
      {(response || running) && (
        <div
          className="rounded-2xl border border-line px-4 py-3 text-sm"
          aria-busy={running}
          data-testid="vault-answer"
        >
          <p className="mb-1 text-xs font-medium text-fg-muted">
            {turn.model_friendly_name}
            {running && <span className="ml-2">· Answering…</span>}
            {turn.status === 'cancelled' && <span className="ml-2">· Stopped</span>}
          </p>
          {response ? <Markdown text={response} /> : <Skeleton className="h-4 w-24" />}
        </div>
      )}
      {onRegenerate && (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={onRegenerate}>
            <RefreshCw className="size-3.5" aria-hidden /> Regenerate
          </Button>
        </div>
      )}
    </article>
  );
}
