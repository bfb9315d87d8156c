import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ChatScreen } from '../screens/chat-detail-screen';
import { forgetThread, setDraftOf, useChatSession } from '../../features/chat';
import { vaultChatBackend } from '../../features/vault/api/vault-chat-backend';
import { useVaultChats } from '../../features/vault/api/vault-items';
import { VaultChatHeader } from '../../features/vault/components/vault-chat-header';
import { VaultGate } from '../../features/vault/components/vault-gate';
import { VaultFrame } from '../../features/vault/components/vault-screen';
import { NEW_VAULT_CHAT } from '../../features/vault/model/vault-turns';

/** The thread of a vault chat not started yet, until its first send names it. */
const NEW_VAULT_THREAD = 'vault:new';

const liveIn = (threadKey: string) => (s: ReturnType<typeof useChatSession.getState>) =>
  s.threads[threadKey]?.messages.some(
    (m) => m.role === 'assistant' && (m.status === 'streaming' || m.status === 'pending'),
  ) ?? false;

function VaultChat({ chatId }: { chatId: string | null }) {
  const navigate = useNavigate();
  const threadKey = chatId ?? NEW_VAULT_THREAD;
  const busy = useChatSession(liveIn(threadKey));
  const kind = useVaultChats().data?.find((c) => c.id === chatId)?.kind;
  // The opened turns, and text typed to the chat, stay in memory only while the chat is on
  // screen (and the vault open).
  useEffect(
    () => () => {
      forgetThread(threadKey);
      setDraftOf(threadKey, '');
    },
    [threadKey],
  );
  return (
    <ChatScreen
      conversationId={chatId}
      threadKey={threadKey}
      backend={vaultChatBackend}
      header={(title) => <VaultChatHeader chatId={chatId} title={title} busy={busy} />}
      onStarted={(id) => void navigate(`/vault/chats/${encodeURIComponent(id)}`, { replace: true })}
      exit={{ to: '/vault', label: 'Back to the vault' }}
      {...(kind === 'comparison' && {
        readOnly: (
          <p className="rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-fg-muted">
            A comparison is continued on the compare screen: move it out of the vault to carry on.
          </p>
        ),
      })}
    />
  );
}

/**
 * /vault/chats/{chatId} (or /vault/chats/new): a chat kept in the vault, in the chat screen
 * like any chat, its turns through the vault's routes. Locked, it shows the unlock pad.
 */
export function VaultChatRoute() {
  const { chatId = NEW_VAULT_CHAT } = useParams();
  return (
    <VaultGate frame={(screen) => <VaultFrame>{screen}</VaultFrame>}>
      <VaultChat chatId={chatId === NEW_VAULT_CHAT ? null : chatId} />
    </VaultGate>
  );
}
