import { EMPTY_CHAT_SETTINGS } from '@parallax/contract';
import { useCallback, useState } from 'react';
import { useChatSettings } from '../api/get-chat-settings';
import { usePutChatSettings } from '../api/put-chat-settings';
import { useNewChatSettings } from '../model/new-chat-settings';
import { useVaultWebSearch } from '../model/vault-web-search';

export interface WebSearchToggle {
  on: boolean;
  /** Saving the chat's setting failed: the toggle shows what is stored. */
  failed: boolean;
  set: (on: boolean) => void;
}

/**
 * The composer's Web search toggle of one chat. A stored chat keeps it in its settings (saved at
 * once, shown at once), a new chat in the settings its first send carries; a vault chat, which
 * keeps no settings, only for this page's life (see useVaultWebSearch).
 */
export function useWebSearchToggle(
  conversationId: string | null,
  threadKey: string,
  keepsSettings: boolean,
): WebSearchToggle {
  const stored = useChatSettings(keepsSettings ? conversationId : null);
  const put = usePutChatSettings(conversationId);
  const pending = useNewChatSettings((s) => s.settings);
  const vault = useVaultWebSearch((s) => s.on[conversationId ?? threadKey] ?? s.on[threadKey]);
  // Shown while the save is under way, so the switch answers the click at once.
  const [saving, setSaving] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);

  const on = !keepsSettings
    ? vault === true
    : conversationId === null
      ? (pending?.web_search ?? false)
      : (saving ?? stored.data?.web_search ?? false);

  const { mutateAsync } = put;
  const storedSettings = stored.data;
  const set = useCallback(
    (next: boolean) => {
      setFailed(false);
      if (!keepsSettings) {
        useVaultWebSearch.getState().set(conversationId ?? threadKey, next);
        return;
      }
      if (conversationId === null) {
        const state = useNewChatSettings.getState();
        state.choose(
          { ...(state.settings ?? EMPTY_CHAT_SETTINGS), web_search: next },
          state.presetId,
        );
        return;
      }
      setSaving(next);
      mutateAsync({ ...(storedSettings ?? EMPTY_CHAT_SETTINGS), web_search: next })
        .catch(() => setFailed(true))
        .finally(() => setSaving(null));
    },
    [keepsSettings, conversationId, threadKey, mutateAsync, storedSettings],
  );
  return { on, failed, set };
}
