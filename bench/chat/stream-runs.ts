import { percentile, sleep } from '../lib/stats';
import type { BenchServer } from './server-launch';
import { cpuMs, rssBytes } from './process-usage';
import { analyse, type PathResult } from './stream-analysis';
import {
  loopbackAddress,
  ServerStreamClient,
  streamDirect,
  type StreamObservation,
} from './stream-clients';
import type { UpstreamProcess } from './upstream-process';

/** The sim's answer shape, written into the prompt: delay before the first token, rate, length. */
export interface Knobs {
  ttft: number;
  tps: number;
  tokens: number;
}

let streamCounter = 0;
let clientCounter = 0;
const runId = Date.now().toString(36);

export function prompt(tag: string, knobs: Knobs): string {
  return `Explain how a hash map works bench-${tag} [sim ttft=${knobs.ttft} tps=${knobs.tps} tokens=${knobs.tokens}]`;
}

export function nextTag(): string {
  streamCounter += 1;
  return `${runId}-${streamCounter}`;
}

export async function staggered<T>(
  count: number,
  rampMs: number,
  start: (index: number) => Promise<T>,
): Promise<T[]> {
  const runs: Promise<T>[] = [];
  const began = performance.now();
  for (let index = 0; index < count; index++) {
    const due = began + (rampMs * index) / count;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    runs.push(start(index));
  }
  return Promise.all(runs);
}

export async function runDirect(
  url: string,
  count: number,
  knobs: Knobs,
  rampMs: number,
  upstream: UpstreamProcess,
): Promise<PathResult> {
  const seen = await staggered(count, rampMs, () => {
    const tag = nextTag();
    return streamDirect(url, tag, prompt(tag, knobs));
  });
  return analyse(seen, await upstream.takeStamps());
}

export interface ServerRun {
  result: PathResult;
  rssIdleSockets: number;
  rssBeforeSockets: number;
  rssLive: number;
  serverCpuPercent: number;
  serverCpuUsPerToken: number;
}

async function connectAll(
  server: BenchServer,
  count: number,
  coldConnections: boolean,
): Promise<ServerStreamClient[]> {
  const clients: ServerStreamClient[] = [];
  for (let index = 0; index < count; index++) {
    clients.push(
      new ServerStreamClient(server.baseUrl, loopbackAddress(clientCounter++), coldConnections),
    );
  }
  // A few dozen handshakes at a time: the point is live streams, not a connect storm.
  for (let index = 0; index < clients.length; index += 50) {
    await Promise.all(clients.slice(index, index + 50).map((c) => c.connect()));
  }
  return clients;
}

export async function runServer(
  server: BenchServer,
  upstream: UpstreamProcess,
  count: number,
  knobs: Knobs,
  rampMs: number,
  /** Each send on a new TCP connection instead of the one its client's screen opened. */
  coldConnections = false,
): Promise<ServerRun> {
  const pid = server.pid;
  const rssBeforeSockets = rssBytes(pid);
  const clients = await connectAll(server, count, coldConnections);
  await sleep(500);
  const rssIdleSockets = rssBytes(pid);
  const cpuBefore = cpuMs(pid);
  const startedAt = performance.now();
  // Every stream is live from the end of the ramp until the first one finishes.
  const liveFrom = rampMs + knobs.ttft + 500;
  const liveUntil = (knobs.tokens / knobs.tps) * 1000 - 500;
  const liveRss: number[] = [];
  const sampler = setInterval(() => {
    const at = performance.now() - startedAt;
    if (at >= liveFrom && at <= liveUntil) liveRss.push(rssBytes(pid));
  }, 200);
  let seen: StreamObservation[];
  try {
    seen = await staggered(count, rampMs, (index) => {
      const tag = nextTag();
      const client = clients[index];
      if (!client) throw new Error('missing client');
      return client.stream(
        tag,
        prompt(tag, knobs),
        knobs.ttft + (knobs.tokens / knobs.tps) * 1000 + 30_000,
      );
    });
  } finally {
    clearInterval(sampler);
  }
  const elapsed = performance.now() - startedAt;
  const serverCpuMs = cpuMs(pid) - cpuBefore;
  for (const client of clients) client.close();
  const result = analyse(seen, await upstream.takeStamps());
  return {
    result,
    rssBeforeSockets,
    rssIdleSockets,
    rssLive: percentile(liveRss, 50),
    serverCpuPercent: (serverCpuMs / elapsed) * 100,
    // Whole sends included (HTTP, database, upstream call): what one streamed token costs.
    serverCpuUsPerToken: (serverCpuMs * 1000) / Math.max(1, result.tokensReceived),
  };
}
