import { Star } from 'lucide-react';
import { CONVERSATION_DEFAULT_TITLE } from '@parallax/contract';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { UndoBar } from '../../../ui/undo-bar';
import { useFavourites } from '../api/list-favourites';
import { useUnstarWithUndo } from '../hooks/use-unstar-with-undo';
import { FavouriteRow } from './favourite-row';
import { FavouritesEmpty } from './favourites-empty';

/** /favourites: starred chats and comparisons, page by page as the list scrolls. */
export function FavouritesScreen() {
  const list = useFavourites();
  const stars = useUnstarWithUndo();
  const sentinel = useInfiniteScroll<HTMLDivElement>(list);
  const conversations = (list.data?.pages ?? []).flatMap((p) => p.conversations);
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight">Favourites</h1>
        <p className="mt-1 text-sm text-fg-muted">
          {total > 0
            ? `${total} starred ${total === 1 ? 'item' : 'items'}, most recent activity first.`
            : 'The chats and comparisons you starred.'}
        </p>
      </div>

      {list.isPending ? (
        <div className="space-y-2" aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-15 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadFailed
          icon={Star}
          title="Could not load your favourites"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : conversations.length === 0 ? (
        <FavouritesEmpty />
      ) : (
        <ul className="space-y-0.5" aria-label="Favourites">
          {conversations.map((c) => (
            <FavouriteRow key={c.id} conversation={c} onUnstar={stars.unstar} />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="flex justify-center py-4">
        {list.isFetchingNextPage && <Spinner size="sm" label="Loading more favourites" />}
      </div>
      <UndoBar
        items={stars.recent.map(({ conversation: c }) => ({
          id: c.id,
          text: `Removed “${c.title || CONVERSATION_DEFAULT_TITLE}” from favourites`,
        }))}
        onUndo={stars.undo}
      />
    </div>
  );
}
