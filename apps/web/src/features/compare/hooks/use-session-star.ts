import type { CompareListResponse, CompareSessionSummary } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../ui/toast/toast-store';
import { COMPARE_LIST_KEY } from '../api/list-sessions';
import { setSessionFavourite } from '../api/set-session-favourite';
import { sessionKey } from '../model/compare-runtime';

/** Stars or unstars a comparison: the lists show it at once, and go back if the server says no. */
export function useSessionStar() {
  const queryClient = useQueryClient();
  const show = useCallback(
    (id: string, starred: boolean) =>
      queryClient.setQueriesData<CompareListResponse>(
        { queryKey: COMPARE_LIST_KEY },
        (data) =>
          data && {
            ...data,
            sessions: data.sessions.map((s) => (s.id === id ? { ...s, is_favourite: starred } : s)),
          },
      ),
    [queryClient],
  );

  return useCallback(
    async (session: Pick<CompareSessionSummary, 'id' | 'is_favourite'>) => {
      const wanted = !session.is_favourite;
      show(session.id, wanted);
      try {
        queryClient.setQueryData(
          sessionKey(session.id),
          await setSessionFavourite(session.id, wanted),
        );
        // /favourites lists a starred comparison (as its first panel's conversation).
        void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      } catch (error) {
        show(session.id, session.is_favourite);
        toast.error(
          'Could not update favourites',
          error instanceof Error ? error.message : undefined,
        );
      }
    },
    [queryClient, show],
  );
}
