import { useAuth } from '../../auth';
import { useAvailableTools, type WebSearchToggle } from '../../chat-settings';
import { useCompareWebSearchStore } from '../store/web-search';

/**
 * A comparison's Web search toggle: offered when the caller's chats may search; `on` is what
 * each panel's turn says.
 */
export function useCompareWebSearch(sessionId: string): {
  available: boolean;
  toggle: WebSearchToggle;
} {
  const { user } = useAuth();
  const available = useAvailableTools(user?.id ?? 'visitor').data?.web_search === true;
  const on = useCompareWebSearchStore((s) => s.on[sessionId] === true);
  return {
    available,
    toggle: {
      on: available && on,
      failed: false,
      set: (next) => useCompareWebSearchStore.getState().set(sessionId, next),
    },
  };
}
