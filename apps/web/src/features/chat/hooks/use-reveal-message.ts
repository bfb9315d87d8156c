import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../ui/toast/toast-store';
import { loadOlder } from '../session/load-thread';

interface ThreadView {
  state: 'loading' | 'ready' | 'error';
  hasMore: boolean;
  loadingOlder: boolean;
  messageCount: number;
}

const FLASH_MS = 2_400;

/** The brief glow that says "this one": an animation, so nothing in React's tree changes. */
function flash(el: Element): void {
  el.animate(
    [
      {
        backgroundColor: 'color-mix(in oklch, var(--accent) 16%, transparent)',
        boxShadow: '0 0 0 6px color-mix(in oklch, var(--accent) 16%, transparent)',
        borderRadius: '12px',
      },
      { backgroundColor: 'transparent', boxShadow: '0 0 0 6px transparent', borderRadius: '12px' },
    ],
    { duration: FLASH_MS, easing: 'ease-in' },
  );
}

/**
 * `?message=<id>&in=answer|question` (a search hit): loads older pages until that turn is on
 * screen, scrolls it to the middle and makes it glow briefly, then drops the parameters so a
 * reload does not jump again.
 */
export function useRevealMessage(chatId: string, thread: ThreadView): void {
  const [params, setParams] = useSearchParams();
  const target = params.get('message');
  const role = params.get('in') === 'answer' ? 'assistant' : 'user';
  const { state, hasMore, loadingOlder, messageCount } = thread;

  useEffect(() => {
    if (!target || state !== 'ready' || loadingOlder) return;
    const id = CSS.escape(target);
    const el =
      document.querySelector(`[data-message-id="${id}"][data-role="${role}"]`) ??
      document.querySelector(`[data-message-id="${id}"]`);
    if (!el && hasMore) {
      void loadOlder(chatId);
      return;
    }
    setParams({}, { replace: true });
    if (!el) {
      toast.info('That message is not in this version of the chat');
      return;
    }
    // After this frame's layout, so the list's own scroll to the newest turn comes first.
    requestAnimationFrame(() => {
      el.scrollIntoView({ block: 'center' });
      flash(el);
    });
  }, [chatId, target, role, state, hasMore, loadingOlder, messageCount, setParams]);
}
