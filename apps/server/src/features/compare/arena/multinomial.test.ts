import { describe, expect, it } from 'vitest';
import { mulberry32 } from './arena-ratings';
import { binomial, multinomial } from './multinomial';

describe('exact binomial and multinomial draws', () => {
  it.each([
    [10, 0.3],
    [1_000, 0.02],
    [1_000, 0.97],
    [1_000_000, 0.5],
    [1_000_000, 3e-5],
    [10_000, 0.01],
    [4_096, 0.5],
  ])('Binomial(%i, %f) has its mean and variance over 20,000 draws', (n, p) => {
    const random = mulberry32(9);
    const draws = Array.from({ length: 20_000 }, () => binomial(n, p, random));
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    const variance = draws.reduce((s, x) => s + (x - mean) ** 2, 0) / (draws.length - 1);
    const sd = Math.sqrt(n * p * (1 - p));
    expect(Math.abs(mean - n * p)).toBeLessThan((5 * sd) / Math.sqrt(draws.length));
    expect(variance / sd ** 2).toBeGreaterThan(0.95);
    expect(variance / sd ** 2).toBeLessThan(1.05);
    expect(draws.every((x) => Number.isInteger(x) && x >= 0 && x <= n)).toBe(true);
  });

  it('a multinomial draw places every item, each category in proportion to its size', () => {
    const random = mulberry32(4);
    const sizes = Int32Array.from([500_000, 1, 0, 30, 299_969, 200_000]);
    const total = 1_000_000;
    const out = new Int32Array(sizes.length);
    const sums = new Float64Array(sizes.length);
    for (let round = 0; round < 400; round += 1) {
      multinomial(total, sizes, out, random);
      expect(out.reduce((s, x) => s + x, 0)).toBe(total);
      expect(out[2]).toBe(0);
      out.forEach((x, k) => (sums[k] = (sums[k] ?? 0) + x));
    }
    sizes.forEach((size, k) => {
      const sd = Math.sqrt(size * (1 - size / total));
      expect(Math.abs((sums[k] ?? 0) / 400 - size)).toBeLessThanOrEqual((5 * sd) / 20 + 1e-9);
    });
  });
});
