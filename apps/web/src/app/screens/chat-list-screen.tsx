import type { Conversation } from '@parallax/contract';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MessagesSquare, SquarePen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadFailed } from '../../ui/load-failed';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast/toast-store';
import {
  conversationsKey,
  useConversationList,
} from '../../features/conversations/api/list-conversations';
import {
  deleteConversation,
  renameConversation,
} from '../../features/conversations/api/update-conversation';
import { setFavourite } from '../../features/favourites';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useUndoableDelete } from '../../features/conversations/hooks/use-undoable-delete';
import { SearchResultList } from '../../features/search';
import { ChatListFilters } from '../../features/conversations/components/chat-list-filters';
import { ConversationRow } from '../../features/conversations/components/conversation-row';
import { UndoDeleteBar } from '../../features/conversations/components/undo-delete-bar';

// Searching goes to the search index (GET /search), the same one the Ctrl/⌘+K palette asks.
const SEARCH_DEBOUNCE_MS = 250;
/** /chats?search=…: the box starts with it, and typing keeps it current. */
const SEARCH_PARAM = 'search';

type Pages = InfiniteData<{ conversations: Conversation[]; total: number; has_more: boolean }>;

/** /chats: every conversation, loaded page by page as the list scrolls; a search lists matching messages. */
export function ChatListScreen() {
  // Both in the address so a link (or Back) can open the list already searched and filtered;
  // each change replaces the entry, so typing leaves no trail of half-words in the history.
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get(SEARCH_PARAM) ?? '';
  const [query, setQuery] = useState(urlQuery);
  useEffect(() => setQuery(urlQuery), [urlQuery]);
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const favourites = params.get('filter') === 'favourites';
  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const setFavourites = (on: boolean) => setParam('filter', on ? 'favourites' : null);
  const changeQuery = (next: string) => {
    setQuery(next);
    setParam(SEARCH_PARAM, next || null);
  };
  const list = useConversationList({ favourites }, !search);
  const queryClient = useQueryClient();

  const patchCached = (id: string, change: (c: Conversation) => Conversation) =>
    queryClient.setQueriesData<Pages>(
      { queryKey: conversationsKey },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            conversations: p.conversations.map((c) => (c.id === id ? change(c) : c)),
          })),
        },
    );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: conversationsKey });

  const deletes = useUndoableDelete(async (id) => {
    try {
      await deleteConversation(id);
    } catch (error) {
      toast.error(
        'Could not delete the conversation',
        error instanceof Error ? error.message : undefined,
      );
    }
    refresh();
  });

  const sentinel = useInfiniteScroll<HTMLDivElement>(list);

  const hidden = new Set(deletes.pending.map((p) => p.id));
  const conversations = (list.data?.pages ?? [])
    .flatMap((p) => p.conversations)
    .filter((c) => !hidden.has(c.id));

  const toggleFavourite = (c: Conversation) => {
    patchCached(c.id, (x) => ({ ...x, is_favourite: !c.is_favourite }));
    setFavourite(c.id, !c.is_favourite).catch((error: unknown) => {
      patchCached(c.id, (x) => ({ ...x, is_favourite: c.is_favourite }));
      toast.error(
        'Could not update favourites',
        error instanceof Error ? error.message : undefined,
      );
    });
  };
  const rename = (c: Conversation, title: string) => {
    patchCached(c.id, (x) => ({ ...x, title }));
    renameConversation(c.id, title).catch((error: unknown) => {
      patchCached(c.id, (x) => ({ ...x, title: c.title }));
      toast.error(
        'Could not rename the conversation',
        error instanceof Error ? error.message : undefined,
      );
    });
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Chats</h1>
        <Link to="/" className={buttonClasses('outline', 'sm')}>
          <SquarePen className="size-4" aria-hidden /> New chat
        </Link>
      </div>
      <ChatListFilters
        query={query}
        onQueryChange={changeQuery}
        favourites={favourites}
        onFavouritesChange={setFavourites}
      />

      {search ? (
        <SearchResultList
          q={search}
          filters={{ conversation_kind: 'regular', ...(favourites && { is_favourite: true }) }}
        />
      ) : list.isPending ? (
        <div className="space-y-2" aria-busy>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-14 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadFailed
          icon={MessagesSquare}
          title="Could not load your chats"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : conversations.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          {...emptyText(favourites)}
          action={
            !favourites && (
              <Link to="/" className={buttonClasses('primary')}>
                Start a chat
              </Link>
            )
          }
        />
      ) : (
        <ul className="divide-y divide-line/60" aria-label="Conversations">
          {conversations.map((c) => (
            <ConversationRow
              key={c.id}
              conversation={c}
              onToggleFavourite={toggleFavourite}
              onRename={rename}
              onDelete={(x) => deletes.remove({ id: x.id, title: x.title })}
            />
          ))}
        </ul>
      )}
      {!search && (
        <div ref={sentinel} className="flex justify-center py-4">
          {list.isFetchingNextPage && <Spinner size="sm" label="Loading more chats" />}
        </div>
      )}
      <UndoDeleteBar pending={deletes.pending} onUndo={deletes.undo} />
    </div>
  );
}

function emptyText(favourites: boolean): { title: string; description: string } {
  return favourites
    ? {
        title: 'No starred chats yet',
        description: 'Star a chat with the ☆ on its row or in its header to find it here.',
      }
    : {
        title: 'No chats yet',
        description: 'Your conversations will appear here after your first message.',
      };
}
