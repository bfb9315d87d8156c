import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Button } from '../../../ui/button';

interface StreamErrorNoteProps {
  text: string;
  /** Absent where the answer cannot be retried. */
  onRetry?: (() => void) | undefined;
  className?: string;
}

/**
 * Why an answer ended in error, told beside whatever part of it arrived: plain text in its own
 * box, so it can never break (or be taken for part of) the answer's markdown or maths.
 */
export function StreamErrorNote({ text, onRetry, className = '' }: StreamErrorNoteProps) {
  return (
    <div
      role="alert"
      data-testid="stream-error"
      className={`flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200 ${className}`}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="break-words whitespace-pre-wrap">{text}</p>
        {onRetry && (
          <Button size="sm" variant="outline" className="mt-3" onClick={onRetry}>
            <RotateCcw className="size-3.5" aria-hidden /> Retry
          </Button>
        )}
      </div>
    </div>
  );
}
