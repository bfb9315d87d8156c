import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isAwayFromBottom, JumpToLatest } from '../../../ui/jump-to-latest';
import { Spinner } from '../../../ui/spinner';
import type { RevealTarget } from '../hooks/use-reveal-message';
import type { UiMessage } from '../model/ui-message';
import { flashElement } from './flash-element';
import type { WorkingStatus } from '../session/chat-session-store';
import type { AnswerHandlers } from './answer-actions';
import { AssistantBubble, UserBubble } from './message-bubble';

interface MessageListProps {
  messages: UiMessage[];
  working: Record<string, WorkingStatus>;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (message: UiMessage) => void;
  onRegenerate: (message: UiMessage) => void;
  /** The regenerate button's tooltip (it spends a message). */
  regenerateHint: string;
  onEdit: (message: UiMessage, text: string) => void;
  /** Regenerate with another model, Continue and thumbs: absent where the chat has none. */
  onRegenerateWith?: AnswerHandlers['onRegenerateWith'];
  onContinue?: AnswerHandlers['onContinue'];
  onRate?: AnswerHandlers['onRate'];
  onSelectVersion: (messageId: string) => void;
  /** An answer streams or a version is being switched: nothing may be sent or switched. */
  busy: boolean;
  /** A turn to scroll to and mark (a search hit); onRevealed once that is done. */
  reveal?: RevealTarget | null;
  onRevealed?: () => void;
  /** A note shown on an answer (settings its model did not take); keep it stable. */
  answerNote?: (message: UiMessage) => ReactNode;
}

const NEAR_BOTTOM_PX = 120;
const NEAR_TOP_PX = 200;

function lastOfRole(messages: UiMessage[], role: UiMessage['role']): UiMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1)
    if (messages[i]?.role === role) return messages[i];
  return undefined;
}

/** Turns the server never stored (their send failed): no version can be made of them. */
function unsentTurns(messages: UiMessage[]): Set<string> {
  return new Set(messages.filter((m) => m.sendFailed).map((m) => m.messageId));
}

/**
 * The conversation, oldest first. Follows the stream while the reader is at the bottom; older
 * turns load when the reader scrolls near the top, and the view stays where it was.
 *
 * Sizes are read only in a ResizeObserver callback, which runs once per frame after layout:
 * reading them after each streamed batch would force a layout of the whole list every time.
 */
export function MessageList(props: MessageListProps) {
  const { messages, working, hasMore, loadingOlder, onLoadOlder, busy } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const [scrolledUp, setScrolledUp] = useState(false);
  /** Where our own last scroll to the bottom put the view. */
  const autoScrollTop = useRef<number | null>(null);
  const firstKey = messages[0]?.key;
  const renderedFirstKey = useRef(firstKey);
  const measured = useRef<{ firstKey: string | undefined; height: number }>({
    firstKey: undefined,
    height: 0,
  });

  useEffect(() => {
    renderedFirstKey.current = firstKey;
  }, [firstKey]);

  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const height = el.scrollHeight;
      const before = measured.current;
      const key = renderedFirstKey.current;
      if (
        before.firstKey &&
        key !== before.firstKey &&
        height > before.height &&
        !stickToBottom.current
      ) {
        // Older turns were put in front: keep the same message under the reader's eyes.
        el.scrollTop += height - before.height;
      } else if (stickToBottom.current) {
        el.scrollTop = height;
        autoScrollTop.current = el.scrollTop;
      }
      measured.current = { firstKey: key, height };
    });
    observer.observe(inner);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { reveal, onRevealed } = props;
  useEffect(() => {
    const el = scroller.current;
    if (!reveal || !el) return;
    const id = CSS.escape(reveal.messageId);
    const turn =
      el.querySelector(`[data-message-id="${id}"][data-role="${reveal.role}"]`) ??
      el.querySelector(`[data-message-id="${id}"]`);
    if (!turn) return;
    // Stop following the newest answer first, or the next resize puts the view back there.
    stickToBottom.current = false;
    autoScrollTop.current = null;
    turn.scrollIntoView({ block: 'center' });
    flashElement(turn);
    onRevealed?.();
  }, [reveal, onRevealed, messages.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    // The scroll event of our own follow can arrive after the answer grew again: still following.
    const following = autoScrollTop.current !== null && el.scrollTop >= autoScrollTop.current;
    stickToBottom.current =
      following || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (!following) autoScrollTop.current = null;
    setScrolledUp(!stickToBottom.current && isAwayFromBottom(el));
    if (el.scrollTop < NEAR_TOP_PX && hasMore && !loadingOlder) onLoadOlder();
  };

  const jumpToLatest = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = true;
    el.scrollTop = el.scrollHeight;
    autoScrollTop.current = el.scrollTop;
    setScrolledUp(false);
  };

  const unsent = unsentTurns(messages);
  const lastAssistant = lastOfRole(messages, 'assistant');
  const streaming = lastAssistant?.status === 'streaming' || lastAssistant?.status === 'pending';

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto"
        data-testid="message-list"
      >
        <div
          ref={content}
          className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6"
        >
          {hasMore && (
            <div className="flex justify-center py-2 text-xs text-fg-subtle">
              {loadingOlder ? (
                <Spinner size="sm" label="Loading older messages" />
              ) : (
                <button
                  type="button"
                  onClick={onLoadOlder}
                  className="rounded-md px-2 py-1 hover:bg-surface-2"
                >
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
                onEdit={
                  !busy && m.status !== 'pending' && !unsent.has(m.messageId)
                    ? props.onEdit
                    : undefined
                }
                onSelectVersion={busy ? undefined : props.onSelectVersion}
              />
            ) : (
              <AssistantBubble
                key={m.key}
                message={m}
                working={working[m.messageId]}
                onRetry={props.onRetry}
                onRegenerate={!busy && m.prompt ? props.onRegenerate : undefined}
                onRegenerateWith={!busy && m.prompt ? props.onRegenerateWith : undefined}
                onContinue={!busy && !unsent.has(m.messageId) ? props.onContinue : undefined}
                onRate={unsent.has(m.messageId) ? undefined : props.onRate}
                regenerateHint={props.regenerateHint}
                onSelectVersion={busy ? undefined : props.onSelectVersion}
                answerNote={props.answerNote}
              />
            ),
          )}
        </div>
      </div>
      {streaming && scrolledUp && <JumpToLatest onJump={jumpToLatest} />}
    </div>
  );
}
