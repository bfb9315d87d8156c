import { useVirtualizer } from '@tanstack/react-virtual';
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
/** Turns rendered beyond each edge of the view: enough for a quick scroll or a keyboard step. */
const OVERSCAN = 3;
/** First guesses until a turn is measured: a question is short, an answer often long. */
const ESTIMATED_PX = { user: 72, assistant: 320 } as const;
/** The room between two turns (the list's old `gap-6`), kept inside each measured row. */
const ROW_GAP_CLASS = 'pb-6';

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
 * Only the turns near the view are in the DOM (a long chat's page of 50 turns with maths and
 * code was ~25,000 nodes, and every keystroke and scroll frame paid for them); each rendered
 * turn is measured as it renders and as it changes (maths, code, a streaming answer), and a
 * turn above the view that changes size moves the scroll position with it, so what the reader
 * looks at stays put.
 *
 * Sizes are read only in ResizeObserver callbacks, which run once per frame after layout:
 * reading them after each streamed batch would force a layout every time.
 */
export function MessageList(props: MessageListProps) {
  const { messages, working, hasMore, loadingOlder, onLoadOlder, busy } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => ESTIMATED_PX[messages[index]?.role ?? 'assistant'],
    getItemKey: (index) => messages[index]?.key ?? index,
    overscan: OVERSCAN,
    // Where the rows start inside the scroller: below the list's padding and "Load older".
    scrollMargin: rows.current?.offsetTop ?? 0,
    // Positions are written to the rows directly; React renders only when the range changes.
    directDomUpdates: true,
    useFlushSync: false,
  });
  // Only a turn wholly above the view moves it: a streaming answer the reader is reading grows
  // below what they read, and must not push it away.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) =>
    item.end <= (instance.scrollOffset ?? 0);
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
    const exact = messages.findIndex(
      (m) => m.messageId === reveal.messageId && m.role === reveal.role,
    );
    const at = exact >= 0 ? exact : messages.findIndex((m) => m.messageId === reveal.messageId);
    if (at < 0) return;
    // Stop following the newest answer first, or the next resize puts the view back there.
    stickToBottom.current = false;
    autoScrollTop.current = null;
    virtualizer.scrollToIndex(at, { align: 'center' });
    // The row is rendered (and measured) once the view is there: mark it then.
    const key = CSS.escape(messages[at]?.key ?? '');
    let frames = 0;
    let frame = 0;
    const mark = () => {
      const turn = el.querySelector(`[data-row-key="${key}"] > *`);
      if (turn) {
        turn.scrollIntoView({ block: 'center' });
        flashElement(turn);
        onRevealed?.();
      } else if ((frames += 1) < 30) frame = requestAnimationFrame(mark);
    };
    frame = requestAnimationFrame(mark);
    return () => cancelAnimationFrame(frame);
    // Once per target: the messages it was found in are read when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal, onRevealed]);

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
  const answers = messages.filter((m) => m.role === 'assistant').length;
  const lastAssistant = lastOfRole(messages, 'assistant');
  const streaming = lastAssistant?.status === 'streaming' || lastAssistant?.status === 'pending';

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto"
        data-testid="message-list"
        // Only the turns near the view are in the DOM: how many answers the thread holds.
        data-answers={answers}
      >
        <div ref={content} className="mx-auto flex w-full max-w-3xl flex-col px-4 pt-6 sm:px-6">
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
          <div
            ref={(node) => {
              rows.current = node;
              virtualizer.containerRef(node);
            }}
            className="relative w-full"
          >
            {virtualizer.getVirtualItems().map((item) => {
              const m = messages[item.index];
              if (!m) return null;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  data-row-key={m.key}
                  ref={virtualizer.measureElement}
                  className={`absolute inset-x-0 top-0 ${ROW_GAP_CLASS}`}
                >
                  {renderTurn(m)}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {streaming && scrolledUp && <JumpToLatest onJump={jumpToLatest} />}
    </div>
  );

  function renderTurn(m: UiMessage) {
    return m.role === 'user' ? (
      <UserBubble
        key={m.key}
        message={m}
        onEdit={
          !busy && m.status !== 'pending' && !unsent.has(m.messageId) ? props.onEdit : undefined
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
    );
  }
}
