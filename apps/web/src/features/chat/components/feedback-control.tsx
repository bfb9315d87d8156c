import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_REASONS,
  type FeedbackReason,
  type MessageFeedback,
  type SetFeedbackRequest,
} from '@parallax/contract';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { Tooltip } from '../../../ui/tooltip';

interface FeedbackControlProps {
  feedback: MessageFeedback | undefined;
  /** Saves the rating (null removes it); resolves true once the server has it. */
  onRate: (body: SetFeedbackRequest | null) => Promise<boolean>;
}

const THUMB =
  'grid size-7 place-items-center rounded-md text-fg-subtle hover:bg-surface-2 hover:text-fg ' +
  'aria-pressed:text-accent';

const REASONS = Object.entries(FEEDBACK_REASONS) as [FeedbackReason, string][];

/**
 * Thumbs up / down on an answer: pressing the chosen one again removes it. A thumbs-down opens
 * a short form for an optional reason (a fixed choice and free text).
 */
export function FeedbackControl({ feedback, onRate }: FeedbackControlProps) {
  const [asking, setAsking] = useState(false);
  const rating = feedback?.rating;
  const up = () => {
    setAsking(false);
    void onRate(rating === 'up' ? null : { rating: 'up' });
  };
  const down = () => {
    if (rating === 'down') {
      setAsking(false);
      void onRate(null);
      return;
    }
    void onRate({ rating: 'down' });
    setAsking(true);
  };
  return (
    <>
      <Tooltip content={rating === 'up' ? 'Remove good response' : 'Good response'}>
        <button
          type="button"
          aria-label="Good response"
          aria-pressed={rating === 'up'}
          onClick={up}
          className={THUMB}
        >
          <ThumbsUp
            className="size-3.5"
            aria-hidden
            fill={rating === 'up' ? 'currentColor' : 'none'}
          />
        </button>
      </Tooltip>
      <Tooltip content={rating === 'down' ? 'Remove bad response' : 'Bad response'}>
        <button
          type="button"
          aria-label="Bad response"
          aria-pressed={rating === 'down'}
          aria-expanded={asking}
          onClick={down}
          className={THUMB}
        >
          <ThumbsDown
            className="size-3.5"
            aria-hidden
            fill={rating === 'down' ? 'currentColor' : 'none'}
          />
        </button>
      </Tooltip>
      {asking && rating === 'down' && (
        <ReasonForm
          initial={feedback}
          onCancel={() => setAsking(false)}
          onSubmit={(reason, comment) =>
            void onRate({ rating: 'down', reason, comment: comment || null }).then((saved) => {
              if (saved) setAsking(false);
            })
          }
        />
      )}
    </>
  );
}

interface ReasonFormProps {
  initial: MessageFeedback | undefined;
  onCancel: () => void;
  onSubmit: (reason: FeedbackReason | null, comment: string) => void;
}

function ReasonForm({ initial, onCancel, onSubmit }: ReasonFormProps) {
  const [reason, setReason] = useState<FeedbackReason | null>(initial?.reason ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const commentId = useId();
  return (
    <form
      aria-label="Why was this response bad?"
      className="mt-2 basis-full rounded-xl border border-line bg-surface p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(reason, comment.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">What was wrong? (optional)</legend>
        <div className="flex flex-wrap gap-1.5">
          {REASONS.map(([key, label]) => (
            <label
              key={key}
              className="cursor-pointer rounded-full border border-line px-3 py-1 text-xs text-fg-muted has-checked:border-accent has-checked:bg-accent-soft has-checked:text-fg has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name="feedback-reason"
                value={key}
                checked={reason === key}
                onChange={() => setReason(key)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={commentId} className="mt-3 mb-1 block text-xs text-fg-muted">
        Tell us more (optional)
      </label>
      <textarea
        id={commentId}
        value={comment}
        maxLength={FEEDBACK_COMMENT_MAX}
        onChange={(event) => setComment(event.target.value)}
        rows={2}
        className="block w-full resize-none rounded-md border border-line bg-canvas p-2 text-sm text-fg focus:border-accent focus:outline-none"
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Skip
        </Button>
        <Button type="submit" size="sm">
          Send feedback
        </Button>
      </div>
    </form>
  );
}
