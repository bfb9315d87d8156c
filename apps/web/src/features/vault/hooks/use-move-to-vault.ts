import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../ui/toast/toast-store';
import { moveChatToVault } from '../api/vault-items';
import { useVaultSession } from '../api/vault-session-store';
import { vaultErrorText } from './error-text';

/**
 * The chat is gone from every list, count and search: its own queries are dropped (asked again
 * they would only find it absent) and everything else is fetched afresh.
 */
export function forgetChat(queryClient: QueryClient, conversationId: string): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey.some((part) => part === conversationId),
  });
  void queryClient.invalidateQueries();
}

/**
 * "Move to vault" of a chat's menu: straight away while the vault is open; otherwise the vault
 * screen asks for the PIN (or set-up) first and then moves it.
 */
export function useMoveToVault() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (conversationId: string, options: { leaveChat?: boolean } = {}) => {
      if (useVaultSession.getState().token === null) {
        void navigate(`/vault?move=${encodeURIComponent(conversationId)}`);
        return;
      }
      try {
        await moveChatToVault(conversationId);
        toast.success('Moved to the vault');
        // Off the chat's page first: it would ask for a chat that is no longer there.
        if (options.leaveChat) await navigate('/vault');
        forgetChat(queryClient, conversationId);
      } catch (error) {
        if (useVaultSession.getState().token === null)
          void navigate(`/vault?move=${encodeURIComponent(conversationId)}`);
        else toast.error('Could not move the chat', vaultErrorText(error));
      }
    },
    [navigate, queryClient],
  );
}
