import { fitRows, strengthVariances, type Rows } from './logistic-fit';
import { buildPairTable, STYLE_FEATURES, type ArenaVote, type PairTable } from './pairwise-table';

/**
 * The arena's ratings as LMArena computes them: Bradley–Terry by maximum likelihood on the
 * Elo-like scale (1000 = the average model, +400 = ten times the odds), 95% intervals from a
 * bootstrap over votes, rank = 1 + the number of models surely better (their lower bound above
 * this one's upper bound). Optionally with style control: answer length and markdown density
 * as covariates, so a model is not rewarded for being long or heavily formatted.
 */

export const RATING_BASE = 1000;
/** 400 / ln 10: one log-odds unit in rating points. */
export const RATING_SCALE = 400 / Math.LN10;
export const DEFAULT_ROUNDS = 100;
/** Fewer votes than this: provisional, and the interval is at least the Wald one. */
export const PROVISIONAL_VOTES = 20;
export const DEFAULT_REGULARIZATION = 1;

export interface RatingOptions {
  style?: boolean;
  rounds?: number;
  seed?: number;
  regularization?: number;
  provisionalVotes?: number;
}

export interface ModelRating {
  model: string;
  rating: number;
  ciLow: number;
  ciHigh: number;
  rank: number;
  provisional: boolean;
  votes: number;
  wins: number;
}

export interface ArenaRatings {
  ratings: ModelRating[];
  /** Style coefficients in rating points per standardised unit: [length, markdown density]. */
  styleCoefficients: number[] | null;
}

const Z_95 = 1.959964;

export function rateArena(votes: readonly ArenaVote[], options: RatingOptions = {}): ArenaRatings {
  const steps = rating(votes, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same, handing the event loop back after every bootstrap round (`pause`), so a process
 * computing a large board in the background keeps answering requests.
 */
export async function rateArenaInTurns(
  votes: readonly ArenaVote[],
  options: RatingOptions,
  pause: () => Promise<void>,
): Promise<ArenaRatings> {
  const steps = rating(votes, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

function* rating(
  votes: readonly ArenaVote[],
  options: RatingOptions,
): Generator<undefined, ArenaRatings, undefined> {
  const withStyle = options.style ?? false;
  const table = buildPairTable(votes, withStyle);
  const n = table.models.length;
  if (n === 0) return { ratings: [], styleCoefficients: withStyle ? [0, 0] : null };
  const regularization = options.regularization ?? DEFAULT_REGULARIZATION;
  const design = withStyle ? perRow(table) : perCell(table);
  const everyVote = new Float64Array(table.voteCount).fill(1);
  design.weigh(everyVote);
  const full = fitRows(design.rows, { regularization });
  const variances = strengthVariances(full, n);

  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  const samples = Array.from({ length: n }, () => new Float64Array(rounds));
  const random = mulberry32(options.seed ?? 0x5eed);
  const drawn = new Float64Array(table.voteCount);
  for (let round = 0; round < rounds; round += 1) {
    drawn.fill(0);
    for (let k = 0; k < table.voteCount; k += 1) {
      const v = Math.floor(random() * table.voteCount);
      drawn[v] = (drawn[v] ?? 0) + 1;
    }
    design.weigh(drawn);
    // Warm-started at the full fit, a resample converges in a few Newton steps. With style
    // covariates every vote is its own row, so one step (the one-step bootstrap, equivalent to
    // the full refit to first order) keeps a million-vote board within seconds.
    const fit = fitRows(
      design.rows,
      { regularization, maxIterations: withStyle ? 1 : 25 },
      full.params,
    );
    for (let i = 0; i < n; i += 1) (samples[i] as Float64Array)[round] = fit.params[i] ?? 0;
    yield;
  }

  const provisionalVotes = options.provisionalVotes ?? PROVISIONAL_VOTES;
  const rated = table.models.map((model, i) => {
    const theta = full.params[i] ?? 0;
    const sorted = (samples[i] as Float64Array).sort();
    let low = rounds > 0 ? quantile(sorted, 0.025) : theta;
    let high = rounds > 0 ? quantile(sorted, 0.975) : theta;
    const votes_ = table.appearances[i] ?? 0;
    const provisional = votes_ < provisionalVotes;
    if (provisional) {
      // A resample of one vote is that vote again: the bootstrap alone would claim certainty.
      const half = Z_95 * Math.sqrt(variances[i] ?? 0);
      low = Math.min(low, theta - half);
      high = Math.max(high, theta + half);
    }
    return {
      model,
      rating: toRating(theta),
      ciLow: toRating(Math.min(low, theta)),
      ciHigh: toRating(Math.max(high, theta)),
      rank: 0,
      provisional,
      votes: votes_,
      wins: table.wins[i] ?? 0,
    };
  });
  for (const entry of rated)
    entry.rank = 1 + rated.filter((other) => other.ciLow > entry.ciHigh).length;
  rated.sort((x, y) => y.rating - x.rating || x.model.localeCompare(y.model));
  return {
    ratings: rated,
    styleCoefficients: withStyle
      ? Array.from({ length: STYLE_FEATURES }, (_, k) => (full.params[n + k] ?? 0) * RATING_SCALE)
      : null,
  };
}

export function toRating(theta: number): number {
  return RATING_BASE + RATING_SCALE * theta;
}

interface Design {
  rows: Rows;
  /** Sets the row weights from how many times each vote is counted. */
  weigh(perVote: Float64Array): void;
}

/** Without covariates rows collapse to (a, b, score) cells: ≤ 3·n² rows whatever the votes. */
function perCell(table: PairTable): Design {
  const cellOf = new Map<number, number>();
  const cell = new Int32Array(table.a.length);
  const a: number[] = [];
  const b: number[] = [];
  const score: number[] = [];
  const n = table.models.length;
  for (let r = 0; r < table.a.length; r += 1) {
    const s = table.score[r] ?? 0;
    const key = ((table.a[r] ?? 0) * n + (table.b[r] ?? 0)) * 3 + s * 2;
    let c = cellOf.get(key);
    if (c === undefined) {
      c = a.length;
      cellOf.set(key, c);
      a.push(table.a[r] ?? 0);
      b.push(table.b[r] ?? 0);
      score.push(s);
    }
    cell[r] = c;
  }
  const weight = new Float64Array(a.length);
  const rows: Rows = {
    models: n,
    features: 0,
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    score: Float64Array.from(score),
    weight,
    style: null,
  };
  return {
    rows,
    weigh(perVote) {
      weight.fill(0);
      for (let r = 0; r < cell.length; r += 1) {
        const c = cell[r] ?? 0;
        weight[c] = (weight[c] ?? 0) + (perVote[table.vote[r] ?? 0] ?? 0);
      }
    },
  };
}

function perRow(table: PairTable): Design {
  const weight = new Float64Array(table.a.length);
  return {
    rows: {
      models: table.models.length,
      features: STYLE_FEATURES,
      a: table.a,
      b: table.b,
      score: table.score,
      weight,
      style: table.style,
    },
    weigh(perVote) {
      for (let r = 0; r < weight.length; r += 1) weight[r] = perVote[table.vote[r] ?? 0] ?? 0;
    },
  };
}

/** Linear interpolation between order statistics (type 7, numpy's default). */
function quantile(sorted: Float64Array, q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const x = sorted[low] ?? 0;
  const y = sorted[high] ?? x;
  return x + (y - x) * (position - low);
}

/** Seeded, so the same votes always give the same board. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
