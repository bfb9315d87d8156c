import { EMPTY_CHAT_SETTINGS, NO_MCP, type ChatMcpChoice } from '@parallax/contract';
import { useCallback, useState } from 'react';
import { useChatSettings } from '../api/get-chat-settings';
import { usePutChatSettings } from '../api/put-chat-settings';
import { useNewChatSettings } from '../model/new-chat-settings';
import { useVaultMcp } from '../model/vault-mcp';

export interface McpChoiceControl {
  choice: ChatMcpChoice;
  /** Saving the chat's choice failed: the menu shows what is stored. */
  failed: boolean;
  set: (choice: ChatMcpChoice) => void;
}

/**
 * The MCP servers and tools one chat may use, kept where its Web search toggle is: a stored
 * chat's settings (saved at once, shown at once), a new chat's pending settings (its first send
 * carries them), a vault chat's page memory.
 */
export function useMcpChoice(
  conversationId: string | null,
  threadKey: string,
  keepsSettings: boolean,
): McpChoiceControl {
  const stored = useChatSettings(keepsSettings ? conversationId : null);
  const put = usePutChatSettings(conversationId);
  const pending = useNewChatSettings((s) => s.settings);
  const vault = useVaultMcp((s) => s.choice[conversationId ?? threadKey] ?? s.choice[threadKey]);
  const [saving, setSaving] = useState<ChatMcpChoice | null>(null);
  const [failed, setFailed] = useState(false);

  const choice = !keepsSettings
    ? (vault ?? NO_MCP)
    : conversationId === null
      ? (pending?.mcp ?? NO_MCP)
      : (saving ?? stored.data?.mcp ?? NO_MCP);

  const { mutateAsync } = put;
  const storedSettings = stored.data;
  const set = useCallback(
    (next: ChatMcpChoice) => {
      setFailed(false);
      if (!keepsSettings) {
        useVaultMcp.getState().set(conversationId ?? threadKey, next);
        return;
      }
      if (conversationId === null) {
        const state = useNewChatSettings.getState();
        state.choose({ ...(state.settings ?? EMPTY_CHAT_SETTINGS), mcp: next }, state.presetId);
        return;
      }
      setSaving(next);
      mutateAsync({ ...(storedSettings ?? EMPTY_CHAT_SETTINGS), mcp: next })
        .catch(() => setFailed(true))
        .finally(() => setSaving(null));
    },
    [keepsSettings, conversationId, threadKey, mutateAsync, storedSettings],
  );
  return { choice, failed, set };
}
