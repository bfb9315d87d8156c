import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of provider-sim that adds `x-sim-*` fault headers to the first
 * `failFirst` generation requests: one provider's answers break while the others' don't, even
 * though every panel gets the same prompt.
 */
export interface FaultProxy {
  url: string;
  /** Where requests go (provider-sim's origin); settable once the sim is up. */
  target: string;
  failFirst: number;
  faultHeaders: Record<string, string>;
  faulted: number;
  close(): Promise<void>;
}

export async function startFaultProxy(faultHeaders: Record<string, string>): Promise<FaultProxy> {
  const state = { target: '', failFirst: 0, faulted: 0, faultHeaders };
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', state.target);
    const headers = { ...req.headers, host: target.host };
    const isGeneration = req.method === 'POST';
    if (isGeneration && state.faulted < state.failFirst) {
      state.faulted += 1;
      Object.assign(headers, state.faultHeaders);
    }
    const upstream = http.request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      // A dropped upstream must reach the client as a dropped connection, not a hang.
      answer.on('close', () => {
        if (!answer.complete) res.destroy();
      });
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get target() {
      return state.target;
    },
    set target(value: string) {
      state.target = value;
    },
    get failFirst() {
      return state.failFirst;
    },
    set failFirst(value: number) {
      state.failFirst = value;
    },
    faultHeaders,
    get faulted() {
      return state.faulted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
