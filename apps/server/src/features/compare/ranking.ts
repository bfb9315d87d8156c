/**
 * Leaderboard maths: Bradley–Terry strengths fitted with Hunter's MM algorithm, shown on the
 * Elo scale (1000 = the geometric-mean model, +400 = ten times the odds of winning), with
 * 95% intervals from a bootstrap over votes.
 */

/** One pairwise result: `score` is a's share (1 win, 0.5 tie, 0 loss). */
export interface Game {
  a: string;
  b: string;
  score: number;
}

/** A judged turn as the leaderboard reads it: the panels' models in order and the verdict. */
export interface JudgedTurn {
  models: readonly string[];
  outcome: 'panel' | 'tie' | 'all_bad';
  winner: number | null;
}

export interface FitOptions {
  /**
   * Virtual tied games each model plays against a fixed average opponent. Keeps an unbeaten or
   * winless model finite; 0 gives the plain maximum-likelihood fit.
   */
  priorGames: number;
  maxIterations?: number;
  tolerance?: number;
}

export const ELO_BASE = 1000;
export const ELO_SCALE = 400;
export const DEFAULT_PRIOR_GAMES = 1;

/**
 * The pairwise games one verdict stands for: the best panel beat every other panel; a tie or
 * "all bad" ties every pair (as Chatbot Arena counts "both bad"). Two panels of the same model
 * say nothing about it and are skipped.
 */
export function gamesOf(turn: JudgedTurn): Game[] {
  const games: Game[] = [];
  const { models } = turn;
  if (turn.outcome === 'panel') {
    const winner = turn.winner === null ? undefined : models[turn.winner];
    if (winner === undefined) return games;
    models.forEach((model, index) => {
      if (index !== turn.winner && model !== winner) games.push({ a: winner, b: model, score: 1 });
    });
    return games;
  }
  for (let i = 0; i < models.length; i += 1) {
    for (let j = i + 1; j < models.length; j += 1) {
      const a = models[i];
      const b = models[j];
      if (a !== undefined && b !== undefined && a !== b) games.push({ a, b, score: 0.5 });
    }
  }
  return games;
}

/** Ratings (Elo scale) of every model that played, keyed by model. */
export function fitBradleyTerry(games: readonly Game[], options: FitOptions): Map<string, number> {
  const names = [...new Set(games.flatMap((g) => [g.a, g.b]))].sort();
  const at = new Map(names.map((name, index) => [name, index]));
  const n = names.length;
  const wins = new Array<number>(n).fill(options.priorGames / 2);
  const played = names.map(() => new Array<number>(n).fill(0));
  for (const game of games) {
    const i = at.get(game.a);
    const j = at.get(game.b);
    if (i === undefined || j === undefined) continue;
    wins[i] = (wins[i] ?? 0) + game.score;
    wins[j] = (wins[j] ?? 0) + 1 - game.score;
    const rowI = played[i];
    const rowJ = played[j];
    if (rowI) rowI[j] = (rowI[j] ?? 0) + 1;
    if (rowJ) rowJ[i] = (rowJ[i] ?? 0) + 1;
  }
  let strength = new Array<number>(n).fill(1);
  const maxIterations = options.maxIterations ?? 500;
  const tolerance = options.tolerance ?? 1e-10;
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const next = strength.map((p, i) => {
      let denominator = options.priorGames / (p + 1);
      const row = played[i] ?? [];
      for (let j = 0; j < n; j += 1) {
        const count = row[j] ?? 0;
        if (count > 0) denominator += count / (p + (strength[j] ?? 1));
      }
      // A winless model tends to 0; the floor keeps its log finite.
      return denominator > 0 ? Math.max((wins[i] ?? 0) / denominator, 1e-9) : p;
    });
    const scale = geometricMean(next);
    const normalised = next.map((p) => p / scale);
    const change = Math.max(
      ...normalised.map((p, i) => Math.abs(Math.log(p / (strength[i] ?? 1)))),
    );
    strength = normalised;
    if (change < tolerance) break;
  }
  return new Map(names.map((name, i) => [name, toElo(strength[i] ?? 1)]));
}

export interface RatedModel {
  rating: number;
  ciLow: number;
  ciHigh: number;
}

/**
 * Ratings with 95% intervals: the fit on all verdicts, then `rounds` refits on verdicts drawn
 * with replacement (seeded, so the same votes always give the same board).
 */
export function rateWithIntervals(
  turns: readonly JudgedTurn[],
  options: FitOptions & { rounds?: number; seed?: number } = { priorGames: DEFAULT_PRIOR_GAMES },
): Map<string, RatedModel> {
  const perTurn = turns.map(gamesOf);
  const ratings = fitBradleyTerry(perTurn.flat(), options);
  const samples = new Map<string, number[]>([...ratings.keys()].map((m) => [m, []]));
  const random = mulberry32(options.seed ?? 0x5eed);
  const rounds = perTurn.length === 0 ? 0 : (options.rounds ?? 200);
  for (let round = 0; round < rounds; round += 1) {
    const drawn: Game[] = [];
    for (let k = 0; k < perTurn.length; k += 1)
      drawn.push(...(perTurn[Math.floor(random() * perTurn.length)] ?? []));
    for (const [model, rating] of fitBradleyTerry(drawn, options)) samples.get(model)?.push(rating);
  }
  const result = new Map<string, RatedModel>();
  for (const [model, rating] of ratings) {
    const sorted = (samples.get(model) ?? []).sort((x, y) => x - y);
    result.set(model, {
      rating,
      ciLow: sorted.length ? Math.min(rating, quantile(sorted, 0.025)) : rating,
      ciHigh: sorted.length ? Math.max(rating, quantile(sorted, 0.975)) : rating,
    });
  }
  return result;
}

function toElo(strength: number): number {
  return ELO_BASE + ELO_SCALE * Math.log10(strength);
}

function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return 1;
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

/** Linear interpolation between order statistics (type 7, as numpy's default). */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const a = sorted[low] ?? 0;
  const b = sorted[high] ?? a;
  return a + (b - a) * (position - low);
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
