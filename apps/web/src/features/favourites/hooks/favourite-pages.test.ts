import type { Conversation } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { removeRow, restoreRow, type FavouritePages } from './favourite-pages';

const chat = (id: string): Conversation => ({
  id,
  title: id,
  kind: 'regular',
  is_favourite: true,
  project_id: null,
  comparison_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  last_message_at: null,
  message_count: 2,
});

const pages = (...ids: string[][]): FavouritePages => ({
  pageParams: ids.map((_, i) => i * 2),
  pages: ids.map((page) => ({ conversations: page.map(chat), total: 4, has_more: true })),
});
const idsOf = (data: FavouritePages) => data.pages.map((p) => p.conversations.map((c) => c.id));

describe('favourite pages', () => {
  it('takes a row out, says where it was, and puts it back in the same place', () => {
    const before = pages(['a', 'b'], ['c', 'd']);
    const removed = removeRow(before, 'c');
    expect(removed.at).toEqual({ page: 1, index: 0 });
    expect(idsOf(removed.data)).toEqual([['a', 'b'], ['d']]);
    expect(removed.data.pages.map((p) => p.total)).toEqual([3, 3]);

    const restored = restoreRow(removed.data, chat('c'), { page: 1, index: 0 });
    expect(idsOf(restored)).toEqual(idsOf(before));
    expect(restored.pages.map((p) => p.total)).toEqual([4, 4]);
  });

  it('leaves the pages alone for a row not loaded, and never adds a row twice', () => {
    const data = pages(['a']);
    expect(removeRow(data, 'zz')).toEqual({ data, at: null });
    expect(restoreRow(data, chat('a'), { page: 0, index: 0 })).toBe(data);
  });

  it('puts a row back first when its page is gone (the list was reloaded meanwhile)', () => {
    expect(idsOf(restoreRow(pages(['b']), chat('a'), { page: 3, index: 1 }))).toEqual([['a', 'b']]);
  });
});
