import type { LucideIcon } from 'lucide-react';
import { buttonClasses } from './button';
import { EmptyState } from './empty-state';

/** A list that could not be loaded: what failed, the reason given, and a way to ask again. */
export function LoadFailed({
  icon,
  title,
  error,
  onRetry,
}: {
  icon: LucideIcon;
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={error.message}
      action={
        <button type="button" className={buttonClasses('outline')} onClick={onRetry}>
          Try again
        </button>
      }
    />
  );
}
