import type { Conversation } from '@parallax/contract';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MessagesSquare, Search, SquarePen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast/toast-store';
import { conversationsKey, useConversationList } from '../api/list-conversations';
import { deleteConversation, renameConversation, setFavourite } from '../api/update-conversation';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useUndoableDelete } from '../hooks/use-undoable-delete';
import { ConversationRow } from './conversation-row';
import { UndoDeleteBar } from './undo-delete-bar';

const SEARCH_DEBOUNCE_MS = 300;

type Pages = InfiniteData<{ conversations: Conversation[]; total: number; has_more: boolean }>;

/** /chats: every conversation, searchable, loaded page by page as the list scrolls. */
export function ChatListScreen() {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const list = useConversationList(search, true);
  const queryClient = useQueryClient();
  const sentinel = useRef<HTMLDivElement>(null);

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

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

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
      <div className="relative mb-4">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden
        />
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search your chats"
          aria-label="Search chats"
          className="pl-10"
        />
      </div>

      {list.isPending ? (
        <div className="space-y-2" aria-busy>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-14 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState
          icon={MessagesSquare}
          title="Could not load your chats"
          description={list.error.message}
          action={
            <button
              type="button"
              className={buttonClasses('outline')}
              onClick={() => void list.refetch()}
            >
              Try again
            </button>
          }
        />
      ) : conversations.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title={search ? 'No chats match your search' : 'No chats yet'}
          description={
            search
              ? 'Try other words.'
              : 'Your conversations will appear here after your first message.'
          }
          action={
            !search && (
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
      <div ref={sentinel} className="flex justify-center py-4">
        {isFetchingNextPage && <Spinner size="sm" label="Loading more chats" />}
      </div>
      <UndoDeleteBar pending={deletes.pending} onUndo={deletes.undo} />
    </div>
  );
}
