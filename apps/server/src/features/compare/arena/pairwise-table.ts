import { VoteStore } from './vote-store';

/**
 * Votes as the pairwise comparisons they imply, in flat typed arrays (a million votes must fit
 * and fit fast); the rules are VoteStore's.
 */

/** One judged turn as the board reads it. */
export interface ArenaVote {
  models: readonly string[];
  outcome: 'panel' | 'tie' | 'all_bad';
  winner: number | null;
  /** Per panel, the answer's style: characters and markdown elements (headers, lists, bold). */
  style?: readonly (readonly [number, number])[] | null;
}

export { STYLE_FEATURES } from './vote-store';

export interface PairTable {
  models: string[];
  /** Rows: model indices, a's score (1, 0.5, 0), and the vote each row came from. */
  a: Int32Array;
  b: Int32Array;
  score: Float64Array;
  vote: Int32Array;
  voteCount: number;
  /** STYLE_FEATURES numbers per row (a's style against b's, standardised), or null. */
  style: Float64Array | null;
  /** Votes each model appeared in, and the ones it won outright. */
  appearances: Int32Array;
  wins: Int32Array;
}

export function buildPairTable(votes: readonly ArenaVote[], withStyle = false): PairTable {
  const store = new VoteStore();
  for (const vote of votes) store.add(vote, 1);
  return store.table(0, withStyle);
}
