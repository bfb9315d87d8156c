import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../ui/toast/toast-store';
import { moveChatToVault } from '../api/vault-items';
import { useVaultSession } from '../api/vault-session-store';
import { vaultErrorText } from './error-text';

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
        // The chat is gone from every list, count and search: refetch them all.
        void queryClient.invalidateQueries();
        if (options.leaveChat) void navigate('/vault');
      } catch (error) {
        if (useVaultSession.getState().token === null)
          void navigate(`/vault?move=${encodeURIComponent(conversationId)}`);
        else toast.error('Could not move the chat', vaultErrorText(error));
      }
    },
    [navigate, queryClient],
  );
}
