import { request as httpRequest } from 'node:http';
import type { Provider } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { AppConfig } from '../../apps/server/src/config';
import type { ProviderAdapter } from '../../apps/server/src/providers/chat-types';
import { createProviderAdapter } from '../../apps/server/src/providers/provider-registry';
import { operatorOutbound } from '../../apps/server/src/providers/provider-test-kit';
import { formatMs, printTable, withDeadline } from '../lib/stats';

/**
 * CPU per streamed token of the provider adapters, one process: provider-sim in-process
 * answering as fast as it can, N parallel streams read through an adapter. The **floor** path
 * reads the same answers with a bare node:http request and no parsing, so `adapter − floor` is
 * what the adapter itself costs (the sim's own CPU is in every row alike).
 * Flags: --streams=N (default 50), --tokens=N per stream (default 300), --rounds=N (default 3),
 * --providers=openai,anthropic,... (default all), --paths=floor,adapter (default both).
 */
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const streams = Number(flag('streams', '50'));
const tokens = Number(flag('tokens', '300'));
const rounds = Number(flag('rounds', '3'));
const providers = flag('providers', 'openai,anthropic,gemini').split(',') as Provider[];
type PathName = 'floor' | 'adapter';
const paths = flag('paths', 'floor,adapter').split(',') as PathName[];

const MODELS: Record<Provider, string> = {
  openai: 'gpt-5-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
  google: 'gemini-2.5-flash',
  grok: 'grok-3-mini',
};

function providersConfig(sim: ProviderSim): AppConfig['providers'] {
  return {
    openai: { apiKey: 'sk-bench', baseUrl: sim.baseUrls.openai },
    anthropic: { apiKey: 'sk-ant-bench', baseUrl: sim.baseUrls.anthropic },
    gemini: { apiKey: 'gemini-bench', baseUrl: sim.baseUrls.gemini },
    googleVertex: {
      project: undefined,
      location: undefined,
      credentialsFile: undefined,
      baseUrl: undefined,
    },
    xai: { apiKey: 'xai-bench', baseUrl: sim.baseUrls.grok },
  };
}

const prompt = (i: number): string => `Bench stream ${i} [sim ttft=0 tps=100000 tokens=${tokens}]`;

/** One stream read raw: the request the adapter sends for OpenAI, Anthropic or Gemini. */
function floorStream(sim: ProviderSim, provider: Provider, i: number): Promise<number> {
  const model = MODELS[provider];
  const text = prompt(i);
  const target =
    provider === 'anthropic'
      ? {
          url: `${sim.baseUrls.anthropic}/messages`,
          body: {
            model,
            max_tokens: 4096,
            stream: true,
            messages: [{ role: 'user', content: text }],
          },
          headers: { authorization: 'Bearer sk-ant-bench', 'anthropic-version': '2026-10-21' },
        }
      : provider === 'gemini'
        ? {
            url: `${sim.baseUrls.gemini}/models/${model}:streamGenerateContent?alt=sse`,
            body: { contents: [{ role: 'user', parts: [{ text }] }] },
            headers: { 'x-goog-api-key': 'gemini-bench' },
          }
        : {
            url: `${sim.baseUrls.openai}/chat/completions`,
            body: {
              model,
              stream: true,
              stream_options: { include_usage: true },
              messages: [{ role: 'user', content: text }],
            },
            headers: { authorization: 'Bearer sk-bench' },
          };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      target.url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...target.headers } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes > 0 ? tokens : 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(target.body));
  });
}

async function adapterStream(
  adapter: ProviderAdapter,
  provider: Provider,
  i: number,
): Promise<number> {
  let count = 0;
  let finished = false;
  for await (const event of adapter.streamChat({
    model: MODELS[provider],
    messages: [{ role: 'user', content: prompt(i) }],
  })) {
    if (event.type === 'usage') count = event.outputTokens;
    if (event.type === 'finish') finished = true;
  }
  if (!finished) throw new Error('stream ended without finish');
  return count;
}

interface Measure {
  tokens: number;
  cpuMs: number;
  wallMs: number;
}

/** Tokens are counted by the sim (what it sent), the same way for every path. */
async function measure(sim: ProviderSim, run: (i: number) => Promise<number>): Promise<Measure> {
  sim.clearRequests();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await withDeadline(
    'adapter-throughput round',
    1_200_000,
    Promise.all(Array.from({ length: streams }, (_, i) => run(i))),
  );
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const sent = sim.requests.reduce((sum, r) => sum + r.tokensSent, 0);
  sim.clearRequests();
  return { tokens: sent, cpuMs: (cpu.user + cpu.system) / 1000, wallMs };
}

// Generous, so a run under valgrind (tens of times slower) is not cut by the adapters' timeouts.
const SLOW_RUN_TIMEOUTS = { noActivityMs: 600_000, idleMs: 600_000 };
const sim = await startProviderSim({ host: '127.0.0.1', port: 0 });
const config = providersConfig(sim);
// The env's own URLs take the operator's route, as in the server.
const outbound = operatorOutbound();
const rows: Record<string, string>[] = [];
const floorUsPerToken = new Map<Provider, number>();
try {
  for (const provider of providers) {
    for (const path of paths) {
      const adapter =
        path === 'floor'
          ? undefined
          : createProviderAdapter(provider, config, SLOW_RUN_TIMEOUTS, outbound);
      const run =
        adapter === undefined
          ? (i: number) => floorStream(sim, provider, i)
          : (i: number) => adapterStream(adapter, provider, i);
      await measure(sim, run); // warm-up: JIT, connection pools
      const results: Measure[] = [];
      for (let r = 0; r < rounds; r++) results.push(await measure(sim, run));
      const total = results.reduce(
        (a, m) => ({
          tokens: a.tokens + m.tokens,
          cpuMs: a.cpuMs + m.cpuMs,
          wallMs: a.wallMs + m.wallMs,
        }),
        { tokens: 0, cpuMs: 0, wallMs: 0 },
      );
      const usPerToken = (total.cpuMs * 1000) / total.tokens;
      if (path === 'floor') floorUsPerToken.set(provider, usPerToken);
      const floor = floorUsPerToken.get(provider);
      rows.push({
        provider,
        path,
        tokens: total.tokens.toLocaleString('en-US'),
        'CPU ms': formatMs(total.cpuMs),
        'tokens / CPU-s': Math.round(total.tokens / (total.cpuMs / 1000)).toLocaleString('en-US'),
        'µs CPU / token': usPerToken.toFixed(1),
        'adapter µs / token (− floor)':
          floor === undefined || path === 'floor' ? '–' : (usPerToken - floor).toFixed(1),
      });
    }
  }
} finally {
  outbound.close();
  await sim.close();
}

printTable(
  `Adapter streaming cost: ${streams} parallel streams × ${tokens} tokens, ${rounds} rounds (after 1 warm-up)`,
  rows,
);
