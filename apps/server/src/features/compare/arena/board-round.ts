import type { ArenaCategory, LeaderboardExcluded, LeaderboardPeriod } from '@parallax/contract';
import type { ArenaVoteRow } from '../arena.repository';
import { categoriesOf, judgedKey, standingExclusion, toArenaVote } from './board-votes';
import { MAX_BOARDS, VoteStore } from './vote-store';

/** One global board's votes: those of the period (since: null for all time) and category. */
export interface RoundBoard {
  period: LeaderboardPeriod;
  since: string | null;
  category: ArenaCategory | undefined;
}

/**
 * Every global board's votes from one pass over the stored votes: a vote is read and parsed
 * once, and kept once with the set of boards it counts on. Which votes count and why the others
 * are excluded is exactly boardVotes() run on each board's rows in turn (a duplicate prompt is
 * a duplicate within a board: its first verdict may be older than a 7-day board).
 */
export class BoardRound {
  readonly store = new VoteStore();
  readonly excluded: LeaderboardExcluded[];
  /** Account+prompt → the boards that already counted a verdict on it. */
  readonly #judged = new Map<string, number>();

  constructor(readonly boards: readonly RoundBoard[]) {
    if (boards.length > MAX_BOARDS) throw new Error(`at most ${MAX_BOARDS} boards in a round`);
    this.excluded = boards.map(() => ({
      not_blind: 0,
      visitor: 0,
      daily_cap: 0,
      duplicate_prompt: 0,
    }));
  }

  add(row: ArenaVoteRow): void {
    const categories = row.categories === null ? [] : categoriesOf(row);
    let on = 0;
    this.boards.forEach((board, k) => {
      if (board.since !== null && row.created_at < board.since) return;
      if (board.category !== undefined && !categories.includes(board.category)) return;
      on |= 1 << k;
    });
    if (on === 0) return;
    const standing = standingExclusion(row);
    if (standing !== null) {
      this.#count(on, standing);
      return;
    }
    const key = judgedKey(row);
    if (key !== null) {
      const judged = this.#judged.get(key) ?? 0;
      this.#judged.set(key, judged | on);
      this.#count(on & judged, 'duplicate_prompt');
      on &= ~judged;
    }
    if (on === 0) return;
    const vote = toArenaVote(row);
    if (vote) this.store.add(vote, on);
  }

  #count(boards: number, reason: keyof LeaderboardExcluded): void {
    for (let k = 0; k < this.boards.length; k += 1)
      if ((boards & (1 << k)) !== 0) (this.excluded[k] as LeaderboardExcluded)[reason] += 1;
  }
}
