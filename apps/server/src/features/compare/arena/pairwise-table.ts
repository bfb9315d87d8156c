/**
 * Votes as the pairwise comparisons they imply, in flat typed arrays (a million votes must fit
 * and fit fast). A verdict on 2–6 panels: the chosen panel beat every other panel; a tie or
 * "all bad" ties every pair (as Chatbot Arena counts "both bad"). Two panels of the same
 * model say nothing about it and are skipped.
 */

/** One judged turn as the board reads it. */
export interface ArenaVote {
  models: readonly string[];
  outcome: 'panel' | 'tie' | 'all_bad';
  winner: number | null;
  /** Per panel, the answer's style: characters and markdown elements (headers, lists, bold). */
  style?: readonly (readonly [number, number])[] | null;
}

export const STYLE_FEATURES = 2;

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

/** (x − y) / (x + y): the relative difference LMArena's style control uses; 0 when both are 0. */
function relative(x: number, y: number): number {
  return x + y === 0 ? 0 : (x - y) / (x + y);
}

/** Markdown elements per thousand characters: density, not count, so length stays its own term. */
function density(style: readonly [number, number]): number {
  return style[0] === 0 ? 0 : (style[1] * 1000) / style[0];
}

export function buildPairTable(votes: readonly ArenaVote[], withStyle = false): PairTable {
  const index = new Map<string, number>();
  const models: string[] = [];
  const at = (model: string): number => {
    let i = index.get(model);
    if (i === undefined) {
      i = models.length;
      index.set(model, i);
      models.push(model);
    }
    return i;
  };
  const a: number[] = [];
  const b: number[] = [];
  const score: number[] = [];
  const vote: number[] = [];
  const style: number[] = [];
  const appearances: number[] = [];
  const wins: number[] = [];
  const push = (v: number, i: number, j: number, s: number, vote_: ArenaVote) => {
    const mi = vote_.models[i];
    const mj = vote_.models[j];
    if (mi === undefined || mj === undefined || mi === mj) return;
    a.push(at(mi));
    b.push(at(mj));
    score.push(s);
    vote.push(v);
    if (withStyle) {
      const si = vote_.style?.[i] ?? [0, 0];
      const sj = vote_.style?.[j] ?? [0, 0];
      style.push(relative(si[0], sj[0]), relative(density(si), density(sj)));
    }
  };
  votes.forEach((v, n) => {
    const seen = new Set<number>();
    for (const model of v.models) seen.add(at(model));
    for (const m of seen) appearances[m] = (appearances[m] ?? 0) + 1;
    if (v.outcome === 'panel') {
      const w = v.winner;
      const winner = w === null ? undefined : v.models[w];
      if (w === null || winner === undefined) return;
      const wi = at(winner);
      wins[wi] = (wins[wi] ?? 0) + 1;
      v.models.forEach((_, k) => {
        if (k !== w) push(n, w, k, 1, v);
      });
      return;
    }
    for (let i = 0; i < v.models.length; i += 1)
      for (let j = i + 1; j < v.models.length; j += 1) push(n, i, j, 0.5, v);
  });
  const fill = (values: number[]) => Int32Array.from(models, (_, i) => values[i] ?? 0);
  return {
    models,
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    score: Float64Array.from(score),
    vote: Int32Array.from(vote),
    voteCount: votes.length,
    style: withStyle ? standardise(Float64Array.from(style), STYLE_FEATURES) : null,
    appearances: fill(appearances),
    wins: fill(wins),
  };
}

/**
 * Each feature divided by its root mean square. LMArena also subtracts the mean, but its rows
 * put the models in screen order; ours put the winner first, so a mean would be the very effect
 * being measured. A feature is antisymmetric (a against b is minus b against a), so 0 stays 0.
 */
function standardise(values: Float64Array, width: number): Float64Array {
  const rows = values.length / width;
  for (let f = 0; f < width; f += 1) {
    let squares = 0;
    for (let r = 0; r < rows; r += 1) squares += (values[r * width + f] ?? 0) ** 2;
    const rms = rows === 0 ? 0 : Math.sqrt(squares / rows);
    for (let r = 0; r < rows; r += 1)
      values[r * width + f] = rms > 1e-12 ? (values[r * width + f] ?? 0) / rms : 0;
  }
  return values;
}
