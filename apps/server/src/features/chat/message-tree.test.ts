import { describe, expect, it } from 'vitest';
import { choiceTime, leafBelow } from './message-tree';
import type { TurnLink } from './messages.repository';

const link = (
  id: string,
  parent_id: string | null,
  created_at: string,
  chosen_at: string | null = null,
): TurnLink => ({ id, conversation_id: 'c', parent_id, created_at, chosen_at });

const T = '2026-11-30T12:00:00.000Z';
const now = new Date(T);

describe('choiceTime', () => {
  it('is now when every version beside the turn was chosen or sent before', () => {
    const links = [
      link('a', 'p', '2026-11-30T11:00:00.000Z'),
      link('b', 'p', '2026-11-30T11:00:01.000Z', '2026-11-30T11:59:59.999Z'),
    ];
    expect(choiceTime(links, 'a', now)).toBe(T);
  });

  it('comes just after a version chosen in the same millisecond, so the later choice wins', () => {
    const links = [
      link('p', null, '2026-11-30T10:00:00.000Z'),
      link('a', 'p', '2026-11-30T11:00:00.000Z'),
      link('b', 'p', '2026-11-30T11:00:01.000Z', T),
      link('x', 'a', '2026-11-30T11:00:02.000Z'),
      link('y', 'b', '2026-11-30T11:00:03.000Z'),
    ];
    // b was chosen this millisecond; a is chosen now, in the same one.
    const chosen = choiceTime(links, 'a', now);
    expect(chosen).toBe('2026-11-30T12:00:00.001Z');
    const after = links.map((l) => (l.id === 'a' ? { ...l, chosen_at: chosen } : l));
    expect(leafBelow(after, 'p')).toBe('x');
  });

  it('looks only at versions of the same turn', () => {
    const links = [
      link('a', 'p', '2026-11-30T11:00:00.000Z', '2026-11-30T12:00:05.000Z'),
      link('b', 'q', '2026-11-30T11:00:01.000Z'),
    ];
    expect(choiceTime(links, 'b', now)).toBe(T);
  });
});
