import { useAuth } from '../../features/auth';
import { appendToDraft } from '../../features/chat/session/composer-drafts';
import { useMcpChoice } from '../../features/chat-settings';
import { McpToolsMenu, usableChoice, useMcpServers } from '../../features/mcp';

/**
 * A chat's Tools menu in its composer: shown to signed-in users who have MCP servers to use or
 * may add one. `choice` is what each send says (servers no longer usable left out).
 */
export function useMcpTools(
  conversationId: string | null,
  threadKey: string,
  /** False in the vault: the choice is kept in the page only. */
  keepsSettings: boolean,
) {
  const { user } = useAuth();
  const servers = useMcpServers(user?.id ?? null);
  const control = useMcpChoice(conversationId, threadKey, keepsSettings);
  const list = servers.data?.servers ?? [];
  const shown =
    user !== null &&
    user !== undefined &&
    (list.length > 0 || servers.data?.user_servers_allowed === true);
  const choice = usableChoice(control.choice, list);
  return {
    choice: shown ? choice : undefined,
    element: shown ? (
      <McpToolsMenu
        servers={list}
        choice={choice}
        onChange={control.set}
        failed={control.failed}
        inVault={!keepsSettings}
        onInsert={(text) => appendToDraft(threadKey, text)}
      />
    ) : null,
  };
}
