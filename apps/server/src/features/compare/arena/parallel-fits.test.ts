import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warningsLog } from '../../../../test/warnings-log';
import { mulberry32, rateTable, type ArenaRatings } from './arena-ratings';
import { fitInParallel, type FitJob } from './parallel-fits';
import { buildPairTable, type ArenaVote } from './pairwise-table';

/** Votes over 6 models with style, some on three panels, some ties. */
function votes(count: number, seed: number): ArenaVote[] {
  const random = mulberry32(seed);
  const models = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5'];
  return Array.from({ length: count }, () => {
    const panels = random() < 0.1 ? 3 : 2;
    const chosen = models.filter(() => random() < 0.5).slice(0, panels);
    while (chosen.length < 2) chosen.push(models[chosen.length + 3] ?? 'm5');
    const tie = random() < 0.1;
    return {
      models: chosen,
      outcome: tie ? 'tie' : 'panel',
      winner: tie ? null : Math.floor(random() * chosen.length),
      style: chosen.map((): [number, number] => [Math.floor(random() * 3000), 3]),
    };
  });
}

type Key = { board: number; style: boolean };
const BOARDS = [votes(400, 1), votes(250, 2), votes(120, 3)];
const JOBS: FitJob<Key>[] = BOARDS.flatMap((_, board) =>
  [true, false].map((style) => ({ key: { board, style }, options: { style, rounds: 20 } })),
);
const tableOf = ({ board, style }: Key) => buildPairTable(BOARDS[board] ?? [], style);
const expected = JOBS.map((job) => rateTable(tableOf(job.key), job.options));

async function fitAll(workers: number, workerUrl?: URL) {
  const { log, warnings } = warningsLog();
  const results = new Map<string, ArenaRatings>();
  const { workers: started } = await fitInParallel(JOBS, {
    workers,
    ...(workerUrl ? { workerUrl } : {}),
    tableOf,
    onFitted: (key, ratings) => results.set(`${key.board}:${key.style}`, ratings),
    pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
    log,
  });
  // pino writes asynchronously to a stream: let it flush.
  await new Promise<void>((resolve) => setImmediate(resolve));
  return {
    ordered: JOBS.map((job) => results.get(`${job.key.board}:${job.key.style}`)),
    warnings,
    started,
  };
}

describe('fitInParallel', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parallax-fit-worker-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives on two worker threads exactly what the fits give on this thread', async () => {
    const { ordered, warnings, started } = await fitAll(2);
    expect(started).toBe(2);
    expect(warnings).toEqual([]);
    expect(ordered).toEqual(expected);
    expect(ordered[0]?.ratings.length).toBe(6);
  });

  it('starts no more workers than there are fits', async () => {
    const { ordered, started } = await fitAll(JOBS.length + 3);
    expect(started).toBe(JOBS.length);
    expect(ordered).toEqual(expected);
  });

  it('fits in-process with no workers', async () => {
    const { ordered, warnings } = await fitAll(0);
    expect(warnings).toEqual([]);
    expect(ordered).toEqual(expected);
  });

  it('falls back to this thread, with a warning, when a worker cannot start', async () => {
    const missing = pathToFileURL(path.join(dir, 'no-such-worker.mjs'));
    const { ordered, warnings } = await fitAll(2, missing);
    expect(ordered).toEqual(expected);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/fit worker failed/);
  });

  it('falls back to this thread, with a warning, when a worker dies during a fit', async () => {
    const crashing = path.join(dir, 'crashing-worker.mjs');
    fs.writeFileSync(
      crashing,
      "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\n",
    );
    const { ordered, warnings } = await fitAll(1, pathToFileURL(crashing));
    expect(ordered).toEqual(expected);
    expect(warnings).toEqual(['arena fit worker failed; fitting its remaining boards in-process']);
  });
});
