import type { ArenaVote, PairTable } from './pairwise-table';

/**
 * Votes kept compactly (typed arrays, models interned) with the boards each one counts on, as a
 * bit set: one pass over the stored votes fills it, and every board's pairwise table is then
 * cut from it without reading or parsing a vote again. A verdict on 2–6 panels: the chosen
 * panel beat every other panel; a tie or "all bad" ties every pair (as Chatbot Arena counts
 * "both bad"). Two panels of the same model say nothing about it and give no row.
 */

export const STYLE_FEATURES = 2;
/** Boards a vote can count on: bits of a 32-bit mask. */
export const MAX_BOARDS = 31;

class Growable<T extends Int32Array | Float64Array> {
  length = 0;
  constructor(
    public values: T,
    private readonly make: (size: number) => T,
  ) {}

  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = this.make(Math.max(16, this.values.length * 2));
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length] = value;
    this.length += 1;
  }
}

const ints = () => new Growable(new Int32Array(1024), (size) => new Int32Array(size));
const floats = () => new Growable(new Float64Array(1024), (size) => new Float64Array(size));

/** (x − y) / (x + y): the relative difference LMArena's style control uses; 0 when both are 0. */
function relative(x: number, y: number): number {
  return x + y === 0 ? 0 : (x - y) / (x + y);
}

/** Markdown elements per thousand characters: density, not count, so length stays its own term. */
function density(style: readonly [number, number]): number {
  return style[0] === 0 ? 0 : (style[1] * 1000) / style[0];
}

export class VoteStore {
  readonly #index = new Map<string, number>();
  readonly models: string[] = [];
  /** Per vote: its boards, where its rows and distinct models start, the winner's model or −1. */
  readonly #boards = ints();
  readonly #rowStart = ints();
  readonly #modelStart = ints();
  readonly #winner = ints();
  /** Per row: model indices, a's score (1 or 0.5), a's style against b's (not standardised). */
  readonly #a = ints();
  readonly #b = ints();
  readonly #score = floats();
  readonly #style = floats();
  /** The distinct models of each vote, in panel order. */
  readonly #voteModels = ints();

  get voteCount(): number {
    return this.#boards.length;
  }

  #at(model: string): number {
    let i = this.#index.get(model);
    if (i === undefined) {
      i = this.models.length;
      this.#index.set(model, i);
      this.models.push(model);
    }
    return i;
  }

  /** Keeps `vote` for the boards in `boards` (a bit set). */
  add(vote: ArenaVote, boards: number): void {
    this.#boards.push(boards);
    this.#rowStart.push(this.#a.length);
    this.#modelStart.push(this.#voteModels.length);
    const indices = vote.models.map((m) => this.#at(m));
    const seen = new Set<number>();
    for (const m of indices)
      if (!seen.has(m)) {
        seen.add(m);
        this.#voteModels.push(m);
      }
    const row = (i: number, j: number, score: number) => {
      const mi = indices[i];
      const mj = indices[j];
      if (mi === undefined || mj === undefined || mi === mj) return;
      this.#a.push(mi);
      this.#b.push(mj);
      this.#score.push(score);
      const si = vote.style?.[i] ?? [0, 0];
      const sj = vote.style?.[j] ?? [0, 0];
      this.#style.push(relative(si[0], sj[0]));
      this.#style.push(relative(density(si), density(sj)));
    };
    if (vote.outcome === 'panel') {
      const w = vote.winner;
      const winner = w === null ? undefined : indices[w];
      this.#winner.push(winner ?? -1);
      if (w === null || winner === undefined) return;
      for (let k = 0; k < indices.length; k += 1) if (k !== w) row(w, k, 1);
      return;
    }
    this.#winner.push(-1);
    for (let i = 0; i < indices.length; i += 1)
      for (let j = i + 1; j < indices.length; j += 1) row(i, j, 0.5);
  }

  /** Votes counted on `board`. */
  countOn(board: number): number {
    const bit = 1 << board;
    const boards = this.#boards.values;
    let count = 0;
    for (let v = 0; v < this.#boards.length; v += 1) if (((boards[v] ?? 0) & bit) !== 0) count += 1;
    return count;
  }

  /**
   * The pairwise table of the votes on `board`, models numbered in order of first appearance.
   * With style, each covariate is divided by its root mean square over the board's rows.
   */
  table(board: number, withStyle: boolean): PairTable {
    const bit = 1 << board;
    const voteCount = this.voteCount;
    const boards = this.#boards.values;
    const rowStart = this.#rowStart.values;
    const modelStart = this.#modelStart.values;
    const local = new Int32Array(this.models.length).fill(-1);
    const models: string[] = [];
    const appearances: number[] = [];
    const wins: number[] = [];
    let votes = 0;
    let rows = 0;
    for (let v = 0; v < voteCount; v += 1) {
      if (((boards[v] ?? 0) & bit) === 0) continue;
      votes += 1;
      rows += (v + 1 < voteCount ? (rowStart[v + 1] ?? 0) : this.#a.length) - (rowStart[v] ?? 0);
    }
    const a = new Int32Array(rows);
    const b = new Int32Array(rows);
    const score = new Float64Array(rows);
    const vote = new Int32Array(rows);
    const style = withStyle ? new Float64Array(rows * STYLE_FEATURES) : null;
    const allA = this.#a.values;
    const allB = this.#b.values;
    const allScore = this.#score.values;
    const allStyle = this.#style.values;
    const allModels = this.#voteModels.values;
    const winners = this.#winner.values;
    let r = 0;
    let n = 0;
    for (let v = 0; v < voteCount; v += 1) {
      if (((boards[v] ?? 0) & bit) === 0) continue;
      const modelsTo = v + 1 < voteCount ? (modelStart[v + 1] ?? 0) : this.#voteModels.length;
      for (let k = modelStart[v] ?? 0; k < modelsTo; k += 1) {
        const m = allModels[k] ?? 0;
        if ((local[m] ?? -1) < 0) {
          local[m] = models.length;
          models.push(this.models[m] ?? '');
          appearances.push(0);
          wins.push(0);
        }
        const i = local[m] ?? 0;
        appearances[i] = (appearances[i] ?? 0) + 1;
      }
      const winner = winners[v] ?? -1;
      if (winner >= 0) {
        const i = local[winner] ?? 0;
        wins[i] = (wins[i] ?? 0) + 1;
      }
      const rowsTo = v + 1 < voteCount ? (rowStart[v + 1] ?? 0) : this.#a.length;
      for (let k = rowStart[v] ?? 0; k < rowsTo; k += 1) {
        a[r] = local[allA[k] ?? 0] ?? 0;
        b[r] = local[allB[k] ?? 0] ?? 0;
        score[r] = allScore[k] ?? 0;
        vote[r] = n;
        if (style) {
          style[r * 2] = allStyle[k * 2] ?? 0;
          style[r * 2 + 1] = allStyle[k * 2 + 1] ?? 0;
        }
        r += 1;
      }
      n += 1;
    }
    return {
      models,
      a,
      b,
      score,
      vote,
      voteCount: votes,
      style: style ? standardise(style, STYLE_FEATURES) : null,
      appearances: Int32Array.from(appearances),
      wins: Int32Array.from(wins),
    };
  }
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
