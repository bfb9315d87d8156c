import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The floor of the A/B: a bare node:http reverse proxy that pipes the request and the SSE
 * answer through untouched. Whatever it adds is the cost of one more local hop and nothing else.
 */
export async function startPassThroughProxy(
  targetUrl: string,
): Promise<{ url: string; server: Server }> {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const server = createServer((req, res) => {
    const upstream = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}
