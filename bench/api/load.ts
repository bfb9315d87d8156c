import http from 'node:http';

/** A POST target of the bench: the upstream itself, Parallax's /v1 or the Portkey gateway. */
export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

export function agentFor(concurrency: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: concurrency });
}

/** One whole (non-streamed) call; resolves with the status, rejects on a transport failure. */
export function postWhole(target: Target, body: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      target.url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...target.headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface ClosedLoopResult {
  requests: number;
  failures: number;
  seconds: number;
  latenciesMs: number[];
  /** Wall-clock start (`performance.timeOrigin + now`) of each call in latenciesMs. */
  startsMs: number[];
}

/** `concurrency` callers, each sending the next request as soon as its last one answered. */
export async function closedLoop(
  target: Target,
  body: string,
  concurrency: number,
  seconds: number,
): Promise<ClosedLoopResult> {
  const agent = agentFor(concurrency);
  const latenciesMs: number[] = [];
  const startsMs: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const status = await postWhole(target, body, agent).catch(() => 0);
        if (status === 200) {
          latenciesMs.push(performance.now() - t0);
          startsMs.push(performance.timeOrigin + t0);
        } else failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: latenciesMs.length, failures, seconds: elapsed, latenciesMs, startsMs };
}

export interface StreamResult {
  ok: boolean;
  ttftMs: number;
  /** Per content chunk: receive time − the upstream's stamp inside it. */
  chunkDelaysMs: number[];
}

const STAMP = /<(\d+\.\d+)>/g;

function wallClock(): number {
  return performance.timeOrigin + performance.now();
}

/** One streamed call, reading the upstream's stamps out of every content chunk. */
export function postStream(target: Target, body: string, agent: http.Agent): Promise<StreamResult> {
  return new Promise((resolve) => {
    const sent = performance.now();
    let ttftMs = -1;
    const chunkDelaysMs: number[] = [];
    let buffer = '';
    let done = false;
    const req = http.request(
      target.url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...target.headers } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          const now = wallClock();
          buffer += text;
          let cut = buffer.indexOf('\n\n');
          while (cut !== -1) {
            const event = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (event.includes('[DONE]')) done = true;
            for (const match of event.matchAll(STAMP)) {
              if (ttftMs < 0) ttftMs = performance.now() - sent;
              chunkDelaysMs.push(now - Number(match[1]));
            }
            cut = buffer.indexOf('\n\n');
          }
        });
        res.on('end', () => resolve({ ok: res.statusCode === 200 && done, ttftMs, chunkDelaysMs }));
        res.on('error', () => resolve({ ok: false, ttftMs, chunkDelaysMs }));
      },
    );
    req.on('error', () => resolve({ ok: false, ttftMs, chunkDelaysMs }));
    req.end(body);
  });
}

/** `streams` streamed calls started evenly over `spreadMs`, all read to the end. */
export async function concurrentStreams(
  target: Target,
  body: string,
  streams: number,
  spreadMs: number,
): Promise<StreamResult[]> {
  const agent = agentFor(streams);
  const results = await Promise.all(
    Array.from({ length: streams }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * spreadMs) / streams));
      return postStream(target, body, agent);
    }),
  );
  agent.destroy();
  return results;
}
