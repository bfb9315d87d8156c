import { useAuth } from '../../features/auth';
import {
  useAvailableTools,
  useWebSearchToggle,
  WebSearchToggleButton,
} from '../../features/chat-settings';

/**
 * A chat's Web search toggle in its composer: shown when the caller's chats may search (the
 * admin set up a search provider, the plan allows it); `on` is what each send says.
 */
export function useWebSearchTool(
  conversationId: string | null,
  threadKey: string,
  /** False in the vault: the toggle is kept in the page, and asks before it turns on. */
  keepsSettings: boolean,
) {
  const { user } = useAuth();
  const available = useAvailableTools(user?.id ?? 'visitor').data?.web_search === true;
  const toggle = useWebSearchToggle(conversationId, threadKey, keepsSettings);
  return {
    on: available && toggle.on,
    element: available ? <WebSearchToggleButton toggle={toggle} inVault={!keepsSettings} /> : null,
  };
}
