import { describe, expect, it } from 'vitest';
import { mulberry32 } from './arena-ratings';
import { fitRows, informationFactor, refitRows, type Rows } from './logistic-fit';

/** Games between 8 models with two covariates: `count` rows, each of weight 1. */
function games(count: number, seed: number): Rows {
  const random = mulberry32(seed);
  const models = 8;
  const a = new Int32Array(count);
  const b = new Int32Array(count);
  const score = new Float64Array(count);
  const style = new Float64Array(count * 2);
  for (let r = 0; r < count; r += 1) {
    const i = Math.floor(random() * models);
    const j = (i + 1 + Math.floor(random() * (models - 1))) % models;
    a[r] = i;
    b[r] = j;
    style[2 * r] = random() - 0.5;
    style[2 * r + 1] = random() - 0.5;
    const p = 1 / (1 + Math.exp(-((i - j) / 4 + 0.8 * (style[2 * r] ?? 0))));
    score[r] = random() < p ? 1 : 0;
  }
  return { models, features: 2, a, b, score, weight: new Float64Array(count).fill(1), style };
}

function reweighed(rows: Rows, seed: number, scale: number): Rows {
  const random = mulberry32(seed);
  return { ...rows, weight: rows.weight.map(() => Math.floor(random() * 3) * scale) };
}

const tight = { regularization: 1, tolerance: 1e-12 };
const largestGap = (x: Float64Array, y: Float64Array) =>
  Math.max(...Array.from(x, (v, k) => Math.abs(v - (y[k] ?? 0))));

describe('refitting near a known fit', () => {
  it.each([
    ['few rows: chord steps with the known factor', 60],
    ['many rows: Newton after the first step', 2_000],
  ])('%s reach the same maximum as a fit from scratch', (_, count) => {
    const rows = games(count, 5);
    const full = fitRows(rows, tight);
    const resample = reweighed(rows, 6, 1);
    const refit = refitRows(resample, tight, full.params, informationFactor(full, 8));
    expect(largestGap(refit, fitRows(resample, tight).params)).toBeLessThan(1e-8);
  });

  it('falls back to Newton where the known information is far from the resample own', () => {
    // The factor of a fit on a fifth of the weight: chord steps would overshoot five-fold.
    const rows = games(60, 7);
    const light = fitRows(reweighed(rows, 8, 0.2), tight);
    const resample = reweighed(rows, 9, 1);
    const refit = refitRows(resample, tight, light.params, informationFactor(light, 8));
    expect(largestGap(refit, fitRows(resample, tight).params)).toBeLessThan(1e-8);
  });

  it('uses a gradient given for the start (a wrong one would move the result)', () => {
    const rows = games(60, 10);
    const full = fitRows(rows, tight);
    const factor = informationFactor(full, 8);
    const resample = reweighed(rows, 11, 1);
    const wrong = new Float64Array(full.params.length).fill(5);
    const once = { regularization: 1, tolerance: 1e-12, maxIterations: 1 };
    const given = refitRows(resample, once, full.params, factor, wrong);
    const own = refitRows(resample, once, full.params, factor);
    expect(largestGap(given, own)).toBeGreaterThan(0.1);
  });
});
