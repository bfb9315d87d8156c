/**
 * Server start: spawn → first 200 from /api/v1/health (wall time, and the CPU time the server's
 * processes used until then, which a busy machine disturbs far less), and the RSS of those
 * processes right then and after an idle spell, for each way of running the server:
 * - `tsx CLI`: `tsx --no-memory-reducer src/main.ts`, what `npm start` ran before it ran the build
 *   (the CLI is a node process that runs the server in a second one; RSS counts both);
 * - `node --import tsx`: the source under tsx's loader in one process (tests, benches);
 * - `compiled`: `npm start`'s command, `node --no-memory-reducer dist/main.js`.
 * Each run gets a fresh SQLite data folder (so migrations run, as on a first start). Rounds
 * alternate the variants so the machine's background load falls on all of them alike; a first
 * round, discarded, warms the disk cache and tsx's transform cache.
 *
 *   node --import tsx bench/server/start.bench.ts [--runs=5] [--idle-seconds=30]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { bundleServer, SERVER_DIR } from '../../apps/server/scripts/bundle-server';
import { freePort } from '../../apps/server/test/server-process';
import { startScriptFlags } from '../chat/server-launch';
import { nowMs, percentile, printTable, sleep } from '../lib/stats';
import { treeCpuMs, treeRssBytes } from './process-tree';

const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
const START_DEADLINE_MS = 60_000;
const HEALTH_POLL_MS = 10;

function numericFlag(name: string, fallback: number): number {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return value === undefined ? fallback : Number(value);
}
const RUNS = numericFlag('runs', 5);
const IDLE_MS = numericFlag('idle-seconds', 30) * 1000;

interface Variant {
  name: string;
  args: string[];
}

const flags = startScriptFlags();
const VARIANTS: readonly Variant[] = [
  { name: 'tsx CLI (before)', args: [TSX_CLI, ...flags, 'src/main.ts'] },
  { name: 'node --import tsx', args: [...flags, '--import', 'tsx', 'src/main.ts'] },
  { name: 'compiled (npm start)', args: [...flags, 'dist/main.js'] },
];

interface Sample {
  readyMs: number;
  cpuMs: number;
  rssStartMb: number;
  rssIdleMb: number;
}

async function waitForHealth(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (exited()) throw new Error('server exited before answering /api/v1/health');
    if (Date.now() > deadline) throw new Error('server did not answer /api/v1/health in time');
    const ok = await fetch(url).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(HEALTH_POLL_MS);
  }
}

async function measure(variant: Variant): Promise<Sample> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-bench-start-'));
  const started = nowMs();
  const child = spawn(process.execPath, variant.args, {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exit = once(child, 'exit');
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, () => child.exitCode !== null);
    const readyMs = nowMs() - started;
    const pid = child.pid ?? 0;
    const cpuMs = treeCpuMs(pid);
    const rssStartMb = treeRssBytes(pid) / 2 ** 20;
    await sleep(IDLE_MS);
    const rssIdleMb = treeRssBytes(pid) / 2 ** 20;
    return { readyMs, cpuMs, rssStartMb, rssIdleMb };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exit;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function summary(values: number[]): string {
  const fixed = (v: number) => v.toFixed(0);
  return `${fixed(percentile(values, 50))} (${fixed(Math.min(...values))}–${fixed(Math.max(...values))})`;
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
await bundleServer();
console.log(`load average at the start: ${loadAverage()}`);
const samples = new Map<string, Sample[]>(VARIANTS.map((v) => [v.name, []]));
for (let round = 0; round <= RUNS; round += 1) {
  for (const variant of VARIANTS) {
    const sample = await measure(variant);
    if (round === 0) continue;
    samples.get(variant.name)?.push(sample);
    console.log(
      `round ${round} ${variant.name}: ready ${sample.readyMs.toFixed(0)} ms, CPU ${sample.cpuMs.toFixed(0)} ms, RSS ${sample.rssStartMb.toFixed(1)} → ${sample.rssIdleMb.toFixed(1)} MB`,
    );
  }
}

console.log(`load average at the end: ${loadAverage()}`);
printTable(
  `Server start, ${RUNS} runs each, median (min–max); idle ${IDLE_MS / 1000} s`,
  VARIANTS.map((variant) => {
    const runs = samples.get(variant.name) ?? [];
    return {
      variant: variant.name,
      'spawn → health 200 ms': summary(runs.map((s) => s.readyMs)),
      'CPU until then ms': summary(runs.map((s) => s.cpuMs)),
      'RSS at start MB': summary(runs.map((s) => s.rssStartMb)),
      'RSS after idle MB': summary(runs.map((s) => s.rssIdleMb)),
    };
  }),
);
