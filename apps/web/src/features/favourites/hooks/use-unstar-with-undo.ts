import { TOAST, type Conversation } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast/toast-store';
import { setFavourite } from '../api/set-favourite';
import { favouritesKey } from '../api/list-favourites';
import { removeRow, restoreRow, type FavouritePages, type RowPosition } from './favourite-pages';

export interface Unstarred {
  conversation: Conversation;
  at: RowPosition;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * Unstar on /favourites: the row leaves at once and the server is told at once (so every other
 * view agrees); for a few seconds Undo stars it again and puts the row back where it was.
 */
export function useUnstarWithUndo(windowMs: number = TOAST.defaultDurationMs) {
  const queryClient = useQueryClient();
  const [recent, setRecent] = useState<Unstarred[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Map<string, Promise<unknown>>());

  // An Undo clicked before the unstar has reached the server waits for it: the two requests
  // must land in the order they were made.
  const send = useCallback((id: string, starred: boolean) => {
    const previous = inFlight.current.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => setFavourite(id, starred));
    inFlight.current.set(id, next);
    return next;
  }, []);

  const patch = useCallback(
    (change: (data: FavouritePages) => FavouritePages) =>
      queryClient.setQueryData<FavouritePages>(favouritesKey, (data) => data && change(data)),
    [queryClient],
  );
  // Other lists show stars too; this one is kept in step by hand (a refetch by offset could
  // skip a row while the server and the cache disagree for a moment).
  const refreshOthers = useCallback(() => {
    void queryClient.invalidateQueries({
      queryKey: ['conversations'],
      predicate: (q) => q.queryKey[1] !== favouritesKey[1],
    });
    void queryClient.invalidateQueries({ queryKey: ['compare', 'sessions'] });
  }, [queryClient]);

  const forget = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setRecent((list) => list.filter((u) => u.conversation.id !== id));
  }, []);

  const unstar = useCallback(
    (conversation: Conversation) => {
      let at: RowPosition | null = null;
      patch((data) => {
        const removed = removeRow(data, conversation.id);
        at = removed.at;
        return removed.data;
      });
      const position: RowPosition = at ?? { page: 0, index: 0 };
      setRecent((list) => [
        ...list.filter((u) => u.conversation.id !== conversation.id),
        { conversation, at: position },
      ]);
      timers.current.set(
        conversation.id,
        setTimeout(() => forget(conversation.id), windowMs),
      );
      send(conversation.id, false).then(refreshOthers, (error: unknown) => {
        forget(conversation.id);
        patch((data) => restoreRow(data, conversation, position));
        toast.error('Could not update favourites', reason(error));
      });
    },
    [patch, forget, refreshOthers, send, windowMs],
  );

  const undo = useCallback(
    (id: string) => {
      const item = recent.find((u) => u.conversation.id === id);
      forget(id);
      if (!item) return;
      patch((data) => restoreRow(data, item.conversation, item.at));
      send(id, true).then(refreshOthers, (error: unknown) => {
        patch((data) => removeRow(data, id).data);
        toast.error('Could not update favourites', reason(error));
      });
    },
    [recent, forget, patch, refreshOthers, send],
  );

  useEffect(() => {
    const live = timers.current;
    return () => {
      for (const timer of live.values()) clearTimeout(timer);
      live.clear();
    };
  }, []);

  return { recent, unstar, undo };
}
