import { randomBytes, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { formatMs, nowMs, percentile, printTable } from '../lib/stats';
import { startServer, startUpstream } from './compare-harness';

/**
 * 50 concurrent users, each comparing 4 models (one prompt, four panels streaming at once),
 * against the real server process on loopback. Per token: the time the server's websocket
 * delivered it minus the time provider-sim wrote it (the sim's own stamp) — the latency the
 * server adds over calling the sim directly.
 */
const USERS = Number(process.argv.find((a) => a.startsWith('--users='))?.slice(8) ?? 50);
const MODELS = ['gpt-5', 'gpt-5-mini', 'claude-sonnet-4-5', 'claude-haiku-4-5'];
const KNOBS = '[sim ttft=50 tps=30 tokens=120]';
const RAMP_MS = 1_000;
const DEADLINE_MS = 90_000;
const run = Date.now().toString(36);

/** What the client got for one stream: [received at ms, answer length so far] pairs. */
interface Received {
  events: Array<[number, number]>;
  done: boolean;
}

async function user(
  baseUrl: string,
  index: number,
  received: Map<string, Received>,
): Promise<void> {
  const visitor = `visitor_${randomBytes(16).toString('hex')}`;
  // 50 users are 50 addresses: the per-address rate limit must not throttle the bench as one.
  const headers = {
    'content-type': 'application/json',
    'x-visitor-id': visitor,
    'x-forwarded-for': `10.0.${Math.floor((index + 1) / 250)}.${((index + 1) % 250) + 1}`,
  };
  const connectionId = `conn_${randomUUID().replaceAll('-', '')}`;
  const ws = new WebSocket(
    `${baseUrl.replace('http', 'ws')}/ws/${connectionId}?user_id=${visitor}`,
  );
  const byMessage = new Map<string, Received>();
  let finish: () => void = () => undefined;
  const allDone = new Promise<void>((resolve) => (finish = resolve));
  ws.on('message', (data) => {
    const at = nowMs();
    const frame = JSON.parse(data.toString()) as {
      type: string;
      message_id?: string;
      token?: string;
      status?: string;
    };
    const entry = frame.message_id ? byMessage.get(frame.message_id) : undefined;
    if (!entry) return;
    if (frame.type === 'ai_token' && frame.token) {
      entry.events.push([at, (entry.events.at(-1)?.[1] ?? 0) + frame.token.length]);
    }
    if (frame.type === 'ai_status' && (frame.status === 'completed' || frame.status === 'error')) {
      entry.done = true;
      if ([...byMessage.values()].every((e) => e.done)) finish();
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data) => {
      if (data.toString().includes('connection_established')) resolve();
    });
  });
  const created = await fetch(`${baseUrl}/api/v1/compare/sessions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ models: MODELS }),
  });
  if (!created.ok) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const session = (await created.json()) as { id: string; panels: { index: number }[] };
  await Promise.all(
    session.panels.map(async (panel) => {
      const messageId = randomUUID();
      // The sim's stamps are keyed by what follows `bench-` in the prompt.
      const tag = `${run}-u${index}-p${panel.index}`;
      const entry: Received = { events: [], done: false };
      byMessage.set(messageId, entry);
      received.set(tag, entry);
      const sent = await fetch(
        `${baseUrl}/api/v1/compare/sessions/${session.id}/panels/${panel.index}/messages`,
        {
          method: 'POST',
          headers: { ...headers, 'x-connection-id': connectionId },
          body: JSON.stringify({
            message: `Explain hashing bench-${tag} ${KNOBS}`,
            message_id: messageId,
          }),
        },
      );
      if (!sent.ok) throw new Error(`send failed: ${sent.status} ${await sent.text()}`);
    }),
  );
  await allDone;
  ws.close();
}

async function main(): Promise<void> {
  const upstream = await startUpstream();
  const server = await startServer(upstream.url, { TRUST_PROXY: '127.0.0.1' });
  const deadline = setTimeout(() => {
    console.error(`bench did not finish within ${DEADLINE_MS} ms`);
    process.exit(1);
  }, DEADLINE_MS);
  try {
    // A fresh process loads each provider adapter and JIT-compiles the path on first use: one
    // unmeasured comparison first, so the figures are the steady state.
    await user(server.url, -1, new Map());
    upstream.stamps.take();
    const received = new Map<string, Received>();
    const began = performance.now();
    await Promise.all(
      Array.from({ length: USERS }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, (RAMP_MS * i) / USERS)).then(() =>
          user(server.url, i, received),
        ),
      ),
    );
    const wallMs = performance.now() - began;
    const emittedByTag = upstream.stamps.take();
    if (process.argv.includes('--debug')) {
      for (const [tag, entry] of received) {
        const up = emittedByTag[tag]?.stamps ?? [];
        console.log(
          tag,
          'client',
          entry.events.at(-1)?.[1],
          entry.events.length,
          'upstream',
          up.at(-1)?.[1],
          up.length,
          'first',
          (entry.events[0]?.[0] ?? 0) - (up[0]?.[0] ?? 0),
          'last',
          (entry.events.at(-1)?.[0] ?? 0) - (up.at(-1)?.[0] ?? 0),
        );
      }
    }
    const added: number[] = [];
    let unmatched = 0;
    for (const [tag, entry] of received) {
      const emitted = emittedByTag[tag]?.stamps ?? [];
      for (const [at, length] of entry.events) {
        const source = emitted.find(([, upstreamLength]) => upstreamLength >= length);
        if (source) added.push(at - source[0]);
        else unmatched += 1;
      }
    }
    printTable(`Compare: ${USERS} users × ${MODELS.length} panels (${KNOBS})`, [
      { metric: 'streams', value: received.size },
      { metric: 'tokens measured', value: added.length },
      { metric: 'tokens unmatched', value: unmatched },
      { metric: 'added latency p50', value: formatMs(percentile(added, 50)) },
      { metric: 'added latency p95', value: formatMs(percentile(added, 95)) },
      { metric: 'added latency p99', value: formatMs(percentile(added, 99)) },
      { metric: 'added latency max', value: formatMs(Math.max(...added)) },
      { metric: 'wall time', value: formatMs(wallMs) },
    ]);
  } finally {
    clearTimeout(deadline);
    await server.stop();
    await upstream.close();
  }
}

await main();
