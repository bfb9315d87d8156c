import type { Conversation, ConversationListResponse } from '@parallax/contract';
import type { InfiniteData } from '@tanstack/react-query';

export type FavouritePages = InfiniteData<ConversationListResponse, number>;

/** Where a row sat, so that undo puts it back in the same place. */
export interface RowPosition {
  page: number;
  index: number;
}

/**
 * The pages without conversation `id`, and where it was (null when not loaded). The server
 * unstars it too, so "offset = rows loaded" stays the right next offset.
 */
export function removeRow(
  data: FavouritePages,
  id: string,
): { data: FavouritePages; at: RowPosition | null } {
  let at: RowPosition | null = null;
  const pages = data.pages.map((p, page) => {
    const index = p.conversations.findIndex((c) => c.id === id);
    if (index < 0) return p;
    at = { page, index };
    return { ...p, conversations: p.conversations.filter((c) => c.id !== id) };
  });
  if (!at) return { data, at };
  return { data: { ...data, pages: pages.map((p) => ({ ...p, total: p.total - 1 })) }, at };
}

/** The pages with `row` back at `at` (or first, when its page is gone). */
export function restoreRow(
  data: FavouritePages,
  row: Conversation,
  at: RowPosition,
): FavouritePages {
  if (data.pages.some((p) => p.conversations.some((c) => c.id === row.id))) return data;
  const target = data.pages[at.page] ? at : { page: 0, index: 0 };
  return {
    ...data,
    pages: data.pages.map((p, page) => ({
      ...p,
      total: p.total + 1,
      conversations:
        page === target.page
          ? [...p.conversations.slice(0, target.index), row, ...p.conversations.slice(target.index)]
          : p.conversations,
    })),
  };
}
