import { Star } from 'lucide-react';
import { cn } from '../lib/cn';

interface StarToggleProps {
  starred: boolean;
  /** What is starred, for the accessible name ("Favourite Trip to Rome"). */
  name: string;
  onToggle: () => void;
  size?: 'sm' | 'md';
  className?: string;
}

const SIZES = {
  sm: { button: 'size-7 rounded-md', icon: 'size-3.5' },
  md: { button: 'size-8 rounded-lg', icon: 'size-4' },
} as const;

/** The favourite star of a chat or comparison: a toggle button, filled amber when on. */
export function StarToggle({ starred, name, onToggle, size = 'sm', className }: StarToggleProps) {
  return (
    <button
      type="button"
      aria-label={starred ? `Unfavourite ${name}` : `Favourite ${name}`}
      title={starred ? 'Remove from favourites' : 'Add to favourites'}
      aria-pressed={starred}
      onClick={onToggle}
      className={cn(
        'grid shrink-0 place-items-center text-fg-muted hover:bg-surface-3 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring',
        SIZES[size].button,
        // amber-600 on white and amber-400 on the dark canvas both clear 3:1 for a graphic.
        starred &&
          'text-amber-600 hover:text-amber-700 dark:text-amber-400 dark:hover:text-amber-300',
        className,
      )}
    >
      <Star className={cn(SIZES[size].icon, starred && 'fill-current')} aria-hidden />
    </button>
  );
}
