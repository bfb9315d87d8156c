import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
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
 * Flags: --streams=N (50), --ramp=MS (50: the window the burst starts in), --tokens=N (60 per
 * answer), --rounds=R (3), --steady (each round also runs the chat bench's
 * 50-stream steady scenario: starts over 1 s, 120 tokens), --backend=sqlite|postgres,
 * --profile (server --cpu-prof into bench/chat/profiles), --loop (event-loop delay of the
 * server per server phase, printed by a preloaded probe), --trace-gc (the server's GC lines),
 * --pin (as in server-streams.bench.ts), --baseline=DIR (a second server from another checkout's
 * apps/server, e.g. the code before a change, run in the same rounds: rows "before" / "after";
 * on PostgreSQL it uses the database BENCH_PG_DATABASE + "_base" when BENCH_PG_DATABASE is set),
 * --cold-connections (each send on a new TCP connection, not the keep-alive one its client
 * opened with the chat screen's GET /api/v1/models, as a browser's send is).
 */
const args = process.argv.slice(2);
const flags = new Set(args);
function numberFlag(name: string, fallback: number): number {
  const raw = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return raw === undefined ? fallback : Number(raw);
}
const STREAMS = numberFlag('streams', 50);
const ROUNDS = numberFlag('rounds', 3);
/** The window the burst's sends start in: 50 ms for "at once", 2000 for 1,000 sends within 2 s. */
const BURST_RAMP_MS = numberFlag('ramp', 50);
const steady = flags.has('--steady');
const profile = flags.has('--profile');
const loop = flags.has('--loop');
const traceGc = flags.has('--trace-gc');
const pin = flags.has('--pin');
const coldConnections = flags.has('--cold-connections');
const onlyBackend = args.find((f) => f.startsWith('--backend='))?.slice('--backend='.length);
const baselineArg = args.find((f) => f.startsWith('--baseline='))?.slice('--baseline='.length);
const baselineDir = baselineArg === undefined ? undefined : `${resolve(baselineArg)}/`;

/** --tokens=N: the answer's length; a short one makes a large burst a test of the sends. */
const BURST: Knobs = { ttft: 50, tps: 30, tokens: numberFlag('tokens', 60) };
const STEADY: Knobs = { ttft: 50, tps: 30, tokens: 120 };
/**
 * Discarded bursts of the measured shape, short answers, through every path before the first
 * round: a process that has served such a burst in the last minute, its code compiled and its
 * connections (to its clients and to the upstream) open, as the later rounds find it.
 */
const WARM_UP: Knobs = { ttft: 5, tps: 500, tokens: 30 };
/**
 * On PostgreSQL a server's first two bursts store their turns 2–4 times slower than later ones
 * (a fresh pool's backends; transaction bodies 12–30 ms against ~6), so one warm-up burst left
 * the first round as the outlier of most runs. Two warm every backend on both databases.
 */
const WARM_UP_BURSTS = 2;
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
  cpuMsPerStream: number | null = null,
): Record<string, string | number> {
  const added = (p: number): number =>
    percentile(server.tokenLatencyMs, p) - percentile(direct.tokenLatencyMs, p);
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
    'ttft added in / out p50': `${formatMs(percentile(server.firstEmitMs, 50) - percentile(direct.firstEmitMs, 50))} / ${formatMs(percentile(server.firstTokenLatencyMs, 50) - percentile(direct.firstTokenLatencyMs, 50))}`,
    'ttft added in / out p99': `${formatMs(percentile(server.firstEmitMs, 99) - percentile(direct.firstEmitMs, 99))} / ${formatMs(percentile(server.firstTokenLatencyMs, 99) - percentile(direct.firstTokenLatencyMs, 99))}`,
    'server CPU ms/stream': cpuMsPerStream === null ? '' : cpuMsPerStream.toFixed(2),
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
    firstEmitMs: results.flatMap((r) => r.firstEmitMs),
    firstTokenLatencyMs: results.flatMap((r) => r.firstTokenLatencyMs),
    tokenLatencyMs: results.flatMap((r) => r.tokenLatencyMs),
    broken: results.reduce((n, r) => n + r.broken, 0),
  };
}

/** Brackets one server phase for the loop probe (its output goes to the server's stderr). */
function markLoop(server: BenchServer): void {
  if (loop) process.kill(server.pid, 'SIGUSR2');
}

interface Variant {
  label: string;
  server: BenchServer;
  backend: Backend;
  bursts: PathResult[];
  steadies: PathResult[];
  /** Server CPU ms per stream (send included) of each burst. */
  burstCpu: number[];
}

async function served(
  variant: Variant,
  upstream: UpstreamProcess,
  label: string,
  count: number,
  knobs: Knobs,
  rampMs: number,
): Promise<{ result: PathResult; cpuMsPerStream: number }> {
  await sleep(300);
  markLoop(variant.server);
  const run = await withDeadline(
    `${variant.label} ${label}`,
    60_000 + (knobs.tokens / knobs.tps) * 1000,
    runServer(variant.server, upstream, count, knobs, rampMs, coldConnections),
  );
  if (loop)
    console.log(
      `  (loop probe above: ${variant.label} ${label}; server CPU µs/token ${run.serverCpuUsPerToken.toFixed(0)})`,
    );
  markLoop(variant.server);
  return {
    result: run.result,
    cpuMsPerStream: (run.serverCpuUsPerToken * run.result.tokensReceived) / 1000 / count,
  };
}

async function startVariant(
  label: string,
  backend: Backend,
  upstream: UpstreamProcess,
  serverDir: string | undefined,
): Promise<Variant> {
  const nodeArgs: string[] = [];
  if (profile) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    nodeArgs.push(
      '--cpu-prof',
      `--cpu-prof-dir=${PROFILE_DIR}`,
      `--cpu-prof-name=${label}-${Date.now()}.cpuprofile`,
    );
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
    serverDir,
  );
  console.log(`[${backend.name}] ${label}: server pid ${server.pid}; warming up`);
  for (let burst = 0; burst < WARM_UP_BURSTS; burst++)
    await withDeadline(
      'warm-up',
      60_000,
      runServer(server, upstream, STREAMS, WARM_UP, BURST_RAMP_MS, coldConnections),
    );
  return { label, server, backend, bursts: [], steadies: [], burstCpu: [] };
}

async function benchBackend(
  makeBackend: (baseline: boolean) => Backend | Promise<Backend>,
  upstream: UpstreamProcess,
): Promise<void> {
  const variants: Variant[] = [];
  try {
    variants.push(
      await startVariant(
        baselineDir ? 'after' : 'server',
        await makeBackend(false),
        upstream,
        undefined,
      ),
    );
    if (baselineDir)
      variants.push(await startVariant('before', await makeBackend(true), upstream, baselineDir));
    const name = variants[0]?.backend.name ?? '';
    for (const url of [upstream.simUrl, upstream.floorUrl])
      await withDeadline(
        'warm-up direct',
        30_000,
        runDirect(url, STREAMS, WARM_UP, BURST_RAMP_MS, upstream),
      );
    const directBursts: PathResult[] = [];
    const proxyBursts: PathResult[] = [];
    const directSteadies: PathResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`[${name}] round ${round}: burst of ${STREAMS}${steady ? ', steady 50' : ''}`);
      // Alternate which server goes first, so neither always runs right after the floor.
      const order = round % 2 === 0 ? [...variants].reverse() : variants;
      const phase = async (
        kind: 'burst' | 'steady',
        count: number,
        knobs: Knobs,
        rampMs: number,
      ): Promise<PathResult> => {
        const direct = await withDeadline(
          `direct ${kind} ${round}`,
          90_000,
          runDirect(upstream.simUrl, count, knobs, rampMs, upstream),
        );
        if (kind === 'burst') {
          // The same burst through the bare pass-through proxy: the cost of one more local
          // hop on this machine, the floor the server's added figures are read against.
          const proxied = await withDeadline(
            `bare proxy ${kind} ${round}`,
            90_000,
            runDirect(upstream.floorUrl, count, knobs, rampMs, upstream),
          );
          proxyBursts.push(proxied);
          rows.push(addedRow(name, `bare proxy ${kind} ×${count}`, String(round), proxied, direct));
        }
        for (const variant of order) {
          const { result, cpuMsPerStream } = await served(
            variant,
            upstream,
            `${kind} ${round}`,
            count,
            knobs,
            rampMs,
          );
          (kind === 'burst' ? variant.bursts : variant.steadies).push(result);
          if (kind === 'burst') variant.burstCpu.push(cpuMsPerStream);
          rows.push(
            addedRow(
              name,
              `${variant.label} ${kind} ×${count}`,
              String(round),
              result,
              direct,
              cpuMsPerStream,
            ),
          );
        }
        return direct;
      };
      directBursts.push(await phase('burst', STREAMS, BURST, BURST_RAMP_MS));
      if (steady)
        directSteadies.push(await phase('steady', STEADY_STREAMS, STEADY, STEADY_RAMP_MS));
    }
    rows.push(
      addedRow(
        name,
        `bare proxy burst ×${STREAMS}`,
        'all',
        pooled(proxyBursts),
        pooled(directBursts),
      ),
    );
    for (const variant of variants) {
      rows.push(
        addedRow(
          name,
          `${variant.label} burst ×${STREAMS}`,
          'all',
          pooled(variant.bursts),
          pooled(directBursts),
          variant.burstCpu.reduce((a, b) => a + b, 0) / Math.max(1, variant.burstCpu.length),
        ),
      );
      if (steady)
        rows.push(
          addedRow(
            name,
            `${variant.label} steady ×${STEADY_STREAMS}`,
            'all',
            pooled(variant.steadies),
            pooled(directSteadies),
          ),
        );
    }
  } finally {
    for (const variant of variants) {
      await variant.server.stop();
      await variant.backend.dispose();
    }
  }
}

const unpin = pin ? pinHarness('1') : () => {};
const upstream = await startUpstreamProcess();
try {
  const backends: Array<[string, (baseline: boolean) => Backend | Promise<Backend>]> = [];
  if (onlyBackend !== 'postgres') backends.push(['SQLite + memory bus', () => sqliteBackend()]);
  if (onlyBackend !== 'sqlite') {
    const own = process.env.BENCH_PG_DATABASE;
    backends.push([
      'PostgreSQL + Redis',
      (baseline) => postgresBackend(own !== undefined && baseline ? `${own}_base` : own),
    ]);
  }
  for (const [name, make] of backends) {
    try {
      await benchBackend(make, upstream);
    } catch (error) {
      console.log(`[${name}] aborted: ${error instanceof Error ? error.message : String(error)}`);
      rows.push({ backend: name, scenario: 'ABORTED' });
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
