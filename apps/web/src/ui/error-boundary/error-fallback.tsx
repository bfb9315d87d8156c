import { AlertTriangle, Home, LifeBuoy, RefreshCw, RotateCcw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button, buttonClasses } from '../button';

export type ErrorLevel = 'page' | 'section' | 'component';

export interface ErrorFallbackProps {
  level: ErrorLevel;
  title: string;
  userMessage: string;
  errorId: string | null;
  onRetry: () => void;
}

/**
 * Opens /support's new-ticket form with the Error ID filled in. A plain link: the page-level
 * boundary may sit outside the router.
 */
function ReportThis({ id, size }: { id: string | null; size: 'sm' | 'md' }) {
  if (!id) return null;
  return (
    <a
      href={`/support?new=1&error_id=${encodeURIComponent(id)}`}
      className={buttonClasses('ghost', size)}
    >
      <LifeBuoy className={size === 'sm' ? 'size-3.5' : 'size-4'} aria-hidden /> Report this
    </a>
  );
}

function ErrorId({ id }: { id: string | null }) {
  if (!id) return null;
  return (
    <p className="text-xs text-fg-subtle">
      Error ID:{' '}
      <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-fg-muted select-all">
        {id}
      </code>
    </p>
  );
}

export function ErrorFallback({ level, title, userMessage, errorId, onRetry }: ErrorFallbackProps) {
  if (level === 'component') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50/60 px-3 py-2 text-sm dark:border-red-900 dark:bg-red-950/30"
      >
        <AlertTriangle className="size-4 text-red-600 dark:text-red-400" aria-hidden />
        <span className="font-medium">{title}</span>
        <span className="text-fg-muted">{userMessage}</span>
        <ErrorId id={errorId} />
        <Button size="sm" variant="ghost" onClick={onRetry}>
          <RotateCcw className="size-3.5" aria-hidden /> Try Again
        </Button>
        <ReportThis id={errorId} size="sm" />
      </div>
    );
  }
  const page = level === 'page';
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center px-6 text-center',
        page ? 'min-h-[70vh] py-16' : 'rounded-2xl border border-line bg-surface py-10',
      )}
    >
      <div className="mb-4 grid size-12 place-items-center rounded-2xl bg-red-50 text-red-600 dark:bg-red-950/50 dark:text-red-400">
        <AlertTriangle className="size-6" aria-hidden />
      </div>
      <h2 className={cn('font-semibold tracking-tight', page ? 'text-2xl' : 'text-lg')}>{title}</h2>
      <p className="mt-2 max-w-md text-sm text-fg-muted">{userMessage}</p>
      <div className="mt-3">
        <ErrorId id={errorId} />
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>
          <RotateCcw className="size-4" aria-hidden /> Try Again
        </Button>
        {page && (
          <>
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw className="size-4" aria-hidden /> Reload Page
            </Button>
            <Button variant="ghost" onClick={() => window.location.assign('/')}>
              <Home className="size-4" aria-hidden /> Go Home
            </Button>
          </>
        )}
        <ReportThis id={errorId} size="md" />
      </div>
    </div>
  );
}
