import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of provider-sim that records the bearer key of every request (the
 * sim itself accepts any key and logs none) and, when `acceptedKeys` is set, answers any
 * other key with OpenAI's 401: which key a process used is then visible to the test.
 */
export interface KeyRecordingProxy {
  url: string;
  /** Bearer keys in arrival order. */
  readonly keys: readonly string[];
  acceptedKeys: ReadonlySet<string> | undefined;
  close(): Promise<void>;
}

export async function startKeyRecordingProxy(target: string): Promise<KeyRecordingProxy> {
  const keys: string[] = [];
  const state: { acceptedKeys: ReadonlySet<string> | undefined } = { acceptedKeys: undefined };
  const server = http.createServer((req, res) => {
    const key = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (req.method === 'POST') keys.push(key);
    if (state.acceptedKeys && !state.acceptedKeys.has(key)) {
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: 'Incorrect API key provided.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
      return;
    }
    const url = new URL(req.url ?? '/', target);
    const upstream = http.request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    get acceptedKeys() {
      return state.acceptedKeys;
    },
    set acceptedKeys(value) {
      state.acceptedKeys = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
