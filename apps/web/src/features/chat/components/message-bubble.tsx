import { MESSAGES } from '@parallax/contract';
import { Pencil } from 'lucide-react';
import { memo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Markdown } from '../../../lib/markdown';
import { Button } from '../../../ui/button';
import { StreamErrorNote } from './stream-error-note';
import { MessageErrorBoundary } from '../../../ui/error-boundary/message-error-boundary';
import { MemoryUpdatedMarker } from '../../personalization';
import { canRetry } from '../model/message-transitions';
import type { UiMessage } from '../model/ui-message';
import type { WorkingStatus } from '../session/chat-session-store';
import { AttachmentList } from './attachment-list';
import { MessageCitations } from './message-citations';
import { MessageSources } from './message-sources';
import { ToolCallRows } from './tool-call-rows';
import { AnswerActions, type AnswerHandlers } from './answer-actions';
import { ActionButton, CopyButton } from './message-actions';
import { VersionSwitcher } from './version-switcher';
import { WorkingIndicator } from './working-indicator';

interface UserBubbleProps {
  message: UiMessage;
  /** "Edit and resend": the edited text becomes a new version of this turn. */
  onEdit?: ((message: UiMessage, text: string) => void) | undefined;
  /** Shows another question version of this turn; absent while that is not possible. */
  onSelectVersion?: ((messageId: string) => void) | undefined;
}

export const UserBubble = memo(function UserBubble({
  message,
  onEdit,
  onSelectVersion,
}: UserBubbleProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  if (editing && onEdit) {
    const canSend = draft.trim() !== '';
    const sendEdit = () => {
      setEditing(false);
      onEdit(message, draft);
    };
    // As in the main box: Enter sends, Shift+Enter breaks the line; Escape leaves the edit.
    const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setEditing(false);
        return;
      }
      if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
      event.preventDefault();
      if (canSend) sendEdit();
    };
    return (
      <div className="ml-auto w-full max-w-[85%] rounded-2xl border border-line bg-surface p-2 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/60">
        <label className="sr-only" htmlFor={`edit-${message.key}`}>
          Edit message
        </label>
        <textarea
          id={`edit-${message.key}`}
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content block max-h-64 min-h-16 w-full resize-none bg-transparent p-2 text-[15px] leading-relaxed focus:outline-none"
        />
        <div className="flex justify-end gap-2 p-1">
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          <Button size="sm" disabled={!canSend} onClick={sendEdit}>
            Send
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div
      className="group/user flex flex-col items-end"
      data-role="user"
      data-message-id={message.messageId}
      data-status={message.status}
    >
      <div
        className={
          'max-w-[85%] rounded-2xl rounded-br-md bg-accent-soft px-4 py-2.5 text-[15px] leading-relaxed wrap-anywhere whitespace-pre-wrap text-fg ' +
          (message.status === 'pending' ? 'opacity-70' : '')
        }
      >
        {message.content}
      </div>
      <AttachmentList attachments={message.attachments} />
      <div className="mt-1 flex h-7 items-center gap-0.5">
        <div className="flex gap-0.5 opacity-0 transition-opacity group-focus-within/user:opacity-100 group-hover/user:opacity-100">
          <CopyButton text={message.content} />
          {onEdit && (
            <ActionButton
              icon={Pencil}
              label="Edit and resend"
              onClick={() => {
                setDraft(message.content);
                setEditing(true);
              }}
            />
          )}
        </div>
        {/* Always shown, as the answer's is: that the question was edited is seen unasked. */}
        {message.questionVersions && (
          <VersionSwitcher
            versions={message.questionVersions}
            onSelect={onSelectVersion}
            of="question"
          />
        )}
      </div>
    </div>
  );
});

interface AssistantBubbleProps extends AnswerHandlers {
  message: UiMessage;
  working: WorkingStatus | undefined;
  onRetry: (message: UiMessage) => void;
  /** A note about how the answer was asked for (settings a model did not take), if any. */
  answerNote?: ((message: UiMessage) => ReactNode) | undefined;
}

const CANCEL_NOTE = `\n\n${MESSAGES.cancelledSuffix}`;
/** The note as it reads (the markdown's emphasis is the paragraph's style). */
const CANCEL_NOTE_TEXT = MESSAGES.cancelledSuffix.replaceAll('*', '');

/**
 * A stopped answer's text and its cancel note, apart: the note is shown outside the markdown,
 * so a partial answer cut inside a formula or a code block cannot swallow it.
 */
function splitCancelNote(text: string): { body: string; cancelled: boolean } {
  return text.endsWith(CANCEL_NOTE)
    ? { body: text.slice(0, -CANCEL_NOTE.length), cancelled: true }
    : { body: text, cancelled: false };
}

export const AssistantBubble = memo(function AssistantBubble(props: AssistantBubbleProps) {
  const { message, working, onRetry, answerNote, ...handlers } = props;
  const live = message.status === 'streaming' || message.status === 'pending';
  const text = message.content || message.resumedFrom || '';
  const isError = message.status === 'error';
  const { body, cancelled } = live ? { body: text, cancelled: false } : splitCancelNote(text);
  return (
    <div
      className="group/assistant"
      data-role="assistant"
      data-message-id={message.messageId}
      data-status={message.status}
      aria-busy={live}
    >
      {message.modelFriendlyName && (
        <p className="mb-1 text-xs font-medium text-fg-subtle">{message.modelFriendlyName}</p>
      )}
      {answerNote?.(message)}
      {message.toolCalls && (
        <ToolCallRows calls={message.toolCalls} messageId={message.messageId} />
      )}
      <MessageErrorBoundary>
        {live && !text ? (
          // While a tool call waits for the owner, its prompt is what the answer waits on.
          message.toolCalls?.some((c) => c.status === 'awaiting_approval') ? null : (
            <WorkingIndicator status={working} />
          )
        ) : isError ? (
          <>
            {text && (
              <Markdown
                text={text}
                provider={message.provider}
                stableId={message.key}
                className="text-[15px]"
              />
            )}
            <StreamErrorNote
              text={message.error ?? `${MESSAGES.streamErrorPrefix}${MESSAGES.streamErrorDefault}`}
              onRetry={canRetry(message) ? () => onRetry(message) : undefined}
              className={text ? 'mt-3' : ''}
            />
          </>
        ) : (
          <>
            <Markdown
              text={body}
              provider={message.provider}
              streaming={live}
              stableId={message.key}
              className="text-[15px]"
            />
            {cancelled && (
              <p className="mt-3 text-[15px] italic text-fg-muted">{CANCEL_NOTE_TEXT}</p>
            )}
          </>
        )}
      </MessageErrorBoundary>
      <MemoryUpdatedMarker
        messageId={message.messageId}
        question={message.prompt?.content}
        done={message.status === 'completed'}
      />
      {message.citations && (
        <MessageCitations citations={message.citations} messageId={message.messageId} />
      )}
      {!live && message.sources && <MessageSources sources={message.sources} />}
      {!live && <AnswerActions message={message} text={text} {...handlers} />}
    </div>
  );
});
