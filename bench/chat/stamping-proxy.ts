import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nowMs } from '../lib/stats';
import { SseTextCounter, TAG_PATTERN } from './sse-chunks';

/** What the upstream sent for one tagged stream: [emitted at ms, text length so far] pairs. */
export interface StreamStamps {
  stamps: Array<[number, number]>;
  text: string;
  chunks: number;
}

/**
 * Sits directly in front of the provider-sim, in its process, and records when each chunk of
 * answer text left towards the consumer. Every path of the A/B (direct, floor proxy, server)
 * reads through it, so "emitted" means the same moment for all of them.
 */
export async function startStampingProxy(simUrl: string): Promise<{ url: string; server: Server }> {
  const target = new URL(simUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const streams = new Map<string, StreamStamps>();

  const server = createServer((req, res) => {
    if (req.url === '/__bench/stamps') {
      const body = JSON.stringify(Object.fromEntries(streams));
      streams.clear();
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      return;
    }
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      const tag = TAG_PATTERN.exec(body.toString())?.[1];
      const upstream = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host, 'content-length': String(body.length) },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.flushHeaders();
          const counter = new SseTextCounter();
          const record: StreamStamps = { stamps: [], text: '', chunks: 0 };
          if (tag) streams.set(tag, record);
          answer.on('data', (chunk: Buffer) => {
            const before = counter.text.length;
            const length = counter.push(chunk.toString());
            res.write(chunk);
            if (length > before) record.stamps.push([nowMs(), length]);
          });
          answer.on('end', () => {
            record.text = counter.text;
            record.chunks = counter.chunks;
            res.end();
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}
