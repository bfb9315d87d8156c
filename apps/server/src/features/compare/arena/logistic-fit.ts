/**
 * Bradley–Terry by maximum likelihood: a logistic regression of each comparison's score on
 * (+1 for a, −1 for b) plus optional style covariates, solved by Newton's method. A tie scores
 * 0.5, which is the same likelihood as FastChat's "one win and one loss, each half-weighted".
 * An L2 penalty (`regularization`, in games-worth of pull toward the average) keeps unbeaten
 * models finite and makes a model seen once uncertain rather than extreme.
 */

export interface Rows {
  /** Models, style covariates per row, and rows: a, b, a's score (or average score), weight. */
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
/**
 * Rows per entry of the information matrix above which refitRows takes Newton steps: a pass
 * over the rows then costs more than factorising the matrix (measured: the chord iteration takes
 * about five passes where Newton takes three).
 */
const NEWTON_ROWS_PER_ENTRY = 4;

export function fitRows(rows: Rows, options: FitOptions, start?: Float64Array): Fit {
  const n = rows.models;
  const size = n + rows.features;
  const params = start ? Float64Array.from(start) : new Float64Array(size);
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-9;
  let information: Float64Array = new Float64Array(size * size);
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const { gradient, hessian } = derivatives(rows, params, options.regularization, true);
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

/** The Cholesky factor of a fit's information (centred), for refitRows. */
export function informationFactor(fit: Fit, models: number): Float64Array {
  const size = fit.params.length;
  return cholesky(withCentring(fit.information, models, size), size);
}

/**
 * Refits rows near a known fit (a bootstrap resample of the votes it was fitted on), from
 * `start`: each step solves with the known fit's information (`factor`) instead of factorising
 * the resample's own, a chord (simplified Newton) iteration. It converges to the same maximum,
 * linearly, at a rate set by how much the two informations differ (a few percent on a large
 * board). Should a step not shrink to at most half the one before, the rest is full Newton, so
 * the result is always the resample's own maximum: when a step is below `tolerance`, so is the
 * distance left to it.
 */
export function refitRows(
  rows: Rows,
  options: FitOptions,
  start: Float64Array,
  factor: Float64Array,
  /** The log-likelihood's gradient at `start` (no penalty), when the caller has it already. */
  startGradient?: Float64Array,
): Float64Array {
  const n = rows.models;
  const size = n + rows.features;
  const params = Float64Array.from(start);
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-9;
  // Many rows: a pass over them costs more than a factorisation, and Newton needs fewer passes.
  const newton = rows.a.length > NEWTON_ROWS_PER_ENTRY * size * size;
  let previous = Infinity;
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    let gradient: Float64Array;
    if (iteration === 0 && startGradient) {
      gradient = Float64Array.from(startGradient);
      for (let k = 0; k < size; k += 1)
        gradient[k] = (gradient[k] ?? 0) - options.regularization * (params[k] ?? 0);
    } else if (newton) {
      // After the first (chord) step the rest is Newton's. It converges quadratically: what is
      // left after a step of s is about s²/10 here, so a step below √tolerance leaves less
      // than a tenth of `tolerance`.
      return fitRows(
        rows,
        { ...options, maxIterations: maxIterations - iteration, tolerance: Math.sqrt(tolerance) },
        params,
      ).params;
    } else gradient = derivatives(rows, params, options.regularization, false).gradient;
    const step = substitute(factor, gradient, size);
    let largest = 0;
    for (let k = 0; k < size; k += 1) largest = Math.max(largest, Math.abs(step[k] ?? 0));
    if (largest > previous / 2)
      return fitRows(rows, { ...options, maxIterations: maxIterations - iteration }, params).params;
    previous = largest;
    const damp = largest > MAX_STEP ? MAX_STEP / largest : 1;
    for (let k = 0; k < size; k += 1) params[k] = (params[k] ?? 0) + damp * (step[k] ?? 0);
    centre(params, n);
    if (largest < tolerance) break;
  }
  return params;
}

/**
 * The variance of each model's strength relative to the average model: cᵀ I⁻¹ c with
 * c = e_i − 1/n, the contrast the board shows (the strengths are only defined up to a shift).
 */
export function strengthVariances(fit: Fit, models: number): Float64Array {
  const size = fit.params.length;
  const lower = cholesky(withCentring(fit.information, models, size), size);
  const variances = new Float64Array(models);
  const contrast = new Float64Array(size);
  for (let i = 0; i < models; i += 1) {
    for (let k = 0; k < models; k += 1) contrast[k] = (k === i ? 1 : 0) - 1 / models;
    const solved = substitute(lower, contrast, size);
    let v = 0;
    for (let k = 0; k < models; k += 1) v += (contrast[k] ?? 0) * (solved[k] ?? 0);
    variances[i] = Math.max(v, 0);
  }
  return variances;
}

/**
 * Gradient and Hessian of the penalised log-likelihood. Rows of the same pair (a, b) in a run
 * are summed in locals and written to the matrix once per run, so rows sorted by pair (as the
 * bootstrap keeps them) cost a logistic and a few additions each, with no scattered writes.
 */
function derivatives<WithHessian extends boolean>(
  rows: Rows,
  params: Float64Array,
  regularization: number,
  withHessian: WithHessian,
): { gradient: Float64Array; hessian: WithHessian extends true ? Float64Array : null } {
  const n = rows.models;
  const f = rows.features;
  const size = n + f;
  const gradient = new Float64Array(size);
  const hessian = (withHessian ? new Float64Array(size * size) : null) as WithHessian extends true
    ? Float64Array
    : null;
  const { a, b, score, weight, style } = rows;
  const count = a.length;
  // Per run of one pair: Σ residual, Σ curvature, and per feature Σ curvature·x (locals, so the
  // loop keeps them in registers; flushRun adds a finished run to the matrix).
  const runCross = new Float64Array(f);
  let runI = -1;
  let runJ = -1;
  let runResidual = 0;
  let runCurvature = 0;
  if (style && f === 2) {
    // The style board's shape (length, markdown), unrolled: this loop is the bootstrap's cost.
    const beta0 = params[n] ?? 0;
    const beta1 = params[n + 1] ?? 0;
    let g0 = 0;
    let g1 = 0;
    let h00 = 0;
    let h01 = 0;
    let h11 = 0;
    let cross0 = 0;
    let cross1 = 0;
    let difference = 0;
    for (let r = 0; r < count; r += 1) {
      const w = weight[r] ?? 0;
      if (w === 0) continue;
      const i = a[r] ?? 0;
      const j = b[r] ?? 0;
      if (i !== runI || j !== runJ) {
        if (runI >= 0) {
          runCross[0] = cross0;
          runCross[1] = cross1;
          flushRun(gradient, hessian, n, runI, runJ, runResidual, runCurvature, runCross);
        }
        runResidual = 0;
        runCurvature = 0;
        cross0 = 0;
        cross1 = 0;
        runI = i;
        runJ = j;
        difference = (params[i] ?? 0) - (params[j] ?? 0);
      }
      const x0 = style[2 * r] ?? 0;
      const x1 = style[2 * r + 1] ?? 0;
      const p = 1 / (1 + Math.exp(-(difference + beta0 * x0 + beta1 * x1)));
      const residual = w * ((score[r] ?? 0) - p);
      const curvature = w * p * (1 - p);
      runResidual += residual;
      runCurvature += curvature;
      cross0 += curvature * x0;
      cross1 += curvature * x1;
      g0 += residual * x0;
      g1 += residual * x1;
      h00 += curvature * x0 * x0;
      h01 += curvature * x0 * x1;
      h11 += curvature * x1 * x1;
    }
    if (runI >= 0) {
      runCross[0] = cross0;
      runCross[1] = cross1;
      flushRun(gradient, hessian, n, runI, runJ, runResidual, runCurvature, runCross);
    }
    gradient[n] = g0;
    gradient[n + 1] = g1;
    if (hessian) {
      hessian[n * size + n] = h00;
      hessian[n * size + n + 1] = h01;
      hessian[(n + 1) * size + n] = h01;
      hessian[(n + 1) * size + n + 1] = h11;
    }
  } else {
    for (let r = 0; r < count; r += 1) {
      const w = weight[r] ?? 0;
      if (w === 0) continue;
      const i = a[r] ?? 0;
      const j = b[r] ?? 0;
      if (i !== runI || j !== runJ) {
        if (runI >= 0)
          flushRun(gradient, hessian, n, runI, runJ, runResidual, runCurvature, runCross);
        runResidual = 0;
        runCurvature = 0;
        runCross.fill(0);
        runI = i;
        runJ = j;
      }
      let z = (params[i] ?? 0) - (params[j] ?? 0);
      if (style) for (let k = 0; k < f; k += 1) z += (params[n + k] ?? 0) * (style[r * f + k] ?? 0);
      const p = 1 / (1 + Math.exp(-z));
      const residual = w * ((score[r] ?? 0) - p);
      const curvature = w * p * (1 - p);
      runResidual += residual;
      runCurvature += curvature;
      if (!style) continue;
      for (let k = 0; k < f; k += 1) {
        const x = style[r * f + k] ?? 0;
        const sk = n + k;
        runCross[k] = (runCross[k] ?? 0) + curvature * x;
        gradient[sk] = (gradient[sk] ?? 0) + residual * x;
        if (hessian)
          for (let l = 0; l < f; l += 1)
            hessian[sk * size + n + l] =
              (hessian[sk * size + n + l] ?? 0) + curvature * x * (style[r * f + l] ?? 0);
      }
    }
    if (runI >= 0) flushRun(gradient, hessian, n, runI, runJ, runResidual, runCurvature, runCross);
  }
  for (let k = 0; k < size; k += 1) {
    gradient[k] = (gradient[k] ?? 0) - regularization * (params[k] ?? 0);
    if (hessian) hessian[k * size + k] = (hessian[k * size + k] ?? 0) + regularization;
  }
  return { gradient, hessian };
}

/** Adds one pair's summed rows (a = i, b = j) to the gradient and Hessian. */
function flushRun(
  gradient: Float64Array,
  hessian: Float64Array | null,
  n: number,
  i: number,
  j: number,
  residual: number,
  curvature: number,
  cross: Float64Array,
): void {
  const size = gradient.length;
  gradient[i] = (gradient[i] ?? 0) + residual;
  gradient[j] = (gradient[j] ?? 0) - residual;
  if (!hessian) return;
  hessian[i * size + i] = (hessian[i * size + i] ?? 0) + curvature;
  hessian[j * size + j] = (hessian[j * size + j] ?? 0) + curvature;
  hessian[i * size + j] = (hessian[i * size + j] ?? 0) - curvature;
  hessian[j * size + i] = (hessian[j * size + i] ?? 0) - curvature;
  for (let k = 0; k < cross.length; k += 1) {
    const value = cross[k] ?? 0;
    const sk = n + k;
    hessian[i * size + sk] = (hessian[i * size + sk] ?? 0) + value;
    hessian[sk * size + i] = (hessian[sk * size + i] ?? 0) + value;
    hessian[j * size + sk] = (hessian[j * size + sk] ?? 0) - value;
    hessian[sk * size + j] = (hessian[sk * size + j] ?? 0) - value;
  }
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
  return substitute(cholesky(matrix, size), y, size);
}

function cholesky(matrix: Float64Array, size: number): Float64Array {
  const lower = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = matrix[i * size + j] ?? 0;
      for (let k = 0; k < j; k += 1) sum -= (lower[i * size + k] ?? 0) * (lower[j * size + k] ?? 0);
      if (i === j) lower[i * size + i] = Math.sqrt(Math.max(sum, 1e-12));
      else lower[i * size + j] = sum / (lower[j * size + j] ?? 1);
    }
  }
  return lower;
}

/** x with L Lᵀ x = y, L from cholesky(). */
function substitute(lower: Float64Array, y: Float64Array, size: number): Float64Array {
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
