import { useEffect, useState } from 'react';
import type { WorkingStatus } from '../session/chat-session-store';

/** The model's working stage with elapsed seconds, until its first token. */
export function WorkingIndicator({ status }: { status: WorkingStatus | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = status ? Math.max(0, Math.floor((now - status.startedAt) / 1_000)) : null;
  return (
    <div className="flex items-center gap-2 text-sm text-fg-muted" role="status" aria-live="polite">
      <span className="flex gap-1" aria-hidden>
        <span className="size-1.5 animate-bounce rounded-full bg-accent [animation-delay:-0.3s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-accent [animation-delay:-0.15s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-accent" />
      </span>
      {status ? (
        <span>
          {status.stage}… <span className="tabular-nums text-fg-subtle">{seconds}s</span>
        </span>
      ) : (
        <span className="sr-only">Waiting for the answer</span>
      )}
    </div>
  );
}
