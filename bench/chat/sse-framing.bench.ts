import type { Provider } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { SseParser } from '../../apps/server/src/providers/streaming/sse-parser';
import { printTable } from '../lib/stats';

/**
 * SSE framing cost alone: one answer per wire format is captured from provider-sim, then fed to
 * the server's SseParser one event per chunk (how a 30 tokens/s answer arrives), a fresh parser
 * per answer. Prints CPU ns per event. Under callgrind, run it with --answers=50 and
 * --answers=250 and divide the difference in instructions by 200 × events.
 * Flags: --answers=N (default 300), --runs=N (default 10).
 */
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const answers = Number(flag('answers', '300'));
const runs = Number(flag('runs', '10'));

const PROMPT = 'Bench capture [sim ttft=0 tps=100000 tokens=300]';

function request(sim: ProviderSim, provider: Provider): { url: string; init: RequestInit } {
  const json = { 'content-type': 'application/json' };
  if (provider === 'anthropic')
    return {
      url: `${sim.baseUrls.anthropic}/messages`,
      init: {
        headers: { ...json, authorization: 'Bearer k', 'anthropic-version': '2026-10-21' },
        body: JSON.stringify({
          model: 'claude-haiku-4-5',
          max_tokens: 4096,
          stream: true,
          messages: [{ role: 'user', content: PROMPT }],
        }),
      },
    };
  if (provider === 'gemini')
    return {
      url: `${sim.baseUrls.gemini}/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
      init: {
        headers: { ...json, 'x-goog-api-key': 'k' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: PROMPT }] }] }),
      },
    };
  return {
    url: `${sim.baseUrls.openai}/chat/completions`,
    init: {
      headers: { ...json, authorization: 'Bearer k' },
      body: JSON.stringify({
        model: 'gpt-5-mini',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: PROMPT }],
      }),
    },
  };
}

/** The answer's bytes split into one chunk per event (Gemini frames with CRLF, as Google does). */
async function capture(sim: ProviderSim, provider: Provider): Promise<Buffer[]> {
  const { url, init } = request(sim, provider);
  const text = await (await fetch(url, { ...init, method: 'POST' })).text();
  const separator = provider === 'gemini' ? '\r\n\r\n' : '\n\n';
  return text
    .split(separator)
    .filter((event) => event !== '')
    .map((event) => Buffer.from(event + separator, 'utf8'));
}

let delivered = 0;
function parseAnswers(chunks: readonly Buffer[], count: number): void {
  for (let i = 0; i < count; i++) {
    const parser = new SseParser((_event, data) => (delivered += data.length));
    for (const chunk of chunks) parser.push(chunk);
    parser.end();
  }
}

const sim = await startProviderSim({ host: '127.0.0.1', port: 0 });
const captured = new Map<Provider, Buffer[]>();
try {
  for (const provider of ['openai', 'anthropic', 'gemini'] as const)
    captured.set(provider, await capture(sim, provider));
} finally {
  await sim.close();
}

const rows: Record<string, string>[] = [];
for (const [provider, chunks] of captured) {
  parseAnswers(chunks, Math.min(answers, 100)); // warm-up
  const perEvent: number[] = [];
  for (let r = 0; r < runs; r++) {
    const before = process.cpuUsage();
    parseAnswers(chunks, answers);
    const cpu = process.cpuUsage(before);
    perEvent.push(((cpu.user + cpu.system) * 1000) / (answers * chunks.length));
  }
  perEvent.sort((a, b) => a - b);
  rows.push({
    wire: provider,
    'events / answer': String(chunks.length),
    'CPU ns / event (median)': (perEvent[Math.floor(perEvent.length / 2)] ?? 0).toFixed(0),
    'min – max': `${(perEvent[0] ?? 0).toFixed(0)} – ${(perEvent.at(-1) ?? 0).toFixed(0)}`,
  });
}
if (delivered === 0) throw new Error('no events parsed');
printTable(`SSE framing: ${answers} answers per run, ${runs} runs, one event per chunk`, rows);
