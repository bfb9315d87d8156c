import type { Conversation } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { groupByDay } from './group-by-day';

const chat = (id: string, at: string): Conversation => ({
  id,
  title: id,
  kind: 'regular',
  is_favourite: false,
  project_id: null,
  comparison_id: null,
  created_at: at,
  updated_at: at,
  last_message_at: at,
  message_count: 2,
});

describe('groupByDay', () => {
  const now = new Date(2026, 10, 24, 10, 0);
  const at = (days: number, hour = 9) => new Date(2026, 10, 24 - days, hour).toISOString();

  it('puts chats under Today, Yesterday, Previous 7 days and Older, keeping their order', () => {
    const groups = groupByDay(
      [
        chat('a', at(0)),
        chat('b', at(0, 1)),
        chat('c', at(1, 23)),
        chat('d', at(6)),
        chat('e', at(30)),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.conversations.map((c) => c.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['Previous 7 days', ['d']],
      ['Older', ['e']],
    ]);
  });

  it('leaves out empty headings and falls back to updated_at', () => {
    const c = { ...chat('x', at(3)), last_message_at: null };
    expect(groupByDay([c], now).map((g) => g.label)).toEqual(['Previous 7 days']);
    expect(groupByDay([], now)).toEqual([]);
  });
});
