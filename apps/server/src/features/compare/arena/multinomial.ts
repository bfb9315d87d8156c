/**
 * Exact multinomial draws at a cost set by the number of categories, not the number of items:
 * a bootstrap resample of a million votes that fall into 30,000 distinct (a, b, outcome) cells
 * is 30,000 binomial draws (each category's count given those before it), not a million.
 */

/** Standard normal (Marsaglia's polar method). */
function normal(random: () => number): number {
  for (;;) {
    const u = 2 * random() - 1;
    const v = 2 * random() - 1;
    const s = u * u + v * v;
    if (s > 0 && s < 1) return u * Math.sqrt((-2 * Math.log(s)) / s);
  }
}

/** Gamma(shape, 1) for shape ≥ 1 (Marsaglia and Tsang). */
function gamma(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x = 0;
    let v = 0;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/**
 * Below this mean, inversion (a walk up the distribution from 0, about a step per unit of the
 * mean) is cheaper than halving the trials by a split, which costs two gamma draws.
 */
const INVERSION_MEAN = 64;

/**
 * Binomial(n, p). While the mean is large, it splits at the middle order statistic of the n
 * uniforms, which is Beta(i, n + 1 − i) (Devroye, Non-Uniform Random Variate Generation,
 * ch. X.4): the uniforms on the far side of p are then known, and the rest is a binomial of
 * half the size. Then inversion.
 */
export function binomial(n: number, p: number, random: () => number): number {
  let count = 0;
  let trials = n;
  let chance = p;
  while (trials * Math.min(chance, 1 - chance) >= INVERSION_MEAN) {
    const i = (trials + 1) >> 1;
    const a = gamma(i, random);
    const middle = a / (a + gamma(trials + 1 - i, random));
    if (chance < middle) {
      trials = i - 1;
      chance /= middle;
    } else {
      count += i;
      trials -= i;
      chance = (chance - middle) / (1 - middle);
    }
  }
  if (trials === 0 || chance <= 0) return count;
  if (chance >= 1) return count + trials;
  // Inversion on the rarer side, so the walk is short.
  const flip = chance > 0.5;
  const q = flip ? 1 - chance : chance;
  const ratio = q / (1 - q);
  let probability = Math.exp(trials * Math.log1p(-q));
  let cumulative = probability;
  const u = random();
  let x = 0;
  while (u > cumulative && x < trials) {
    probability *= (ratio * (trials - x)) / (x + 1);
    cumulative += probability;
    x += 1;
  }
  return count + (flip ? trials - x : x);
}

/**
 * `total` items drawn with replacement from categories of sizes `sizes` (each item equally
 * likely): the count of each category, written to `out`.
 */
export function multinomial(
  total: number,
  sizes: Int32Array,
  out: Int32Array,
  random: () => number,
): void {
  let mass = 0;
  for (const size of sizes) mass += size;
  let left = total;
  for (let k = 0; k < sizes.length; k += 1) {
    const size = sizes[k] ?? 0;
    const drawn =
      left === 0 || size === 0 ? 0 : size >= mass ? left : binomial(left, size / mass, random);
    out[k] = drawn;
    left -= drawn;
    mass -= size;
  }
}
