import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../ui/toast/toast-store';
import type { UiMessage } from '../model/ui-message';
import { loadOlder } from '../session/load-thread';

/** A turn to bring into view: its question (user) or its answer (assistant). */
export interface RevealTarget {
  messageId: string;
  role: UiMessage['role'];
}

interface ThreadView {
  state: 'loading' | 'ready' | 'error';
  hasMore: boolean;
  loadingOlder: boolean;
  messages: readonly UiMessage[];
}

/**
 * `?message=<id>&in=answer|question` (a search hit): loads older pages until that turn is in the
 * thread, and answers it as the target for the message list to scroll to. `done` drops the
 * parameters, so a reload does not jump again.
 */
export function useRevealMessage(
  chatId: string,
  thread: ThreadView,
): { target: RevealTarget | null; done: () => void } {
  const [params, setParams] = useSearchParams();
  const messageId = params.get('message');
  const role = params.get('in') === 'answer' ? 'assistant' : 'user';
  const { state, hasMore, loadingOlder, messages } = thread;
  const loaded = messageId !== null && messages.some((m) => m.messageId === messageId);
  const done = useCallback(() => setParams({}, { replace: true }), [setParams]);

  useEffect(() => {
    if (!messageId || loaded || state !== 'ready' || loadingOlder) return;
    if (hasMore) {
      void loadOlder(chatId);
      return;
    }
    done();
    toast.info('That message is not in this version of the chat');
  }, [chatId, messageId, loaded, state, hasMore, loadingOlder, done]);

  return { target: messageId && loaded ? { messageId, role } : null, done };
}
