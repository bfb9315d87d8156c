import { buttonClasses } from '../../../ui/button';

/** A settings section whose data could not be read: what failed, and a way to ask again. */
export function SectionLoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-fg-muted">Your {what} could not be loaded.</span>
      <button type="button" className={buttonClasses('outline', 'sm')} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
