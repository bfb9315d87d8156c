import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatMs, percentile, printTable, sleep, withDeadline } from '../lib/stats';
import { startBenchServer, type BenchServer } from './server-launch';
import { postgresBackend, sqliteBackend, type Backend } from './chat-backends';
import type { PathResult } from './stream-analysis';
import { runDirect, runServer, type Knobs } from './stream-runs';
import { startUpstreamProcess, type UpstreamProcess } from './upstream-process';
import { pinHarness } from './cpu-pinning';

/**
 * Fifty users pressing send at once: N streams started within 50 ms, direct to the sim (the
 * floor) and through the server, interleaved round by round so both share the machine's noise.
 * Flags: --streams=N (50), --rounds=R (3), --steady (each round also runs the chat bench's
 * 50-stream steady scenario: starts over 1 s, 120 tokens), --backend=sqlite|postgres,
 * --profile (server --cpu-prof into bench/chat/profiles), --loop (event-loop delay of the
 * server per server phase, printed by a preloaded probe), --trace-gc (the server's GC lines),
 * --pin (as in server-streams.bench.ts).
 */
const args = process.argv.slice(2);
const flags = new Set(args);
function numberFlag(name: string, fallback: number): number {
  const raw = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return raw === undefined ? fallback : Number(raw);
}
const STREAMS = numberFlag('streams', 50);
const ROUNDS = numberFlag('rounds', 3);
const steady = flags.has('--steady');
const profile = flags.has('--profile');
const loop = flags.has('--loop');
const traceGc = flags.has('--trace-gc');
const pin = flags.has('--pin');
const onlyBackend = args.find((f) => f.startsWith('--backend='))?.slice('--backend='.length);

const BURST: Knobs = { ttft: 50, tps: 30, tokens: 60 };
const BURST_RAMP_MS = 50;
const STEADY: Knobs = { ttft: 50, tps: 30, tokens: 120 };
const STEADY_STREAMS = 50;
const STEADY_RAMP_MS = 1_000;
const PROFILE_DIR = fileURLToPath(new URL('./profiles', import.meta.url));
const LOOP_PROBE = fileURLToPath(new URL('./loop-probe.ts', import.meta.url));

const rows: Array<Record<string, string | number>> = [];

function addedRow(
  backend: string,
  scenario: string,
  round: string,
  server: PathResult,
  direct: PathResult,
): Record<string, string | number> {
  const added = (p: number): number => percentile(server.tokenLatencyMs, p) - percentile(direct.tokenLatencyMs, p);
  const addedP99 = added(99);
  const floorP99 = percentile(direct.tokenLatencyMs, 99);
  return {
    backend,
    scenario,
    round,
    'floor p99': formatMs(floorP99),
    'server p99': formatMs(percentile(server.tokenLatencyMs, 99)),
    'added p50': formatMs(added(50)),
    'added p99': formatMs(addedP99),
    'added max': formatMs(added(100)),
    'server/floor p99': (percentile(server.tokenLatencyMs, 99) / floorP99).toFixed(2),
    'ttft floor p50/p99': `${formatMs(percentile(direct.ttftMs, 50))} / ${formatMs(percentile(direct.ttftMs, 99))}`,
    'ttft added p50/p99': `${formatMs(percentile(server.ttftMs, 50) - percentile(direct.ttftMs, 50))} / ${formatMs(percentile(server.ttftMs, 99) - percentile(direct.ttftMs, 99))}`,
    broken: server.broken + direct.broken,
  };
}

function pooled(results: PathResult[]): PathResult {
  const first = results[0];
  if (!first) throw new Error('no rounds');
  return {
    ...first,
    streams: results.reduce((n, r) => n + r.streams, 0),
    ttftMs: results.flatMap((r) => r.ttftMs),
    tokenLatencyMs: results.flatMap((r) => r.tokenLatencyMs),
    broken: results.reduce((n, r) => n + r.broken, 0),
  };
}

/** Brackets one server phase for the loop probe (its output goes to the server's stderr). */
function markLoop(server: BenchServer): void {
  if (loop) process.kill(server.pid, 'SIGUSR2');
}

async function scenario(
  server: BenchServer,
  upstream: UpstreamProcess,
  label: string,
  count: number,
  knobs: Knobs,
  rampMs: number,
): Promise<[PathResult, PathResult]> {
  const deadline = 60_000 + (knobs.tokens / knobs.tps) * 1000;
  const direct = await withDeadline(`direct ${label}`, deadline, runDirect(upstream.simUrl, count, knobs, rampMs, upstream));
  await sleep(300);
  markLoop(server);
  const served = await withDeadline(`server ${label}`, deadline, runServer(server, upstream, count, knobs, rampMs));
  if (loop) console.log(`  (loop probe: server ${label})`);
  markLoop(server);
  await sleep(300);
  return [direct, served.result];
}

async function benchBackend(backend: Backend, upstream: UpstreamProcess): Promise<void> {
  const nodeArgs: string[] = [];
  if (profile) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`);
  }
  if (traceGc) nodeArgs.push('--trace-gc');
  if (loop) nodeArgs.push('--import', 'tsx', '--import', LOOP_PROBE);
  const server = await startBenchServer(
    {
      ...backend.env,
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: `${upstream.simUrl}/v1`,
      VISITOR_DAILY_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
    },
    nodeArgs,
    pin ? '0' : undefined,
  );
  try {
    console.log(`\n[${backend.name}] server pid ${server.pid}; warming up`);
    await withDeadline('warm-up', 60_000, runServer(server, upstream, 20, { ttft: 5, tps: 500, tokens: 30 }, 0));
    await withDeadline('warm-up direct', 30_000, runDirect(upstream.simUrl, 20, { ttft: 5, tps: 500, tokens: 30 }, 0, upstream));
    const bursts: Array<[PathResult, PathResult]> = [];
    const steadies: Array<[PathResult, PathResult]> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`[${backend.name}] round ${round}: burst of ${STREAMS}${steady ? ', steady 50' : ''}`);
      const burst = await scenario(server, upstream, `burst ${round}`, STREAMS, BURST, BURST_RAMP_MS);
      bursts.push(burst);
      rows.push(addedRow(backend.name, `burst ×${STREAMS}`, String(round), burst[1], burst[0]));
      if (steady) {
        const flowing = await scenario(server, upstream, `steady ${round}`, STEADY_STREAMS, STEADY, STEADY_RAMP_MS);
        steadies.push(flowing);
        rows.push(addedRow(backend.name, `steady ×${STEADY_STREAMS}`, String(round), flowing[1], flowing[0]));
      }
    }
    const all = (runs: Array<[PathResult, PathResult]>): [PathResult, PathResult] => [
      pooled(runs.map(([direct]) => direct)),
      pooled(runs.map(([, served]) => served)),
    ];
    const [burstDirect, burstServer] = all(bursts);
    rows.push(addedRow(backend.name, `burst ×${STREAMS}`, 'all', burstServer, burstDirect));
    if (steadies.length > 0) {
      const [steadyDirect, steadyServer] = all(steadies);
      rows.push(addedRow(backend.name, `steady ×${STEADY_STREAMS}`, 'all', steadyServer, steadyDirect));
    }
  } finally {
    await server.stop();
    await backend.dispose();
  }
}

const unpin = pin ? pinHarness('1') : () => {};
const upstream = await startUpstreamProcess();
try {
  const backends: Array<() => Backend | Promise<Backend>> = [];
  if (onlyBackend !== 'postgres') backends.push(sqliteBackend);
  if (onlyBackend !== 'sqlite') backends.push(postgresBackend);
  for (const make of backends) {
    const backend = await make();
    try {
      await benchBackend(backend, upstream);
    } catch (error) {
      console.log(`[${backend.name}] aborted: ${error instanceof Error ? error.message : String(error)}`);
      rows.push({ backend: backend.name, scenario: 'ABORTED' });
    }
  }
} finally {
  upstream.stop();
  unpin();
}

printTable(
  'Per-token latency added over the direct-upstream floor of the same round (ms; sim emit → client receive), and TTFT',
  rows,
);
if (profile) console.log(`\nCPU profiles: ${PROFILE_DIR}`);
