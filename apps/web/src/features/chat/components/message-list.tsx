import { useMemo, type ReactNode } from 'react';
import { Spinner } from '../../../ui/spinner';
import { VirtualThread } from '../../../ui/virtual-thread';
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

const NEAR_TOP_PX = 200;
/** First guesses until a turn is measured: a question is short, an answer often long. */
const ESTIMATED_PX = { user: 72, assistant: 320 } as const;

function lastOfRole(messages: UiMessage[], role: UiMessage['role']): UiMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1)
    if (messages[i]?.role === role) return messages[i];
  return undefined;
}

/** Turns the server never stored (their send failed): no version can be made of them. */
function unsentTurns(messages: UiMessage[]): Set<string> {
  return new Set(messages.filter((m) => m.sendFailed).map((m) => m.messageId));
}

const keyOf = (m: UiMessage) => m.key;
const estimateOf = (m: UiMessage) => ESTIMATED_PX[m.role];

/**
 * The conversation, oldest first, in the virtualised thread the compare panels use too: only
 * the turns near the view are in the DOM. Follows the stream while the reader is at the
 * bottom; older turns load when the reader scrolls near the top, and the view stays where it
 * was.
 */
export function MessageList(props: MessageListProps) {
  const { messages, working, hasMore, loadingOlder, onLoadOlder, busy } = props;

  const { reveal: target, onRevealed } = props;
  const reveal = useMemo(() => {
    if (!target) return null;
    const turn =
      messages.find((m) => m.messageId === target.messageId && m.role === target.role) ??
      messages.find((m) => m.messageId === target.messageId);
    return turn ? { key: turn.key, onRevealed, mark: flashElement } : null;
    // Once per target: the messages it was found in are read when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, onRevealed]);

  const onScroll = (el: HTMLDivElement) => {
    if (el.scrollTop < NEAR_TOP_PX && hasMore && !loadingOlder) onLoadOlder();
  };

  const unsent = unsentTurns(messages);
  const answers = messages.filter((m) => m.role === 'assistant').length;
  const lastAssistant = lastOfRole(messages, 'assistant');
  const streaming = lastAssistant?.status === 'streaming' || lastAssistant?.status === 'pending';

  return (
    <VirtualThread
      items={messages}
      getKey={keyOf}
      estimateSize={estimateOf}
      renderItem={renderTurn}
      live={streaming}
      onScroll={onScroll}
      reveal={reveal}
      // The room between two turns (the list's old `gap-6`).
      rowGapClass="pb-6"
      scrollerClassName="min-h-0 flex-1 overflow-y-auto"
      contentClassName="mx-auto flex w-full max-w-3xl flex-col px-4 pt-6 sm:px-6"
      // Only the turns near the view are in the DOM: how many answers the thread holds.
      scrollerProps={{ 'data-testid': 'message-list', 'data-answers': answers }}
      header={
        hasMore && (
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
        )
      }
    />
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
