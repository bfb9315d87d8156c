/**
 * The server's own time per tool step of a multi-step answer, without the tool's and the
 * model's: the real app (buildApp on SQLite + memory bus, or PostgreSQL + Redis with
 * DATABASE_URL and REDIS_URL) answers sends whose prompt makes provider-sim (ttft 0) call a tool
 * in each of STEPS steps; the tool returns at once. Per step:
 *
 * - **server**: from the step's stream ending (its last upstream event read) to the next
 *   step's request handed to the HTTP client, less the time the step's tools ran (measured by
 *   the loop itself, reported through ChatMetrics.toolStep): the ai_tool events, the rows'
 *   write being queued, the results framed and numbered, the next request built;
 * - **sim gap**: what the sim saw, from writing the end of one step's stream to the next
 *   step's request arriving (ms clock; includes loopback, the tool, and the HTTP client's
 *   request), an upper bound of the above.
 *
 *   node --import tsx bench/chat/tool-step.bench.ts [--sends=120 --steps=5 --clients=1,4]
 */
import { randomUUID } from 'node:crypto';
import {
  createChatTestApp,
  newVisitorId,
  SIM_MODEL,
  type ChatTestApp,
} from '../../apps/server/test/chat';
import type { TurnToolbox } from '../../apps/server/src/features/tools/turn-tool';
import { formatMs, percentile, printTable } from '../lib/stats';

function flag(name: string, fallback: string): string {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
}
const SENDS = Number(flag('sends', '120'));
const STEPS = Number(flag('steps', '5'));
const CLIENTS = flag('clients', '1,4').split(',').map(Number);

/** A search that answers at once with one page: the tool's own time is not what is measured. */
const instantToolbox: TurnToolbox = {
  loopSettings: () => Promise.resolve({ maxSteps: STEPS + 1, toolTimeoutMs: 10_000 }),
  toolsFor: ({ webSearch }) =>
    Promise.resolve(
      webSearch
        ? [
            {
              spec: {
                name: 'web_search',
                description: 'Search the web',
                parameters: {
                  type: 'object',
                  properties: { query: { type: 'string' } },
                  required: ['query'],
                },
              },
              run: (args) =>
                Promise.resolve({
                  documents: [
                    {
                      title: `On ${String(args.query)}`,
                      url: `https://found.example/${encodeURIComponent(String(args.query))}`,
                      text: `A short page about ${String(args.query)}.`,
                    },
                  ],
                }),
            },
          ]
        : [],
    ),
};

function prompt(tag: string): string {
  const calls = Array.from(
    { length: STEPS },
    (_, i) => `call=web_search{"query":"step ${i} of ${tag}"}`,
  ).join(' ');
  return `Look this up [sim ${calls}] ${tag}`;
}

async function runPhase(
  t: ChatTestApp,
  clients: number,
  serverSamples: number[],
): Promise<{ server: number[]; simGaps: number[]; sends: number }> {
  serverSamples.length = 0;
  t.sim.clearRequests();
  const visitor = newVisitorId();
  const tags: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < SENDS) {
        const i = next;
        next += 1;
        const tag = `#bench-${clients}-${i}-${randomUUID().slice(0, 8)}`;
        tags.push(tag);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/chat/messages',
          headers: { 'x-visitor-id': visitor },
          remoteAddress: `10.${clients}.${i >> 8}.${i & 255}`,
          payload: {
            message: prompt(tag),
            message_id: randomUUID(),
            chat_settings: { web_search: true },
            ...SIM_MODEL,
          },
        });
        if (res.statusCode !== 200) throw new Error(`send ${res.statusCode}: ${res.body}`);
        const status = res.json<{ status: string }>().status;
        if (status !== 'completed') throw new Error(`answer ${status}: ${res.body}`);
      }
    }),
  );
  const simGaps: number[] = [];
  for (const tag of tags) {
    const steps = t.sim.requests
      .filter((r) => JSON.stringify(r.body).includes(tag) && r.tools.length > 0)
      .sort((a, b) => a.startedAt - b.startedAt);
    if (steps.length !== STEPS + 1) throw new Error(`${tag}: ${steps.length} model calls`);
    for (let i = 1; i < steps.length; i += 1)
      simGaps.push((steps[i]?.startedAt ?? 0) - (steps[i - 1]?.endedAt ?? 0));
  }
  return { server: [...serverSamples], simGaps, sends: SENDS };
}

const backend = process.env.DATABASE_URL?.startsWith('postgres')
  ? `PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}`
  : 'SQLite + memory bus';
const t = await createChatTestApp({
  simDefaults: { ttftMs: 0, tokensPerSecond: 100_000, lengthTokens: 8 },
  // The Prometheus metrics (not the no-op set) carry the loop's per-step report.
  env: { VISITOR_DAILY_LIMIT: '100000', METRICS_TOKEN: randomUUID() },
});
try {
  t.app.turnToolbox.use(instantToolbox);
  const samples: number[] = [];
  const { metrics } = t.app;
  const record = metrics.toolStep?.bind(metrics);
  if (record === undefined) throw new Error('the app reports no tool steps');
  metrics.toolStep = (toolsMs, totalMs) => {
    samples.push(totalMs - toolsMs);
    record(toolsMs, totalMs);
  };
  // Warm-up: the first sends compile the code paths.
  await runPhase(t, 1, samples).catch(() => undefined);
  const rows: Array<Record<string, string | number>> = [];
  for (const clients of CLIENTS) {
    const result = await runPhase(t, clients, samples);
    rows.push({
      backend,
      clients,
      steps: result.server.length,
      'server p50 ms': formatMs(percentile(result.server, 50)),
      'server p99 ms': formatMs(percentile(result.server, 99)),
      'server max ms': formatMs(Math.max(...result.server)),
      'sim gap p50 ms': formatMs(percentile(result.simGaps, 50)),
      'sim gap p99 ms': formatMs(percentile(result.simGaps, 99)),
    });
  }
  printTable(`Tool step: the server's own time per step (${SENDS} sends × ${STEPS} steps)`, rows);
} finally {
  await t.close();
}
