import { Search, Star } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Input } from '../../../ui/input';

interface ChatListFiltersProps {
  query: string;
  onQueryChange: (query: string) => void;
  favourites: boolean;
  onFavouritesChange: (on: boolean) => void;
}

/** /chats' search box and its Favourites filter. */
export function ChatListFilters({
  query,
  onQueryChange,
  favourites,
  onFavouritesChange,
}: ChatListFiltersProps) {
  return (
    <div className="mb-4 flex items-center gap-2">
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden
        />
        <Input
          type="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          placeholder="Search your chats"
          aria-label="Search chats"
          className="pl-10"
        />
      </div>
      <button
        type="button"
        aria-pressed={favourites}
        onClick={() => onFavouritesChange(!favourites)}
        className={cn(
          'inline-flex h-11 shrink-0 items-center gap-2 rounded-xl border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
          favourites
            ? 'border-amber-500/60 bg-amber-50 text-amber-800 dark:border-amber-400/50 dark:bg-amber-400/10 dark:text-amber-200'
            : 'border-line text-fg-muted hover:bg-surface-2 hover:text-fg',
        )}
      >
        <Star className={cn('size-4', favourites && 'fill-current')} aria-hidden />
        Favourites
      </button>
    </div>
  );
}
