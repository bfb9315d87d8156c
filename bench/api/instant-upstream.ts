import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A minimal OpenAI chat completions upstream for the API bench, in its own process. Whole
 * answers come back at once (the "instant upstream"); streamed ones at the rate the prompt asks
 * for, `[bench tps=30 tokens=60 ttft=50]`, each chunk's content carrying the wall-clock time it
 * was written (`performance.timeOrigin + performance.now()`, comparable across processes), so
 * a client can tell how long a chunk spent between upstream and itself.
 */

const WORDS = [
  'Parallax ',
  'streams ',
  'every ',
  'token ',
  'through ',
  'one ',
  'OpenAI ',
  'shape. ',
];

function wallClock(): number {
  return performance.timeOrigin + performance.now();
}

interface Knobs {
  tps: number;
  tokens: number;
  ttft: number;
}

function knobsOf(body: { messages?: { content?: unknown }[] }): Knobs {
  const text = JSON.stringify(body.messages ?? []);
  const read = (name: string, fallback: number) =>
    Number(new RegExp(`${name}=(\\d+)`).exec(text)?.[1] ?? fallback);
  return { tps: read('tps', 0), tokens: read('tokens', 8), ttft: read('ttft', 0) };
}

const chunk = (model: string, delta: object, finish: string | null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

async function stream(res: ServerResponse, model: string, knobs: Knobs): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (knobs.ttft > 0) await new Promise((r) => setTimeout(r, knobs.ttft));
  res.write(chunk(model, { role: 'assistant', content: '' }, null));
  const interval = knobs.tps > 0 ? 1000 / knobs.tps : 0;
  const start = performance.now();
  for (let i = 0; i < knobs.tokens; i += 1) {
    if (res.destroyed) return;
    if (interval > 0) {
      const due = start + i * interval - performance.now();
      if (due > 0) await new Promise((r) => setTimeout(r, due));
    }
    const content = knobs.tps > 0 ? `<${wallClock().toFixed(3)}>` : (WORDS[i % WORDS.length] ?? '');
    res.write(chunk(model, { content }, null));
  }
  res.write(chunk(model, {}, 'stop'));
  res.write(
    `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model, choices: [], usage: { prompt_tokens: 12, completion_tokens: knobs.tokens, total_tokens: 12 + knobs.tokens } })}\n\n`,
  );
  res.end('data: [DONE]\n\n');
}

function whole(res: ServerResponse, model: string, knobs: Knobs): void {
  const content = Array.from({ length: knobs.tokens }, (_, i) => WORDS[i % WORDS.length]).join('');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion',
      created: 1,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 12,
        completion_tokens: knobs.tokens,
        total_tokens: 12 + knobs.tokens,
      },
    }),
  );
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (d: string) => (raw += d));
  req.on('end', () => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as {
      model?: string;
      stream?: boolean;
      messages?: { content?: unknown }[];
    };
    const model = body.model ?? 'bench';
    if (body.stream) void stream(res, model, knobsOf(body));
    else whole(res, model, knobsOf(body));
  });
}

const server = createServer({ keepAliveTimeout: 60_000 }, handle);
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`,
  );
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
