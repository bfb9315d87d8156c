import type { Conversation } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../ui/toast/toast-store';
import { deleteConversation, renameConversation, setFavourite } from '../api/update-conversation';

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

  const toggleFavourite = useCallback(
    async (c: Pick<Conversation, 'id' | 'is_favourite'>) => {
      try {
        await setFavourite(c.id, !c.is_favourite);
      } catch (error) {
        toast.error('Could not update favourites', reason(error));
      } finally {
        refresh();
      }
    },
    [refresh],
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
