import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from '../chat/server-launch';
import { formatMs, percentile, printTable, sleep } from '../lib/stats';
import { closedLoop, concurrentStreams, type Target } from './load';

/*
 * The OpenAI-compatible API against an instant upstream, beside calling that upstream directly
 * (the floor), through the bare pass-through proxy of bare-proxy.ts (the floor for any proxy on
 * this machine) and beside Portkey's open-source gateway on the same upstream, in one run:
 *  1. throughput: whole answers, closed loop at 32 concurrent callers;
 *  2. latency: whole answers at 4 concurrent callers (added p50/p99 over direct);
 *  3. streaming: 50 concurrent streams at 30 tokens/s (added per-chunk and TTFT latency).
 * `--quick` shortens every phase.
 */

const QUICK = process.argv.includes('--quick');
const THROUGHPUT_S = QUICK ? 3 : 8;
const LATENCY_S = QUICK ? 2 : 5;
const STREAMS = 50;
const STREAM_TOKENS = QUICK ? 30 : 90;
const MODEL = 'gpt-5-mini';
const UPSTREAM_KEY = 'sk-bench-upstream';
const BARE = 'bare proxy (proxy floor)';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

async function startChild(
  command: string[],
  env: Record<string, string>,
  ready: (line: string) => string | undefined,
): Promise<{ child: ChildProcess; value: string }> {
  const child = spawn(process.execPath, command, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const value = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const found = ready(line);
      if (found !== undefined) resolve(found);
    });
    child.once('exit', (code) =>
      reject(new Error(`${command.join(' ')} exited (${code}) before it was ready`)),
    );
  });
  return { child, value };
}

async function startPortkey(port: number): Promise<ChildProcess> {
  const entry = path.join(ROOT, 'node_modules/@portkey-ai/gateway/build/start-server.js');
  const { child } = await startChild(
    [entry, `--port=${port}`, '--headless'],
    { NODE_ENV: 'production' },
    (line) =>
      line.includes('Ready for connections') || line.includes(`:${port}`) ? 'ok' : undefined,
  );
  return child;
}

/** A user and an API key on the bench server, through its own routes. */
async function createKey(baseUrl: string, dataDir: string): Promise<string> {
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}${url}`, {
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
  const email = `bench-${Date.now()}@example.com`;
  await post('/api/v1/auth/register', { email, password: 'Bench kettle 42 drums' });
  const mail = readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .findLast((m) => m.to === email);
  const code = /(\d{6})/.exec(mail?.text ?? '')?.[1];
  const tokens = await post('/api/v1/auth/verify-code', { email, code });
  const created = await post('/api/v1/api-keys', { name: 'bench' }, String(tokens.access_token));
  return String(created.secret);
}

const ask = (content: string, stream: boolean) =>
  JSON.stringify({ model: MODEL, stream, messages: [{ role: 'user', content }] });

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${QUICK ? 'quick' : 'full'} run)`,
  );
  const upstream = await startChild(
    ['--import', 'tsx', path.join(HERE, 'instant-upstream.ts')],
    {},
    (line) => (line.startsWith('{') ? (JSON.parse(line) as { url: string }).url : undefined),
  );
  const bareProxy = await startChild(
    ['--import', 'tsx', path.join(HERE, 'bare-proxy.ts'), upstream.value],
    {},
    (line) => (line.startsWith('{') ? (JSON.parse(line) as { url: string }).url : undefined),
  );
  const portkeyPort = 18_000 + Math.floor(Math.random() * 2_000);
  const portkey = await startPortkey(portkeyPort);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-bench-api-'));
  const server = await startBenchServer({
    DATA_DIR: dataDir,
    OPENAI_API_KEY: UPSTREAM_KEY,
    OPENAI_BASE_URL: `${upstream.value}/v1`,
    FREE_DAILY_LIMIT: '1000000',
  });
  try {
    const key = await createKey(server.baseUrl, dataDir);
    const targets: Target[] = [
      {
        name: 'direct (floor)',
        url: `${upstream.value}/v1/chat/completions`,
        headers: { authorization: `Bearer ${UPSTREAM_KEY}` },
      },
      {
        name: BARE,
        url: `${bareProxy.value}/v1/chat/completions`,
        headers: { authorization: `Bearer ${UPSTREAM_KEY}` },
      },
      {
        name: 'Parallax /v1',
        url: `${server.baseUrl}/v1/chat/completions`,
        headers: { authorization: `Bearer ${key}` },
      },
      {
        name: 'Portkey gateway',
        url: `http://127.0.0.1:${portkeyPort}/v1/chat/completions`,
        headers: {
          authorization: `Bearer ${UPSTREAM_KEY}`,
          'x-portkey-provider': 'openai',
          'x-portkey-custom-host': `${upstream.value}/v1`,
        },
      },
    ];
    const whole = ask('Hello [bench tokens=8]', false);

    // Warm every path (JIT, connection pools, the server's model cache).
    for (const target of targets) await closedLoop(target, whole, 8, 1);

    const throughput = [];
    const rates = new Map<string, number>();
    for (const target of targets) {
      const r = await closedLoop(target, whole, 32, THROUGHPUT_S);
      const rate = r.requests / r.seconds;
      rates.set(target.name, rate);
      const bare = rates.get(BARE);
      throughput.push({
        path: target.name,
        'req/s': Math.round(rate),
        'ratio to bare proxy': bare ? (rate / bare).toFixed(2) : '',
        failures: r.failures,
        p50: formatMs(percentile(r.latenciesMs, 50)),
        p99: formatMs(percentile(r.latenciesMs, 99)),
      });
      await sleep(500);
    }
    printTable('Whole answers, 32 concurrent callers (throughput)', throughput);

    const latency = new Map<string, { p50: number; p99: number }>();
    const latencyRows = [];
    for (const target of targets) {
      const r = await closedLoop(target, whole, 4, LATENCY_S);
      const p50 = percentile(r.latenciesMs, 50);
      const p99 = percentile(r.latenciesMs, 99);
      latency.set(target.name, { p50, p99 });
      const floor = latency.get('direct (floor)');
      const bare = latency.get(BARE);
      latencyRows.push({
        path: target.name,
        requests: r.requests,
        failures: r.failures,
        p50: formatMs(p50),
        p99: formatMs(p99),
        'added p50': floor ? formatMs(p50 - floor.p50) : '',
        'added p99': floor ? formatMs(p99 - floor.p99) : '',
        'p99 − bare proxy p99': bare ? formatMs(p99 - bare.p99) : '',
      });
      await sleep(500);
    }
    printTable('Whole answers, 4 concurrent callers (latency; added = path − direct)', latencyRows);

    const streamed = ask(`Stream please [bench tps=30 tokens=${STREAM_TOKENS} ttft=50]`, true);
    const streamStats = new Map<
      string,
      { chunk50: number; chunk99: number; ttft50: number; ttft99: number }
    >();
    const streamRows = [];
    for (const target of targets) {
      const results = await concurrentStreams(target, streamed, STREAMS, 1_000);
      const ok = results.filter((r) => r.ok && r.chunkDelaysMs.length === STREAM_TOKENS);
      const delays = ok.flatMap((r) => r.chunkDelaysMs);
      const ttfts = ok.map((r) => r.ttftMs);
      const s = {
        chunk50: percentile(delays, 50),
        chunk99: percentile(delays, 99),
        ttft50: percentile(ttfts, 50),
        ttft99: percentile(ttfts, 99),
      };
      streamStats.set(target.name, s);
      const floor = streamStats.get('direct (floor)');
      const bare = streamStats.get(BARE);
      streamRows.push({
        path: target.name,
        'complete streams': `${ok.length}/${STREAMS}`,
        'chunk p50': formatMs(s.chunk50),
        'chunk p99': formatMs(s.chunk99),
        'added chunk p99': floor ? formatMs(s.chunk99 - floor.chunk99) : '',
        'TTFT p50': formatMs(s.ttft50),
        'added TTFT p50': floor ? formatMs(s.ttft50 - floor.ttft50) : '',
        'TTFT p99': formatMs(s.ttft99),
        'chunk p99 − bare': bare ? formatMs(s.chunk99 - bare.chunk99) : '',
        'TTFT p50 − bare': bare ? formatMs(s.ttft50 - bare.ttft50) : '',
      });
      await sleep(500);
    }
    printTable(
      `${STREAMS} concurrent streams at 30 tokens/s, ${STREAM_TOKENS} tokens each (chunk = receive − upstream stamp)`,
      streamRows,
    );
  } finally {
    await server.stop();
    portkey.kill('SIGTERM');
    bareProxy.child.stdin?.end();
    bareProxy.child.kill('SIGTERM');
    upstream.child.stdin?.end();
    upstream.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  }
}

await main();
