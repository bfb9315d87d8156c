import { TOAST } from '@parallax/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface PendingDelete {
  id: string;
  title: string;
}

/**
 * Delete with undo: the item hides at once and is deleted for real only when the undo window
 * closes. Leaving the screen commits whatever is still pending.
 */
export function useUndoableDelete(
  commit: (id: string) => Promise<void>,
  windowMs: number = TOAST.defaultDurationMs,
) {
  const [pending, setPending] = useState<PendingDelete[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const commitRef = useRef(commit);
  commitRef.current = commit;

  const finish = useCallback((id: string) => {
    timers.current.delete(id);
    setPending((list) => list.filter((p) => p.id !== id));
    void commitRef.current(id);
  }, []);

  const remove = useCallback(
    (item: PendingDelete) => {
      setPending((list) => [...list.filter((p) => p.id !== item.id), item]);
      timers.current.set(
        item.id,
        setTimeout(() => finish(item.id), windowMs),
      );
    },
    [finish, windowMs],
  );

  const undo = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setPending((list) => list.filter((p) => p.id !== id));
  }, []);

  useEffect(() => {
    const live = timers.current;
    return () => {
      for (const [id, timer] of live) {
        clearTimeout(timer);
        void commitRef.current(id);
      }
      live.clear();
    };
  }, []);

  return { pending, remove, undo };
}
