import { describe, expect, it } from 'vitest';
import { mulberry32, rateArena, toRating } from './arena-ratings';
import type { ArenaVote } from './pairwise-table';

/**
 * Votes drawn from known strengths. Ties come with probability σ(1−σ) (most often between
 * close models), split from the wins so that a's expected score stays σ: the model a "tie
 * counts half" fit estimates without bias.
 */
function simulate(strengths: readonly number[], count: number, seed: number): ArenaVote[] {
  const random = mulberry32(seed);
  const models = strengths.map((_, i) => `m${i}`);
  const votes: ArenaVote[] = [];
  for (let k = 0; k < count; k += 1) {
    const i = Math.floor(random() * models.length);
    let j = Math.floor(random() * (models.length - 1));
    if (j >= i) j += 1;
    const p = 1 / (1 + Math.exp((strengths[j] ?? 0) - (strengths[i] ?? 0)));
    const tie = p * (1 - p);
    const u = random();
    const pair = [models[i] ?? '', models[j] ?? ''];
    if (u < p - tie / 2) votes.push({ models: pair, outcome: 'panel', winner: 0 });
    else if (u < p + tie / 2) votes.push({ models: pair, outcome: 'tie', winner: null });
    else votes.push({ models: pair, outcome: 'panel', winner: 1 });
  }
  return votes;
}

const STRENGTHS = [-1.2, -0.9, -0.6, -0.35, -0.1, 0.1, 0.35, 0.6, 0.9, 1.2];

function spearman(x: readonly number[], y: readonly number[]): number {
  const ranks = (v: readonly number[]) => {
    const order = v.map((value, i) => ({ value, i })).sort((p, q) => p.value - q.value);
    const r = new Array<number>(v.length);
    order.forEach(({ i }, k) => (r[i] = k));
    return r;
  };
  const rx = ranks(x);
  const ry = ranks(y);
  const n = x.length;
  const d2 = rx.reduce((s, r, i) => s + (r - (ry[i] ?? 0)) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

describe('arena ratings on simulated votes from known strengths', () => {
  it('recovers the true order at 20,000 votes (Spearman ≥ 0.95)', () => {
    const { ratings } = rateArena(simulate(STRENGTHS, 20_000, 42));
    const fitted = STRENGTHS.map((_, i) => ratings.find((r) => r.model === `m${i}`)?.rating ?? 0);
    expect(spearman(fitted, STRENGTHS)).toBeGreaterThanOrEqual(0.95);
    expect(ratings.some((r) => r.provisional)).toBe(false);
  });

  it('95% intervals cover the true strengths in 90–98% of 100 simulated boards', () => {
    let covered = 0;
    let total = 0;
    for (let board = 0; board < 100; board += 1) {
      const { ratings } = rateArena(simulate(STRENGTHS, 2_000, 1000 + board), {
        seed: board + 1,
      });
      STRENGTHS.forEach((truth, i) => {
        const r = ratings.find((x) => x.model === `m${i}`);
        total += 1;
        if (r && r.ciLow <= toRating(truth) && toRating(truth) <= r.ciHigh) covered += 1;
      });
    }
    const coverage = covered / total;
    expect(coverage).toBeGreaterThanOrEqual(0.9);
    expect(coverage).toBeLessThanOrEqual(0.98);
  });
});
