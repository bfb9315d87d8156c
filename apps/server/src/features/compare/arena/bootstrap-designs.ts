import type { Rows } from './logistic-fit';
import { multinomial } from './multinomial';
import { STYLE_FEATURES, type PairTable } from './pairwise-table';

/**
 * The rows the arena's rating fit runs on, and how each bootstrap resample reweights them. Two
 * layouts, because a resample of a million votes must stay cheap: without style covariates the
 * votes collapse to one row per pair of models; with them every row is kept.
 */

/** Votes per block of a style resample's draw (see perRow). */
const VOTE_BLOCK = 4_096;

export interface Design {
  rows: Rows;
  /** Every vote counted once: the full fit. */
  weighEveryVote(): void;
  /**
   * Remembers the full fit. A design that can then sum each resample's log-likelihood gradient
   * at it while drawing the resample (startGradient), which saves the refit a pass over the rows.
   */
  anchor(params: Float64Array): void;
  /** A bootstrap resample: as many votes as there are, drawn with replacement. */
  resample(random: () => number): void;
  /** The last resample's gradient at the anchored fit, or null. */
  startGradient: Float64Array | null;
}

/** Each vote's rows as offsets into one list (compressed rows): vote v has rows[start[v]…]. */
function rowsByVote(table: PairTable): { start: Int32Array; rows: Int32Array } {
  const start = new Int32Array(table.voteCount + 1);
  for (let r = 0; r < table.vote.length; r += 1) {
    const v = table.vote[r] ?? 0;
    start[v + 1] = (start[v + 1] ?? 0) + 1;
  }
  for (let v = 1; v < start.length; v += 1) start[v] = (start[v] ?? 0) + (start[v - 1] ?? 0);
  const next = Int32Array.from(start);
  const rows = new Int32Array(table.vote.length);
  for (let r = 0; r < table.vote.length; r += 1) {
    const v = table.vote[r] ?? 0;
    rows[next[v] ?? 0] = r;
    next[v] = (next[v] ?? 0) + 1;
  }
  return { start, rows };
}

/**
 * Without covariates votes collapse to (a, b, score) cells and then to one row per pair: at most
 * n²/2 rows whatever the votes, and a resample only counts how often each cell is drawn.
 */
export function perCell(table: PairTable): Design {
  const cellOf = new Map<number, number>();
  const cell = new Int32Array(table.a.length);
  const a: number[] = [];
  const b: number[] = [];
  const score: number[] = [];
  const n = table.models.length;
  for (let r = 0; r < table.a.length; r += 1) {
    const s = table.score[r] ?? 0;
    const key = ((table.a[r] ?? 0) * n + (table.b[r] ?? 0)) * 3 + s * 2;
    let c = cellOf.get(key);
    if (c === undefined) {
      c = a.length;
      cellOf.set(key, c);
      a.push(table.a[r] ?? 0);
      b.push(table.b[r] ?? 0);
      score.push(s);
    }
    cell[r] = c;
  }
  // The likelihood of a pair's games depends only on their number and a's total score, so the
  // fit sees one row per pair of models: weight = games, score = a's average.
  const pairOf = new Map<number, number>();
  const cellPair = new Int32Array(a.length);
  /** a's score in the cell as the pair's first model sees it. */
  const cellScore = new Float64Array(a.length);
  const low: number[] = [];
  const high: number[] = [];
  for (let c = 0; c < a.length; c += 1) {
    const i = a[c] ?? 0;
    const j = b[c] ?? 0;
    const key = Math.min(i, j) * n + Math.max(i, j);
    let pair = pairOf.get(key);
    if (pair === undefined) {
      pair = low.length;
      pairOf.set(key, pair);
      low.push(Math.min(i, j));
      high.push(Math.max(i, j));
    }
    cellPair[c] = pair;
    cellScore[c] = i < j ? (score[c] ?? 0) : 1 - (score[c] ?? 0);
  }
  const cellWeight = new Float64Array(a.length);
  const weight = new Float64Array(low.length);
  const pairScore = new Float64Array(low.length);
  const rows: Rows = {
    models: n,
    features: 0,
    a: Int32Array.from(low),
    b: Int32Array.from(high),
    score: pairScore,
    weight,
    style: null,
  };
  const weighPairs = () => {
    weight.fill(0);
    pairScore.fill(0);
    for (let c = 0; c < cellWeight.length; c += 1) {
      const w = cellWeight[c] ?? 0;
      const pair = cellPair[c] ?? 0;
      weight[pair] = (weight[pair] ?? 0) + w;
      pairScore[pair] = (pairScore[pair] ?? 0) + w * (cellScore[c] ?? 0);
    }
    for (let pair = 0; pair < weight.length; pair += 1) {
      const w = weight[pair] ?? 0;
      pairScore[pair] = w > 0 ? (pairScore[pair] ?? 0) / w : 0;
    }
  };
  // A resample draws votes. Two-panel votes of the same cell are alike, so it draws how many
  // of each cell's votes (a binomial chain); votes on more panels (each its own few cells) and
  // votes of one model twice (no cell) are two more categories, whose draws then pick among
  // their votes one by one.
  const byVote = rowsByVote(table);
  const kindOfCell = new Int32Array(cellWeight.length).fill(-1);
  const kindCell: number[] = [];
  const kindVotes: number[] = [];
  const multiVotes: Int32Array[] = [];
  let noCellVotes = 0;
  for (let v = 0; v < table.voteCount; v += 1) {
    const from = byVote.start[v] ?? 0;
    const to = byVote.start[v + 1] ?? 0;
    if (to - from === 0) noCellVotes += 1;
    else if (to - from > 1)
      multiVotes.push(
        Int32Array.from({ length: to - from }, (_, k) => cell[byVote.rows[from + k] ?? 0] ?? 0),
      );
    else {
      const c = cell[byVote.rows[from] ?? 0] ?? 0;
      let kind = kindOfCell[c] ?? -1;
      if (kind < 0) {
        kind = kindCell.length;
        kindOfCell[c] = kind;
        kindCell.push(c);
        kindVotes.push(0);
      }
      kindVotes[kind] = (kindVotes[kind] ?? 0) + 1;
    }
  }
  const cells = kindCell.length;
  // Categories: each cell's two-panel votes, then the multi-panel votes, then the cell-less.
  const sizes = Int32Array.from([...kindVotes, multiVotes.length, noCellVotes]);
  const drawn = new Int32Array(sizes.length);
  const addMulti = (index: number, times: number) => {
    for (const c of multiVotes[index] ?? []) cellWeight[c] = (cellWeight[c] ?? 0) + times;
  };
  const weighKinds = (counts: Int32Array, random: (() => number) | null) => {
    cellWeight.fill(0);
    for (let kind = 0; kind < cells; kind += 1) {
      const c = kindCell[kind] ?? 0;
      cellWeight[c] = (cellWeight[c] ?? 0) + (counts[kind] ?? 0);
    }
    if (random === null) multiVotes.forEach((_, index) => addMulti(index, 1));
    else
      for (let k = counts[cells] ?? 0; k > 0; k -= 1)
        addMulti(Math.floor(random() * multiVotes.length), 1);
    weighPairs();
  };
  return {
    rows,
    startGradient: null,
    anchor() {
      // Cells are few: the refit's own first pass costs less than a gradient kept per draw.
    },
    weighEveryVote() {
      weighKinds(sizes, null);
    },
    resample(random) {
      multinomial(table.voteCount, sizes, drawn, random);
      weighKinds(drawn, random);
    },
  };
}

/**
 * With style covariates every pairwise row is its own row (their covariates differ), ordered by
 * pair so the fit sums each pair's rows in one run. A resample keeps only the rows drawn (about
 * 63% of them), each weighted by how often its vote was drawn.
 */
export function perRow(table: PairTable): Design {
  const n = table.models.length;
  const count = table.a.length;
  const order = byPair(table.a, table.b, n);
  const a = new Int32Array(count);
  const b = new Int32Array(count);
  const score = new Float64Array(count);
  const vote = new Int32Array(count);
  const style = new Float64Array(count * STYLE_FEATURES);
  const source = table.style ?? new Float64Array(count * STYLE_FEATURES);
  // Votes renumbered in row order, so that reading each row's draw count walks the counts
  // forward instead of jumping about a million-entry array.
  const renumbered = new Int32Array(table.voteCount).fill(-1);
  let numbered = 0;
  for (let k = 0; k < count; k += 1) {
    const r = order[k] ?? 0;
    a[k] = table.a[r] ?? 0;
    b[k] = table.b[r] ?? 0;
    score[k] = table.score[r] ?? 0;
    const original = table.vote[r] ?? 0;
    if ((renumbered[original] ?? -1) < 0) {
      renumbered[original] = numbered;
      numbered += 1;
    }
    vote[k] = renumbered[original] ?? 0;
    for (let f = 0; f < STYLE_FEATURES; f += 1)
      style[k * STYLE_FEATURES + f] = source[r * STYLE_FEATURES + f] ?? 0;
  }
  const rows: Rows = {
    models: n,
    features: STYLE_FEATURES,
    a,
    b,
    score,
    weight: new Float64Array(count).fill(1),
    style,
  };
  const drawnA = new Int32Array(count);
  const drawnB = new Int32Array(count);
  const drawnScore = new Float64Array(count);
  const drawnWeight = new Float64Array(count);
  const drawnStyle = new Float64Array(count * STYLE_FEATURES);
  // Times each vote is drawn: 16 bits are enough (a count of 65,536 among a million draws
  // has a probability far below 10⁻¹⁰⁰, and a board of fewer votes cannot reach it).
  const drawn = new Uint16Array(table.voteCount);
  const blockSizes = Int32Array.from(
    { length: Math.ceil(table.voteCount / VOTE_BLOCK) },
    (_, block) => Math.min(VOTE_BLOCK, table.voteCount - block * VOTE_BLOCK),
  );
  const blockDrawn = new Int32Array(blockSizes.length);
  /** Each row's chance of a's win under the anchored fit. */
  let anchored: Float64Array | null = null;
  const design: Design = {
    rows,
    startGradient: null,
    anchor(params) {
      anchored = new Float64Array(count);
      const beta0 = params[n] ?? 0;
      const beta1 = params[n + 1] ?? 0;
      for (let r = 0; r < count; r += 1) {
        const z =
          (params[a[r] ?? 0] ?? 0) -
          (params[b[r] ?? 0] ?? 0) +
          beta0 * (style[2 * r] ?? 0) +
          beta1 * (style[2 * r + 1] ?? 0);
        anchored[r] = 1 / (1 + Math.exp(-z));
      }
      design.startGradient = new Float64Array(n + STYLE_FEATURES);
    },
    weighEveryVote() {
      Object.assign(rows, { a, b, score, style, weight: new Float64Array(count).fill(1) });
    },
    resample(random) {
      // How many draws land in each block of votes (a multinomial), then where in the block:
      // every draw still picks one vote uniformly, but its write stays within 8 KB.
      drawn.fill(0);
      multinomial(table.voteCount, blockSizes, blockDrawn, random);
      for (let block = 0; block < blockSizes.length; block += 1) {
        const base = block * VOTE_BLOCK;
        const size = blockSizes[block] ?? 0;
        for (let k = blockDrawn[block] ?? 0; k > 0; k -= 1) {
          const v = base + Math.floor(random() * size);
          drawn[v] = (drawn[v] ?? 0) + 1;
        }
      }
      let kept = 0;
      const gradient = design.startGradient;
      const chance = anchored;
      gradient?.fill(0);
      let g0 = 0;
      let g1 = 0;
      for (let r = 0; r < count; r += 1) {
        const times = drawn[vote[r] ?? 0] ?? 0;
        if (times === 0) continue;
        const i = a[r] ?? 0;
        const j = b[r] ?? 0;
        const x0 = style[2 * r] ?? 0;
        const x1 = style[2 * r + 1] ?? 0;
        drawnA[kept] = i;
        drawnB[kept] = j;
        drawnScore[kept] = score[r] ?? 0;
        drawnWeight[kept] = times;
        drawnStyle[2 * kept] = x0;
        drawnStyle[2 * kept + 1] = x1;
        kept += 1;
        if (gradient && chance) {
          const residual = times * ((score[r] ?? 0) - (chance[r] ?? 0));
          gradient[i] = (gradient[i] ?? 0) + residual;
          gradient[j] = (gradient[j] ?? 0) - residual;
          g0 += residual * x0;
          g1 += residual * x1;
        }
      }
      if (gradient) {
        gradient[n] = g0;
        gradient[n + 1] = g1;
      }
      rows.a = drawnA.subarray(0, kept);
      rows.b = drawnB.subarray(0, kept);
      rows.score = drawnScore.subarray(0, kept);
      rows.weight = drawnWeight.subarray(0, kept);
      rows.style = drawnStyle.subarray(0, kept * STYLE_FEATURES);
    },
  };
  return design;
}

/** Row indices ordered by (a, b): a counting sort, linear in the rows. */
function byPair(a: Int32Array, b: Int32Array, models: number): Int32Array {
  const starts = new Int32Array(models * models + 1);
  for (let r = 0; r < a.length; r += 1) {
    const key = (a[r] ?? 0) * models + (b[r] ?? 0);
    starts[key + 1] = (starts[key + 1] ?? 0) + 1;
  }
  for (let k = 1; k < starts.length; k += 1) starts[k] = (starts[k] ?? 0) + (starts[k - 1] ?? 0);
  const order = new Int32Array(a.length);
  for (let r = 0; r < a.length; r += 1) {
    const key = (a[r] ?? 0) * models + (b[r] ?? 0);
    const at = starts[key] ?? 0;
    order[at] = r;
    starts[key] = at + 1;
  }
  return order;
}
