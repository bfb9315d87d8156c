import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type TestHandler = (req: SeenRequest, res: ServerResponse) => void;

export interface TestServer {
  origin: string;
  seen: SeenRequest[];
  /** Connections that did not speak HTTP (e.g. a TLS handshake sent to this plain server). */
  clientErrors: number;
  setHandler(handler: TestHandler): void;
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A real HTTP server on a free local port, for driving the client through Node's fetch. */
export async function startTestServer(): Promise<TestServer> {
  let handler: TestHandler = (_req, res) => sendJson(res, 200, {});
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(entry);
      handler(entry, res);
    });
  });
  const state: TestServer = {
    origin: '',
    seen,
    clientErrors: 0,
    setHandler: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('clientError', (_err, socket) => {
    state.clientErrors += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
