import type { Conversation } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../ui/toast/toast-store';
import { conversationKey } from '../api/get-conversation';
import { recentConversationsKey } from '../api/list-recent-conversations';
import { deleteConversation, renameConversation } from '../api/update-conversation';
import { setFavourite } from '../../favourites';

const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** Rename, favourite and delete a chat; every list and header showing it refreshes after. */
export function useConversationActions() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['conversations'] }),
    [queryClient],
  );

  const rename = useCallback(
    async (c: Pick<Conversation, 'id'>, title: string): Promise<boolean> => {
      try {
        await renameConversation(c.id, title);
        return true;
      } catch (error) {
        toast.error('Could not rename the conversation', reason(error));
        return false;
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  // The star fills at once in the header and the sidebar; the refresh after corrects it.
  const showStar = useCallback(
    (id: string, starred: boolean) => {
      queryClient.setQueryData<Conversation>(
        conversationKey(id),
        (c) => c && { ...c, is_favourite: starred },
      );
      queryClient.setQueryData<Conversation[]>(recentConversationsKey, (list) =>
        list?.map((c) => (c.id === id ? { ...c, is_favourite: starred } : c)),
      );
    },
    [queryClient],
  );

  const toggleFavourite = useCallback(
    async (c: Pick<Conversation, 'id' | 'is_favourite'>) => {
      showStar(c.id, !c.is_favourite);
      try {
        await setFavourite(c.id, !c.is_favourite);
      } catch (error) {
        toast.error('Could not update favourites', reason(error));
      } finally {
        refresh();
      }
    },
    [refresh, showStar],
  );

  const remove = useCallback(
    async (c: Pick<Conversation, 'id'>): Promise<boolean> => {
      try {
        await deleteConversation(c.id);
        return true;
      } catch (error) {
        toast.error('Could not delete the conversation', reason(error));
        return false;
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  return { rename, toggleFavourite, remove };
}
