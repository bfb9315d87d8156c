import { perCell, perRow } from './bootstrap-designs';
import { fitRows, informationFactor, refitRows, strengthVariances } from './logistic-fit';
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
/**
 * A resample's fit stops once a step moves no strength more than this: 0.002 rating points,
 * and no more than that is left to the resample's maximum (refitRows).
 */
const RESAMPLE_TOLERANCE = 1e-5;

export function rateArena(votes: readonly ArenaVote[], options: RatingOptions = {}): ArenaRatings {
  return rateTable(buildPairTable(votes, options.style ?? false), options);
}

/** The ratings of votes already laid out as pairwise rows (style rows present iff `style`). */
export function rateTable(table: PairTable, options: RatingOptions = {}): ArenaRatings {
  const steps = rating(table, options);
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
  const steps = rating(buildPairTable(votes, options.style ?? false), options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** rateTable, handing the event loop back after every bootstrap round. */
export async function rateTableInTurns(
  table: PairTable,
  options: RatingOptions,
  pause: () => Promise<void>,
): Promise<ArenaRatings> {
  const steps = rating(table, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

function* rating(
  table: PairTable,
  options: RatingOptions,
): Generator<undefined, ArenaRatings, undefined> {
  const withStyle = options.style ?? false;
  const n = table.models.length;
  if (n === 0) return { ratings: [], styleCoefficients: withStyle ? [0, 0] : null };
  const regularization = options.regularization ?? DEFAULT_REGULARIZATION;
  const design = withStyle ? perRow(table) : perCell(table);
  design.weighEveryVote();
  const full = fitRows(design.rows, { regularization });
  const variances = strengthVariances(full, n);
  const factor = informationFactor(full, n);
  design.anchor(full.params);

  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  const samples = Array.from({ length: n }, () => new Float64Array(rounds));
  const random = mulberry32(options.seed ?? 0x5eed);
  for (let round = 0; round < rounds; round += 1) {
    design.resample(random);
    // Each resample is refitted to convergence (a real refit, not a one-step approximation),
    // started at the full fit and stepping with its factorised information.
    const fit = refitRows(
      design.rows,
      { regularization, maxIterations: 50, tolerance: RESAMPLE_TOLERANCE },
      full.params,
      factor,
      design.startGradient ?? undefined,
    );
    for (let i = 0; i < n; i += 1) (samples[i] as Float64Array)[round] = fit[i] ?? 0;
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
