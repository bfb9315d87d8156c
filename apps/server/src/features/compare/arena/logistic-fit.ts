/**
 * Bradley–Terry by maximum likelihood: a logistic regression of each comparison's score on
 * (+1 for a, −1 for b) plus optional style covariates, solved by Newton's method. A tie scores
 * 0.5, which is the same likelihood as FastChat's "one win and one loss, each half-weighted".
 * An L2 penalty (`regularization`, in games-worth of pull toward the average) keeps unbeaten
 * models finite and makes a model seen once uncertain rather than extreme.
 */

export interface Rows {
  /** Models, style covariates per row, and rows: a, b, a's score, the row's weight. */
  models: number;
  features: number;
  a: Int32Array;
  b: Int32Array;
  score: Float64Array;
  weight: Float64Array;
  /** `features` numbers per row, or null. */
  style: Float64Array | null;
}

export interface FitOptions {
  regularization: number;
  maxIterations?: number;
  /** Newton stops once no parameter moves more than this (log-odds units). */
  tolerance?: number;
}

export interface Fit {
  /** Model strengths in log-odds units, mean 0, then the style coefficients. */
  params: Float64Array;
  /** The penalised information matrix at `params` (models + features square, row-major). */
  information: Float64Array;
}

const MAX_STEP = 4;

export function fitRows(rows: Rows, options: FitOptions, start?: Float64Array): Fit {
  const n = rows.models;
  const size = n + rows.features;
  const params = start ? Float64Array.from(start) : new Float64Array(size);
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-9;
  let information = new Float64Array(size * size);
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const { gradient, hessian } = derivatives(rows, params, options.regularization);
    information = hessian;
    const step = solve(withCentring(hessian, n, size), gradient, size);
    let largest = 0;
    for (const value of step) largest = Math.max(largest, Math.abs(value));
    const damp = largest > MAX_STEP ? MAX_STEP / largest : 1;
    for (let k = 0; k < size; k += 1) params[k] = (params[k] ?? 0) + damp * (step[k] ?? 0);
    centre(params, n);
    if (largest < tolerance) break;
  }
  return { params, information };
}

/**
 * The variance of each model's strength relative to the average model: cᵀ I⁻¹ c with
 * c = e_i − 1/n, the contrast the board shows (the strengths are only defined up to a shift).
 */
export function strengthVariances(fit: Fit, models: number): Float64Array {
  const size = fit.params.length;
  const matrix = withCentring(fit.information, models, size);
  const variances = new Float64Array(models);
  for (let i = 0; i < models; i += 1) {
    const contrast = new Float64Array(size);
    for (let k = 0; k < models; k += 1) contrast[k] = (k === i ? 1 : 0) - 1 / models;
    const solved = solve(matrix, contrast, size);
    let v = 0;
    for (let k = 0; k < models; k += 1) v += (contrast[k] ?? 0) * (solved[k] ?? 0);
    variances[i] = Math.max(v, 0);
  }
  return variances;
}

function derivatives(rows: Rows, params: Float64Array, regularization: number) {
  const n = rows.models;
  const f = rows.features;
  const size = n + f;
  const gradient = new Float64Array(size);
  const hessian = new Float64Array(size * size);
  const { a, b, score, weight, style } = rows;
  for (let r = 0; r < a.length; r += 1) {
    const w = weight[r] ?? 0;
    if (w === 0) continue;
    const i = a[r] ?? 0;
    const j = b[r] ?? 0;
    let z = (params[i] ?? 0) - (params[j] ?? 0);
    if (style) for (let k = 0; k < f; k += 1) z += (params[n + k] ?? 0) * (style[r * f + k] ?? 0);
    const p = 1 / (1 + Math.exp(-z));
    const residual = w * ((score[r] ?? 0) - p);
    const curvature = w * p * (1 - p);
    gradient[i] = (gradient[i] ?? 0) + residual;
    gradient[j] = (gradient[j] ?? 0) - residual;
    hessian[i * size + i] = (hessian[i * size + i] ?? 0) + curvature;
    hessian[j * size + j] = (hessian[j * size + j] ?? 0) + curvature;
    hessian[i * size + j] = (hessian[i * size + j] ?? 0) - curvature;
    hessian[j * size + i] = (hessian[j * size + i] ?? 0) - curvature;
    if (!style) continue;
    for (let k = 0; k < f; k += 1) {
      const x = style[r * f + k] ?? 0;
      const sk = n + k;
      gradient[sk] = (gradient[sk] ?? 0) + residual * x;
      hessian[i * size + sk] = (hessian[i * size + sk] ?? 0) + curvature * x;
      hessian[sk * size + i] = (hessian[sk * size + i] ?? 0) + curvature * x;
      hessian[j * size + sk] = (hessian[j * size + sk] ?? 0) - curvature * x;
      hessian[sk * size + j] = (hessian[sk * size + j] ?? 0) - curvature * x;
      for (let l = 0; l < f; l += 1)
        hessian[sk * size + n + l] =
          (hessian[sk * size + n + l] ?? 0) + curvature * x * (style[r * f + l] ?? 0);
    }
  }
  for (let k = 0; k < size; k += 1) {
    gradient[k] = (gradient[k] ?? 0) - regularization * (params[k] ?? 0);
    hessian[k * size + k] = (hessian[k * size + k] ?? 0) + regularization;
  }
  return { gradient, hessian };
}

/**
 * The likelihood does not change when every strength shifts by the same amount, so the plain
 * Hessian is singular along that direction; adding 11ᵀ/n there makes it solvable without
 * changing any step orthogonal to it (the strengths are re-centred after each step anyway).
 */
function withCentring(hessian: Float64Array, models: number, size: number): Float64Array {
  const matrix = Float64Array.from(hessian);
  for (let i = 0; i < models; i += 1)
    for (let j = 0; j < models; j += 1)
      matrix[i * size + j] = (matrix[i * size + j] ?? 0) + 1 / models;
  return matrix;
}

function centre(params: Float64Array, models: number): void {
  let sum = 0;
  for (let k = 0; k < models; k += 1) sum += params[k] ?? 0;
  const mean = models === 0 ? 0 : sum / models;
  for (let k = 0; k < models; k += 1) params[k] = (params[k] ?? 0) - mean;
}

/** Solves M x = y for a symmetric positive definite M by Cholesky (M is small: ≤ ~110 square). */
function solve(matrix: Float64Array, y: Float64Array, size: number): Float64Array {
  const lower = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = matrix[i * size + j] ?? 0;
      for (let k = 0; k < j; k += 1) sum -= (lower[i * size + k] ?? 0) * (lower[j * size + k] ?? 0);
      if (i === j) lower[i * size + i] = Math.sqrt(Math.max(sum, 1e-12));
      else lower[i * size + j] = sum / (lower[j * size + j] ?? 1);
    }
  }
  const z = new Float64Array(size);
  for (let i = 0; i < size; i += 1) {
    let sum = y[i] ?? 0;
    for (let k = 0; k < i; k += 1) sum -= (lower[i * size + k] ?? 0) * (z[k] ?? 0);
    z[i] = sum / (lower[i * size + i] ?? 1);
  }
  const x = new Float64Array(size);
  for (let i = size - 1; i >= 0; i -= 1) {
    let sum = z[i] ?? 0;
    for (let k = i + 1; k < size; k += 1) sum -= (lower[k * size + i] ?? 0) * (x[k] ?? 0);
    x[i] = sum / (lower[i * size + i] ?? 1);
  }
  return x;
}
