import { performance } from 'node:perf_hooks';
import { mulberry32, rateArena } from '../../apps/server/src/features/compare/arena/arena-ratings';
import type { ArenaVote } from '../../apps/server/src/features/compare/arena/pairwise-table';
import { formatMs, printTable } from '../lib/stats';

/**
 * The arena's board computation at scale: 1,000,000 votes over 100 models (two panels, ties and
 * "both bad" included, answer lengths and markdown counts for style control), fitted by
 * Bradley–Terry with 100 bootstrap rounds, without and with style control. `--quick`: 100,000.
 */
const quick = process.argv.includes('--quick');
const VOTES = quick ? 100_000 : 1_000_000;
const MODELS = 100;

function simulate(count: number): ArenaVote[] {
  const random = mulberry32(7);
  const strength = Array.from({ length: MODELS }, (_, i) => (i - MODELS / 2) / 25);
  const verbosity = Array.from({ length: MODELS }, () => 500 + random() * 3000);
  const names = strength.map((_, i) => `model-${String(i).padStart(3, '0')}`);
  const votes: ArenaVote[] = [];
  for (let k = 0; k < count; k += 1) {
    const i = Math.floor(random() * MODELS);
    let j = Math.floor(random() * (MODELS - 1));
    if (j >= i) j += 1;
    const p = 1 / (1 + Math.exp((strength[j] ?? 0) - (strength[i] ?? 0)));
    const u = random();
    const style: [number, number][] = [i, j].map((m) => [
      Math.round((verbosity[m] ?? 1000) * (0.5 + random())),
      Math.floor(random() * 12),
    ]);
    const models = [names[i] ?? '', names[j] ?? ''];
    if (u < p * 0.85) votes.push({ models, outcome: 'panel', winner: 0, style });
    else if (u < p * 0.85 + 0.1) votes.push({ models, outcome: 'tie', winner: null, style });
    else if (u < p * 0.85 + 0.15) votes.push({ models, outcome: 'all_bad', winner: null, style });
    else votes.push({ models, outcome: 'panel', winner: 1, style });
  }
  return votes;
}

function time<T>(work: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = work();
  return { result, ms: performance.now() - start };
}

const votes = simulate(VOTES);
const plain = time(() => rateArena(votes));
const styled = time(() => rateArena(votes, { style: true }));
const widest = (r: typeof plain.result) =>
  `${Math.max(...r.ratings.map((x) => x.ciHigh - x.ciLow)).toFixed(1)} pts`;
printTable(`Arena board computation (${VOTES} votes, ${MODELS} models, 100 bootstrap rounds)`, [
  { board: 'plain', ms: formatMs(plain.ms), widest_interval: widest(plain.result) },
  { board: 'style-controlled', ms: formatMs(styled.ms), widest_interval: widest(styled.result) },
]);
