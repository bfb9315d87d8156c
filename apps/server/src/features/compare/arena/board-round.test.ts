import { describe, expect, it } from 'vitest';
import { ARENA_CATEGORIES } from '@parallax/contract';
import type { ArenaVoteRow } from '../arena.repository';
import { mulberry32 } from './arena-ratings';
import { BoardRound, type RoundBoard } from './board-round';
import { boardVotes } from './board-votes';
import { buildPairTable } from './pairwise-table';

/**
 * Stored votes of every kind the global board treats apart: visitors, non-blind votes, votes
 * over the daily cap, repeated prompts (some repeated across a period boundary), 2–4 panels,
 * the same model twice, missing style, no categories, and models missing altogether.
 */
function storedVotes(count: number): ArenaVoteRow[] {
  const random = mulberry32(3);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const models = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5'];
  return Array.from({ length: count }, (_, k): ArenaVoteRow => {
    const panels = random() < 0.8 ? 2 : pick([1, 3, 4]);
    const chosen = Array.from({ length: panels }, () => pick(models));
    const outcome = pick(['panel', 'panel', 'tie', 'all_bad']);
    const day = Math.floor((k / count) * 40);
    return {
      session_id: `s${k}`,
      turn_index: 0,
      outcome,
      winner_position: outcome === 'panel' ? Math.floor(random() * panels) : null,
      created_at: new Date(Date.UTC(2026, 9, 1 + day, k % 24)).toISOString(),
      blind: random() < 0.9 ? 1 : 0,
      models: random() < 0.02 ? null : JSON.stringify(chosen),
      prompt_hash: random() < 0.5 ? `p${Math.floor(random() * 40)}` : null,
      style:
        random() < 0.1
          ? null
          : JSON.stringify(chosen.map(() => [Math.floor(random() * 3000), pick([0, 2, 9])])),
      categories:
        random() < 0.2 ? null : JSON.stringify(ARENA_CATEGORIES.filter(() => random() < 0.3)),
      excluded: random() < 0.05 ? 'daily_cap' : null,
      user_id: random() < 0.1 ? null : pick(['u1', 'u2', 'u3']),
    };
  });
}

describe('one pass over the votes builds every global board', () => {
  const rows = storedVotes(3_000);
  const boards: RoundBoard[] = [
    null,
    new Date(Date.UTC(2026, 9, 31)).toISOString(),
    new Date(Date.UTC(2026, 10, 7)).toISOString(),
  ].flatMap((since) =>
    [undefined, ...ARENA_CATEGORIES].map((category) => ({
      period: since === null ? ('all' as const) : ('30d' as const),
      since,
      category,
    })),
  );
  const round = new BoardRound(boards);
  for (const row of rows) round.add(row);

  it.each(boards.map((board, k) => [k, board.since, board.category ?? 'all'] as const))(
    'board %i (since %s, %s) has the votes, exclusions and tables of boardVotes on its rows',
    (k) => {
      const board = boards[k] as RoundBoard;
      const own = rows.filter((r) => board.since === null || r.created_at >= board.since);
      const expected = boardVotes(own, { global: true, category: board.category });
      expect(round.excluded[k]).toEqual(expected.excluded);
      for (const style of [false, true])
        expect(round.store.table(k, style)).toEqual(buildPairTable(expected.votes, style));
    },
  );

  it('the votes differ between boards (the comparison above is not vacuous)', () => {
    const counts = boards.map((_, k) => round.store.table(k, false).voteCount);
    expect(new Set(counts).size).toBeGreaterThan(10);
    expect(Math.min(...counts)).toBeGreaterThan(10);
    expect(round.excluded[2]?.duplicate_prompt).toBeGreaterThan(0);
  });
});
