import type { ModelInfo, SetFeedbackRequest } from '@parallax/contract';
import { RefreshCw, StepForward } from 'lucide-react';
import { RememberButton } from '../../personalization';
import type { UiMessage } from '../model/ui-message';
import { FeedbackControl } from './feedback-control';
import { ActionButton, CopyButton } from './message-actions';
import { RegenerateMenu } from './regenerate-menu';
import { VersionSwitcher } from './version-switcher';

/** What may be done with a finished answer; each absent while it is not possible here. */
export interface AnswerHandlers {
  onRegenerate?: ((message: UiMessage) => void) | undefined;
  /** The regenerate button's tooltip: it spends a message, said when few are left. */
  regenerateHint?: string | undefined;
  onRegenerateWith?: ((message: UiMessage, model: ModelInfo) => void) | undefined;
  onContinue?: ((message: UiMessage) => void) | undefined;
  onRate?: ((message: UiMessage, body: SetFeedbackRequest | null) => Promise<boolean>) | undefined;
  /** Shows another version of this turn; absent while that is not possible. */
  onSelectVersion?: ((messageId: string) => void) | undefined;
}

interface AnswerActionsProps extends AnswerHandlers {
  message: UiMessage;
  /** The answer's text as shown (copied as it is). */
  text: string;
}

/** The row under an answer: its versions, copy, regenerate (with another model), continue, thumbs. */
export function AnswerActions(props: AnswerActionsProps) {
  const { message, text, onRegenerate, onRegenerateWith, onContinue, onRate } = props;
  const isError = message.status === 'error';
  const canContinue = onContinue && message.continueFrom !== undefined;
  const rated = !isError && onRate;
  if (!message.versions && !text && !canContinue && !rated && (isError || !onRegenerate))
    return null;
  return (
    <div className="mt-1 flex min-h-7 flex-wrap items-center gap-0.5">
      {message.versions && (
        <VersionSwitcher
          versions={message.versions}
          onSelect={props.onSelectVersion}
          label={message.modelFriendlyName ?? undefined}
        />
      )}
      {text && <CopyButton text={text} />}
      {text && !isError && <RememberButton text={text} />}
      {!isError && onRegenerate && (
        <span className="flex items-center">
          <ActionButton
            icon={RefreshCw}
            label="Regenerate"
            tooltip={props.regenerateHint}
            onClick={() => onRegenerate(message)}
          />
          {onRegenerateWith && (
            <RegenerateMenu
              currentModel={message.model}
              onPick={(model) => onRegenerateWith(message, model)}
            />
          )}
        </span>
      )}
      {canContinue && (
        <button
          type="button"
          onClick={() => onContinue(message)}
          className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-fg-muted hover:bg-surface-2 hover:text-fg"
        >
          <StepForward className="size-3.5" aria-hidden />
          Continue
        </button>
      )}
      {rated && (
        <FeedbackControl feedback={message.feedback} onRate={(body) => onRate(message, body)} />
      )}
    </div>
  );
}
