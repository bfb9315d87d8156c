/**
 * One server, whole answers only: req/s at 32 callers and p50/p99 at 4 (and the upstream's own
 * at 4, for the added figures), the server's CPU per call, optionally a CPU profile
 * (--cpu-prof=DIR), per-statement SQLite times (--statements=FILE), which server pauses the
 * slowest 1 % of the 4-caller calls overlapped (--stalls) and another checkout's server
 * (--server=DIR/, e.g. /work/main/apps/server/).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from '../chat/server-launch';
import { formatMs, percentile } from '../lib/stats';
import { closedLoop } from './load';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const flag = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const profDir = flag('cpu-prof');
const serverDir = flag('server');
const seconds = Number(flag('seconds') ?? 6);
const statements = flag('statements');
const stalls = process.argv.includes('--stalls');
/** Tokens per answer (the instant upstream's `[bench tokens=N]`). */
const answerTokens = Number(flag('tokens') ?? 8);
/** Extra node flags for the server, space-separated (e.g. --node-flags=--no-parallel-scavenge). */
const nodeFlags = flag('node-flags')?.split(' ').filter(Boolean) ?? [];

const upstreamChild = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(HERE, 'instant-upstream.ts')],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const upstream = await new Promise<string>((resolve) => {
  createInterface({ input: upstreamChild.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) resolve((JSON.parse(line) as { url: string }).url);
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-probe-'));
const stallFile = path.join(dataDir, 'stalls.json');
const server = await startBenchServer(
  {
    DATA_DIR: dataDir,
    OPENAI_API_KEY: 'sk-bench-upstream',
    OPENAI_BASE_URL: `${upstream}/v1`,
    FREE_DAILY_LIMIT: '1000000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(statements ? { STATEMENT_TIMER_REPORT: statements } : {}),
    ...(stalls ? { STALL_REPORT: stallFile } : {}),
  },
  [
    ...nodeFlags,
    ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    ...(statements
      ? ['--import', 'tsx', '--import', path.join(HERE, '../lib/sqlite-statement-timer.ts')]
      : []),
    ...(stalls ? ['--import', 'tsx', '--import', path.join(HERE, '../lib/stall-timer.ts')] : []),
  ],
  undefined,
  serverDir,
);
const post = async (url: string, body: unknown, token?: string) => {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
};
const email = `probe-${Date.now()}@example.com`;
await post('/api/v1/auth/register', { email, password: 'Bench kettle 42 drums' });
const mail = readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { to: string; text: string })
  .findLast((m) => m.to === email);
const tokens = await post('/api/v1/auth/verify-code', {
  email,
  code: /(\d{6})/.exec(mail?.text ?? '')?.[1],
});
const key = String(
  (await post('/api/v1/api-keys', { name: 'probe' }, String(tokens.access_token))).secret,
);
const target = {
  name: 'p',
  url: `${server.baseUrl}/v1/chat/completions`,
  headers: { authorization: `Bearer ${key}` },
};
const body = JSON.stringify({
  model: 'gpt-5-mini',
  stream: false,
  messages: [{ role: 'user', content: `Hello [bench tokens=${answerTokens}]` }],
});
const cpuOf = () => {
  const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // ms at 100 Hz
};
await closedLoop(target, body, 8, 2);
const c0 = cpuOf();
const r = await closedLoop(target, body, 32, seconds);
const c1 = cpuOf();
const l = await closedLoop(target, body, 4, seconds);
const direct = await closedLoop(
  { name: 'direct', url: `${upstream}/v1/chat/completions`, headers: {} },
  body,
  4,
  seconds,
);
const p99 = percentile(l.latenciesMs, 99);
console.log(
  JSON.stringify({
    server: serverDir ?? 'this tree',
    nodeFlags: nodeFlags.join(' '),
    tokens: answerTokens,
    load: loadavg()[0]!.toFixed(1),
    rps: Math.round(r.requests / r.seconds),
    failures: r.failures + l.failures,
    cpuUsPerCall32: Math.round(((c1 - c0) * 1000) / r.requests),
    p50_4: formatMs(percentile(l.latenciesMs, 50)),
    p99_4: formatMs(p99),
    p999_4: formatMs(percentile(l.latenciesMs, 99.9)),
    direct_p99_4: formatMs(percentile(direct.latenciesMs, 99)),
    added_p99_4: formatMs(p99 - percentile(direct.latenciesMs, 99)),
  }),
);
await server.stop();
upstreamChild.kill('SIGTERM');
if (stalls)
  console.log(JSON.stringify(attributeTail(l, JSON.parse(readFileSync(stallFile, 'utf8')))));
rmSync(dataDir, { recursive: true, force: true });

/**
 * For the 4-caller calls slower than their p99, and for all of them (the base rate), the share
 * that overlapped a server pause of each kind, and the pauses' count and mean length in the
 * phase: a kind that explains the tail overlaps far more of the slow calls than of all calls.
 */
function attributeTail(
  phase: { latenciesMs: number[]; startsMs: number[] },
  pauses: { kind: string; start: number; ms: number }[],
): Record<string, unknown> {
  const from = Math.min(...phase.startsMs);
  const to = Math.max(...phase.startsMs.map((s, i) => s + phase.latenciesMs[i]!));
  const inPhase = pauses.filter((p) => p.start + p.ms >= from && p.start <= to);
  const kinds = [...new Set(inPhase.map((p) => p.kind))].sort();
  const cut = percentile(phase.latenciesMs, 99);
  const calls = phase.startsMs.map((start, i) => ({ start, end: start + phase.latenciesMs[i]! }));
  const slow = calls.filter((_, i) => phase.latenciesMs[i]! > cut);
  const share = (set: typeof calls, kind: string) =>
    set.filter((c) =>
      inPhase.some((p) => p.kind === kind && p.start < c.end && p.start + p.ms > c.start),
    ).length / Math.max(1, set.length);
  return {
    slowCalls: slow.length,
    p99CutMs: formatMs(cut),
    byKind: Object.fromEntries(
      kinds.map((kind) => {
        const of = inPhase.filter((p) => p.kind === kind);
        return [
          kind,
          {
            count: of.length,
            meanMs: formatMs(of.reduce((a, p) => a + p.ms, 0) / of.length),
            maxMs: formatMs(Math.max(...of.map((p) => p.ms))),
            slowOverlap: share(slow, kind).toFixed(2),
            allOverlap: share(calls, kind).toFixed(2),
          },
        ];
      }),
    ),
  };
}
