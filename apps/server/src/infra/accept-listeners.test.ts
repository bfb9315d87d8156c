import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptListeners, refuseIfTaken } from './accept-listeners';

const HOST = '127.0.0.1';

function listen(server: Server, reusePort: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: HOST, port: 0, reusePort }, () =>
      resolve((server.address() as AddressInfo).port),
    );
  });
}

/** A GET on a connection of its own: which listening socket accepts it is the kernel's choice. */
function getOnNewConnection(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: HOST, port, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe.skipIf(process.platform !== 'linux')('more sockets accepting for one HTTP server', () => {
  const open: Server[] = [];
  afterEach(async () => {
    for (const server of open.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  function httpServer(): Server {
    let served = 0;
    const server = createServer((_req, res) => res.end(`served ${++served}`));
    open.push(server);
    return server;
  }

  it('serves every connection on the one server, whichever socket accepted it', async () => {
    const server = httpServer();
    const port = await listen(server, true);
    const accepted: number[] = [];
    server.on('connection', () => accepted.push(1));
    const close = await addAcceptListeners(server, { host: HOST, port, backlog: 511 }, 3);
    const bodies = await Promise.all(Array.from({ length: 40 }, () => getOnNewConnection(port)));
    expect(new Set(bodies).size).toBe(40);
    expect(accepted).toHaveLength(40);
    // The server's own socket closed: what still connects came through the added ones.
    server.close();
    expect(await getOnNewConnection(port)).toBe('served 41');
    close();
    await expect(getOnNewConnection(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('refuses a port another server listens on, even one sharing it with SO_REUSEPORT', async () => {
    const port = await listen(httpServer(), true);
    await expect(refuseIfTaken({ host: HOST, port })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
    const free = await listen(httpServer(), false);
    await new Promise((resolve) => open.pop()?.close(resolve));
    await expect(refuseIfTaken({ host: HOST, port: free })).resolves.toBeUndefined();
  });

  it('fails, leaving nothing listening, beside a server that did not set reusePort', async () => {
    const server = httpServer();
    const port = await listen(server, false);
    await expect(
      addAcceptListeners(server, { host: HOST, port, backlog: 511 }, 3),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    server.close();
    await expect(getOnNewConnection(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
