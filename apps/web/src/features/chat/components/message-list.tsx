import { useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../ui/spinner';
import type { UiMessage } from '../model/ui-message';
import type { WorkingStatus } from '../session/chat-session-store';
import { AssistantBubble, UserBubble } from './message-bubble';

interface MessageListProps {
  messages: UiMessage[];
  working: Record<string, WorkingStatus>;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (message: UiMessage) => void;
  onRegenerate: (message: UiMessage) => void;
  onEditLast: (message: UiMessage, text: string) => void;
  busy: boolean;
}

const NEAR_BOTTOM_PX = 120;
const NEAR_TOP_PX = 200;

/**
 * The conversation, oldest first. Follows the stream while the reader is at the bottom; older
 * turns load when the reader scrolls near the top, and the view stays where it was.
 */
export function MessageList(props: MessageListProps) {
  const { messages, working, hasMore, loadingOlder, onLoadOlder, busy } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const firstKey = messages[0]?.key;
  const previous = useRef<{ firstKey: string | undefined; height: number }>({ firstKey: undefined, height: 0 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    if (before.firstKey && firstKey !== before.firstKey && el.scrollHeight > before.height && !stickToBottom.current) {
      // Older turns were put in front: keep the same message under the reader's eyes.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { firstKey, height: el.scrollHeight };
  });

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    previous.current = { firstKey, height: el.scrollHeight };
    if (el.scrollTop < NEAR_TOP_PX && hasMore && !loadingOlder) onLoadOlder();
  };

  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const lastAssistant = [...messages].reverse().find((m) => m.role === 'assistant');

  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto" data-testid="message-list">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
        {hasMore && (
          <div className="flex justify-center py-2 text-xs text-fg-subtle">
            {loadingOlder ? (
              <Spinner size="sm" label="Loading older messages" />
            ) : (
              <button type="button" onClick={onLoadOlder} className="rounded-md px-2 py-1 hover:bg-surface-2">
                Load older messages
              </button>
            )}
          </div>
        )}
        {messages.map((m) =>
          m.role === 'user' ? (
            <UserBubble
              key={m.key}
              message={m}
              onEdit={m.key === lastUser?.key && !busy && m.status !== 'pending' ? (text) => props.onEditLast(m, text) : undefined}
            />
          ) : (
            <AssistantBubble
              key={m.key}
              message={m}
              working={working[m.messageId]}
              onRetry={props.onRetry}
              onRegenerate={m.key === lastAssistant?.key && !busy && m.prompt ? props.onRegenerate : undefined}
            />
          ),
        )}
      </div>
    </div>
  );
}
