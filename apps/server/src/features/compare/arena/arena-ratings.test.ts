import { describe, expect, it } from 'vitest';
import { rateArena, RATING_SCALE } from './arena-ratings';
import type { ArenaVote } from './pairwise-table';

const win = (models: string[], winner: number): ArenaVote => ({
  models,
  outcome: 'panel',
  winner,
});
const tie = (models: string[], outcome: 'tie' | 'all_bad' = 'tie'): ArenaVote => ({
  models,
  outcome,
  winner: null,
});
const times = (n: number, vote: ArenaVote): ArenaVote[] => Array.from({ length: n }, () => vote);
const ratingOf = (votes: ArenaVote[], model: string, options = {}) =>
  rateArena(votes, { rounds: 0, ...options }).ratings.find((r) => r.model === model);

/**
 * The reference: plain gradient ascent on the penalised log-likelihood, one game at a time,
 * written without the fit's aggregation, Newton steps or Cholesky solve.
 */
function referenceRatings(
  games: { a: string; b: string; score: number }[],
  regularization: number,
): Map<string, number> {
  const names = [...new Set(games.flatMap((g) => [g.a, g.b]))];
  const theta = new Map(names.map((m) => [m, 0]));
  for (let step = 0; step < 20_000; step += 1) {
    const grad = new Map(names.map((m) => [m, -regularization * (theta.get(m) ?? 0)]));
    for (const g of games) {
      const p = 1 / (1 + Math.exp((theta.get(g.b) ?? 0) - (theta.get(g.a) ?? 0)));
      grad.set(g.a, (grad.get(g.a) ?? 0) + g.score - p);
      grad.set(g.b, (grad.get(g.b) ?? 0) - (g.score - p));
    }
    for (const m of names) theta.set(m, (theta.get(m) ?? 0) + 0.02 * (grad.get(m) ?? 0));
    const mean = names.reduce((s, m) => s + (theta.get(m) ?? 0), 0) / names.length;
    for (const m of names) theta.set(m, (theta.get(m) ?? 0) - mean);
  }
  return new Map(names.map((m) => [m, 1000 + (400 / Math.LN10) * (theta.get(m) ?? 0)]));
}

describe('arena ratings (Bradley–Terry by maximum likelihood)', () => {
  const fixed: ArenaVote[] = [
    ...times(7, win(['A', 'B'], 0)),
    ...times(3, win(['A', 'B'], 1)),
    ...times(2, tie(['A', 'B'])),
    ...times(5, win(['B', 'C'], 0)),
    ...times(4, win(['B', 'C'], 1)),
    ...times(6, win(['A', 'C'], 0)),
    ...times(1, win(['A', 'C'], 1)),
    ...times(3, tie(['C', 'D'], 'all_bad')),
    ...times(2, win(['D', 'A'], 0)),
    ...times(4, win(['D', 'B'], 1)),
    win(['C', 'D', 'A'], 1),
  ];
  const fixedGames = fixed.flatMap((v) => {
    if (v.outcome === 'panel') {
      const w = v.winner ?? 0;
      return v.models.flatMap((m, k) =>
        k === w ? [] : [{ a: v.models[w] ?? '', b: m, score: 1 }],
      );
    }
    return v.models.flatMap((m, i) =>
      v.models.slice(i + 1).map((other) => ({ a: m, b: other, score: 0.5 })),
    );
  });

  it.each([0, 1])(
    'a fixed vote set gives the reference ratings within 0.5 points (regularization %d)',
    (regularization) => {
      const reference = referenceRatings(fixedGames, regularization);
      const { ratings } = rateArena(fixed, { rounds: 0, regularization });
      expect(ratings).toHaveLength(4);
      for (const r of ratings)
        expect(Math.abs(r.rating - (reference.get(r.model) ?? 0))).toBeLessThan(0.5);
    },
  );

  it('without a prior, A beating B 2–1 is odds of 2: ±200·log10 2 around 1000', () => {
    const votes = [...times(2, win(['A', 'B'], 0)), win(['A', 'B'], 1)];
    expect(ratingOf(votes, 'A', { regularization: 0 })?.rating).toBeCloseTo(1060.206, 2);
    expect(ratingOf(votes, 'B', { regularization: 0 })?.rating).toBeCloseTo(939.794, 2);
  });

  it('a single vote: both models provisional, with wide intervals around them', () => {
    const { ratings } = rateArena([win(['A', 'B'], 0)]);
    for (const r of ratings) {
      expect(r.provisional).toBe(true);
      expect(r.ciHigh - r.ciLow).toBeGreaterThan(200);
      expect(r.ciLow).toBeLessThan(r.rating);
      expect(r.ciHigh).toBeGreaterThan(r.rating);
      // Overlapping intervals: neither is surely better, so both share rank 1.
      expect(r.rank).toBe(1);
    }
    expect(ratings[0]?.model).toBe('A');
  });

  it('ties pull two models together, and "both bad" counts as a tie', () => {
    const wins = times(6, win(['A', 'B'], 0));
    const gap = (votes: ArenaVote[]) =>
      (ratingOf(votes, 'A')?.rating ?? 0) - (ratingOf(votes, 'B')?.rating ?? 0);
    const withTies = [...wins, ...times(6, tie(['A', 'B']))];
    expect(gap(withTies)).toBeLessThan(gap(wins));
    expect(gap(withTies)).toBeGreaterThan(0);
    expect(gap([...wins, ...times(6, tie(['A', 'B'], 'all_bad'))])).toBeCloseTo(gap(withTies), 9);
    // Only ties: equal.
    expect(gap(times(5, tie(['A', 'B'])))).toBeCloseTo(0, 9);
  });

  it('a vote on three panels is the winner beating each of the other two', () => {
    const multi = rateArena([win(['A', 'B', 'C'], 2)], { rounds: 0 }).ratings;
    const pairs = rateArena([win(['C', 'A'], 0), win(['C', 'B'], 0)], { rounds: 0 }).ratings;
    expect(multi.map((r) => [r.model, r.rating])).toEqual(pairs.map((r) => [r.model, r.rating]));
    expect(multi.find((r) => r.model === 'C')?.votes).toBe(1);
  });

  it('ranks like LMArena: 1 + the models whose lower bound is above this upper bound', () => {
    const votes = [
      ...times(60, win(['A', 'B'], 0)),
      ...times(40, win(['A', 'B'], 1)),
      ...times(95, win(['B', 'C'], 0)),
      ...times(5, win(['B', 'C'], 1)),
    ];
    const { ratings } = rateArena(votes, { rounds: 200 });
    const rank = Object.fromEntries(ratings.map((r) => [r.model, r.rank]));
    expect(rank).toEqual({ A: 1, B: 1, C: 3 });
    expect(ratings.every((r) => !r.provisional && r.ciLow < r.rating && r.rating < r.ciHigh)).toBe(
      true,
    );
  });

  it('style control: a model that only wins by writing long answers falls back to the pack', () => {
    const votes: ArenaVote[] = [];
    // L writes long answers and always wins; S and M write short ones and split evenly.
    for (let k = 0; k < 60; k += 1) {
      votes.push({
        ...win(['L', 'S'], 0),
        style: [
          [3000, 10],
          [600, 2],
        ],
      });
      votes.push({
        ...win(['M', 'S'], k % 2),
        style: [
          [600, 2],
          [600, 2],
        ],
      });
      // Among the others, the longer answer wins too (the same style effect).
      votes.push({
        ...win(['M', 'S'], k % 2),
        style:
          k % 2 === 0
            ? [
                [3000, 10],
                [600, 2],
              ]
            : [
                [600, 2],
                [3000, 10],
              ],
      });
    }
    const plain = rateArena(votes, { rounds: 0 }).ratings;
    const controlled = rateArena(votes, { rounds: 0, style: true });
    const lPlain = plain.find((r) => r.model === 'L')?.rating ?? 0;
    const lControlled = controlled.ratings.find((r) => r.model === 'L')?.rating ?? 0;
    expect(lControlled).toBeLessThan(lPlain - 100);
    expect(controlled.styleCoefficients?.[0]).toBeGreaterThan(0);
  });

  it('the same votes give the same board (seeded bootstrap)', () => {
    expect(rateArena(fixed)).toEqual(rateArena(fixed));
    expect(RATING_SCALE).toBeCloseTo(173.7178, 3);
  });
});
