import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatMs, percentile, printTable, withDeadline } from '../lib/stats';
import { startBenchServer } from './server-launch';
import { postgresBackend, sqliteBackend, type Backend } from './chat-backends';
import { latencyBySecond, type PathResult } from './stream-analysis';
import { runDirect, runServer, type Knobs } from './stream-runs';
import { startUpstreamProcess, type UpstreamProcess } from './upstream-process';
import { pinHarness } from './cpu-pinning';

/**
 * Chat streaming A/B: the same provider-sim answers called directly, through a bare proxy (the
 * floor) and through the Parallax server's websocket, on SQLite and on PostgreSQL + Redis.
 * Flags: --quick (shorter streams), --profile (server CPU profile into bench/chat/profiles),
 * --backend=sqlite|postgres (one backend only).
 */
const flags = new Set(process.argv.slice(2));
const quick = flags.has('--quick');
const profile = flags.has('--profile');
const onlyBackend = [...flags].find((f) => f.startsWith('--backend='))?.slice('--backend='.length);
/**
 * --pin: the server alone on CPU 0, this process, the sim, PostgreSQL and Redis on CPU 1, as when
 * the load comes from other machines. Unpinned, the harness competes with the server for both cores.
 */
const pin = flags.has('--pin');
const SERVER_CPUS = '0';
const HARNESS_CPUS = '1';

const SMALL: Knobs = { ttft: 50, tps: 30, tokens: quick ? 60 : 120 };
const LARGE: Knobs = { ttft: 50, tps: 30, tokens: quick ? 120 : 300 };
const SMALL_STREAMS = 50;
const LARGE_STREAMS = Number([...flags].find((f) => f.startsWith('--streams='))?.slice(10) ?? 1000);
/**
 * Starting every send in the same millisecond measures a thundering herd with token bursts in
 * lockstep, not concurrent streaming: starts are spread (the same way on every path of the A/B).
 */
const SMALL_RAMP_MS = 1_000;
const LARGE_RAMP_MS = 2_000;
const PROFILE_DIR = fileURLToPath(new URL('./profiles', import.meta.url));

const ttftRows: Array<Record<string, string | number>> = [];
const tokenRows: Array<Record<string, string | number>> = [];
const memoryRows: Array<Record<string, string | number>> = [];
const timelines: Array<[string, Array<Record<string, string | number>>]> = [];

function verdict(value: number, target: number): string {
  return Number.isFinite(value) ? (value <= target ? 'pass' : 'MISS') : 'n/a';
}

function recordTtft(
  backend: string,
  path: string,
  r: PathResult,
  direct: PathResult,
  target: boolean,
): void {
  const p50 = percentile(r.ttftMs, 50);
  const p99 = percentile(r.ttftMs, 99);
  const added50 = p50 - percentile(direct.ttftMs, 50);
  const added99 = p99 - percentile(direct.ttftMs, 99);
  ttftRows.push({
    backend,
    path,
    streams: r.streams,
    'ttft p50': formatMs(p50),
    'ttft p99': formatMs(p99),
    'added p50': formatMs(added50),
    'added p99': formatMs(added99),
    'target (5 / 15)': target ? `${verdict(added50, 5)} / ${verdict(added99, 15)}` : '',
  });
}

function recordTokens(
  backend: string,
  path: string,
  r: PathResult,
  direct: PathResult,
  target: number | undefined,
): void {
  const p99 = percentile(r.tokenLatencyMs, 99);
  tokenRows.push({
    backend,
    path,
    streams: r.streams,
    'tokens sent': r.tokensSent,
    received: r.tokensReceived,
    'broken streams': r.broken,
    'p50 ms': formatMs(percentile(r.tokenLatencyMs, 50)),
    'p99 ms': formatMs(p99),
    'max ms': formatMs(percentile(r.tokenLatencyMs, 100)),
    'added p99': formatMs(p99 - percentile(direct.tokenLatencyMs, 99)),
    target:
      target === undefined
        ? ''
        : `${verdict(p99, target)} (≤ ${target})${r.broken > 0 ? ' LOST' : ''}`,
  });
  if (r.firstError) console.log(`  ${backend} ${path}: first problem: ${r.firstError}`);
}

async function benchBackend(backend: Backend, upstream: UpstreamProcess): Promise<void> {
  if (profile) mkdirSync(PROFILE_DIR, { recursive: true });
  const server = await startBenchServer(
    {
      ...backend.env,
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: `${upstream.simUrl}/v1`,
      VISITOR_DAILY_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
    },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    pin ? SERVER_CPUS : undefined,
  );
  try {
    console.log(`\n[${backend.name}] server pid ${server.pid}; warming up`);
    await withDeadline(
      'warm-up',
      60_000,
      runServer(server, upstream, 20, { ttft: 5, tps: 500, tokens: 30 }, 0),
    );
    await withDeadline(
      'warm-up direct',
      30_000,
      runDirect(upstream.simUrl, 20, { ttft: 5, tps: 500, tokens: 30 }, 0, upstream),
    );

    console.log(
      `[${backend.name}] ${SMALL_STREAMS} concurrent streams: direct, floor proxy, server`,
    );
    const direct = await withDeadline(
      'direct 50',
      60_000,
      runDirect(upstream.simUrl, SMALL_STREAMS, SMALL, SMALL_RAMP_MS, upstream),
    );
    const floor = await withDeadline(
      'floor 50',
      60_000,
      runDirect(upstream.floorUrl, SMALL_STREAMS, SMALL, SMALL_RAMP_MS, upstream),
    );
    const small = await withDeadline(
      'server 50',
      60_000,
      runServer(server, upstream, SMALL_STREAMS, SMALL, SMALL_RAMP_MS),
    );
    recordTtft(backend.name, 'direct', direct, direct, false);
    recordTtft(backend.name, 'floor proxy', floor, direct, false);
    recordTtft(backend.name, 'server (ws)', small.result, direct, true);
    recordTokens(backend.name, `direct ×${SMALL_STREAMS}`, direct, direct, undefined);
    recordTokens(backend.name, `floor proxy ×${SMALL_STREAMS}`, floor, direct, undefined);
    recordTokens(backend.name, `server ×${SMALL_STREAMS}`, small.result, direct, 5);

    console.log(
      `[${backend.name}] ${LARGE_STREAMS} concurrent streams of ${LARGE.tps} tokens/s: direct, floor proxy, server`,
    );
    const directLarge = await withDeadline(
      'direct 1000',
      120_000,
      runDirect(upstream.simUrl, LARGE_STREAMS, LARGE, LARGE_RAMP_MS, upstream),
    );
    const floorLarge = await withDeadline(
      'floor 1000',
      120_000,
      runDirect(upstream.floorUrl, LARGE_STREAMS, LARGE, LARGE_RAMP_MS, upstream),
    );
    const large = await withDeadline(
      'server 1000',
      180_000,
      runServer(server, upstream, LARGE_STREAMS, LARGE, LARGE_RAMP_MS),
    );
    recordTokens(backend.name, `direct ×${LARGE_STREAMS}`, directLarge, directLarge, undefined);
    recordTokens(backend.name, `floor proxy ×${LARGE_STREAMS}`, floorLarge, directLarge, undefined);
    recordTokens(backend.name, `server ×${LARGE_STREAMS}`, large.result, directLarge, 50);
    recordTtft(backend.name, `floor proxy ×${LARGE_STREAMS}`, floorLarge, directLarge, false);
    recordTtft(backend.name, `server ×${LARGE_STREAMS}`, large.result, directLarge, false);
    timelines.push([`${backend.name}, floor proxy ×${LARGE_STREAMS}`, latencyBySecond(floorLarge)]);
    timelines.push([`${backend.name}, server ×${LARGE_STREAMS}`, latencyBySecond(large.result)]);
    const perStream = (large.rssLive - large.rssIdleSockets) / LARGE_STREAMS / 1024;
    memoryRows.push({
      backend: backend.name,
      'RSS before sockets MB': (large.rssBeforeSockets / 2 ** 20).toFixed(1),
      'RSS idle sockets MB': (large.rssIdleSockets / 2 ** 20).toFixed(1),
      'RSS live streams MB': (large.rssLive / 2 ** 20).toFixed(1),
      'per socket KB': (
        (large.rssIdleSockets - large.rssBeforeSockets) /
        LARGE_STREAMS /
        1024
      ).toFixed(1),
      'per live stream KB': perStream.toFixed(1),
      'server CPU %': large.serverCpuPercent.toFixed(0),
      'server CPU µs / token': large.serverCpuUsPerToken.toFixed(0),
      target: `${verdict(perStream, 50)} (≤ 50 KB)`,
    });
  } finally {
    await server.stop();
    await backend.dispose();
  }
}

const unpin = pin ? pinHarness(HARNESS_CPUS) : () => {};
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
      console.log(
        `[${backend.name}] aborted: ${error instanceof Error ? error.message : String(error)}`,
      );
      tokenRows.push({ backend: backend.name, path: 'ABORTED', streams: 0 });
    }
  }
} finally {
  upstream.stop();
  unpin();
}

printTable(
  `Time to first token (ms; added = minus direct at the same size; the target is for ${SMALL_STREAMS} streams)`,
  ttftRows,
);
printTable('Latency per token, upstream emit → client receive (ms)', tokenRows);
printTable(`Server memory, ${LARGE_STREAMS} concurrent streams (one process)`, memoryRows);
for (const [label, rows] of timelines)
  printTable(`Latency per token by second of the run: ${label}`, rows);
if (profile) console.log(`\nCPU profiles: ${PROFILE_DIR}`);
