import { describe, expect, it } from 'vitest';
import { fitBradleyTerry, gamesOf, rateWithIntervals, type Game } from './ranking';

const times = (n: number, game: Game): Game[] => Array.from({ length: n }, () => game);

describe('Bradley–Terry ranking', () => {
  it('two models, A beats B 2–1: odds 2, so A = 1000 + 200·log10 2 = 1060.21 and B = 939.79', () => {
    const games = [...times(2, { a: 'A', b: 'B', score: 1 }), { a: 'B', b: 'A', score: 1 }];
    const ratings = fitBradleyTerry(games, { priorGames: 0 });
    expect(ratings.get('A')).toBeCloseTo(1060.206, 2);
    expect(ratings.get('B')).toBeCloseTo(939.794, 2);
  });

  it('three models with consistent odds (A:B 2–1, B:C 2–1, A:C 4–1) give strengths 4:2:1', () => {
    // Worked example: p = (4, 2, 1) satisfies every MM equation W_i = Σ n_ij p_i / (p_i + p_j):
    // A: 3·4/6 + 5·4/5 = 6 = 2 + 4 wins; B: 3·2/6 + 3·2/3 = 3; C: 3·1/3 + 5·1/5 = 2.
    // Geometric mean 2, so A = 1000 + 400·log10 2 = 1120.41, B = 1000, C = 879.59.
    const games = [
      ...times(2, { a: 'A', b: 'B', score: 1 }),
      { a: 'B', b: 'A', score: 1 },
      ...times(2, { a: 'B', b: 'C', score: 1 }),
      { a: 'C', b: 'B', score: 1 },
      ...times(4, { a: 'A', b: 'C', score: 1 }),
      { a: 'C', b: 'A', score: 1 },
    ];
    const ratings = fitBradleyTerry(games, { priorGames: 0 });
    expect(ratings.get('A')).toBeCloseTo(1120.412, 2);
    expect(ratings.get('B')).toBeCloseTo(1000, 2);
    expect(ratings.get('C')).toBeCloseTo(879.588, 2);
  });

  it('a tie counts half a win to each side: A 1 win + 2 ties vs B is 2–1 odds again', () => {
    const games = [{ a: 'A', b: 'B', score: 1 }, ...times(2, { a: 'A', b: 'B', score: 0.5 })];
    expect(fitBradleyTerry(games, { priorGames: 0 }).get('A')).toBeCloseTo(1060.206, 2);
  });

  it('the prior keeps an unbeaten model finite: A 1–0 B with one virtual tie each vs the average', () => {
    // With the anchor at strength 1 and, by symmetry, p_B = 1/p_A, A's MM equation is
    // 1.5 = x²/(x² + 1) + x/(x + 1), i.e. x³ − x² − x − 3 = 0, whose real root is x ≈ 2.1304:
    // A = 1000 + 400·log10 2.1304 = 1131.38 and B = 868.62.
    const ratings = fitBradleyTerry([{ a: 'A', b: 'B', score: 1 }], { priorGames: 1 });
    expect(ratings.get('A')).toBeCloseTo(1131.38, 1);
    expect(ratings.get('B')).toBeCloseTo(868.62, 1);
  });

  it('turns a verdict into pairwise games', () => {
    expect(gamesOf({ models: ['x', 'y', 'z'], outcome: 'panel', winner: 1 })).toEqual([
      { a: 'y', b: 'x', score: 1 },
      { a: 'y', b: 'z', score: 1 },
    ]);
    expect(gamesOf({ models: ['x', 'y', 'x'], outcome: 'tie', winner: null })).toEqual([
      { a: 'x', b: 'y', score: 0.5 },
      { a: 'y', b: 'x', score: 0.5 },
    ]);
    expect(gamesOf({ models: ['x', 'y'], outcome: 'all_bad', winner: null })).toHaveLength(1);
  });

  it('bootstrap intervals contain the rating and are repeatable', () => {
    const turns = [
      ...Array.from({ length: 6 }, () => ({
        models: ['A', 'B'],
        outcome: 'panel' as const,
        winner: 0,
      })),
      ...Array.from({ length: 3 }, () => ({
        models: ['A', 'B'],
        outcome: 'panel' as const,
        winner: 1,
      })),
    ];
    const first = rateWithIntervals(turns, { priorGames: 1 });
    const a = first.get('A');
    expect(a).toBeDefined();
    if (!a) return;
    expect(a.ciLow).toBeLessThanOrEqual(a.rating);
    expect(a.ciHigh).toBeGreaterThanOrEqual(a.rating);
    expect(a.ciHigh - a.ciLow).toBeGreaterThan(10);
    expect(rateWithIntervals(turns, { priorGames: 1 }).get('A')).toEqual(a);
  });
});
