import type { Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';

/** Where the HTTP server listens, and how deep each accept queue is. */
export interface ListenAddress {
  host: string;
  port: number;
  backlog: number;
}

/**
 * Rejects (EADDRINUSE, as a plain listen would) when another process listens on the address.
 * Sockets that all set SO_REUSEPORT share a port silently, so a second server started on a
 * port a first one holds that way would take half its connections instead of failing: a
 * socket without it, bound and closed first, fails there as before.
 */
export function refuseIfTaken(address: Pick<ListenAddress, 'host' | 'port'>): Promise<void> {
  if (address.port === 0) return Promise.resolve();
  const probe = createServer();
  return new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ host: address.host, port: address.port }, () => probe.close(() => resolve()));
  });
}

/**
 * `count` more listening sockets on the HTTP server's port, each handing what it accepts to
 * that one server (its requests, upgrades and connection tracking are the server's own). libuv
 * accepts one pending connection per listening socket per turn of the event loop, so while the
 * loop is busy (a burst of sends), each new connection of a burst waits a turn behind the one
 * before it; with more sockets on the port a turn accepts one on each (SO_REUSEPORT: the
 * kernel spreads connections over them; Linux, and the HTTP server must listen with
 * `reusePort` too). Resolves with the function that stops them accepting; rejects, with none
 * left listening, when one cannot listen.
 */
export async function addAcceptListeners(
  http: HttpServer,
  address: ListenAddress,
  count: number,
): Promise<() => Promise<void>> {
  const servers: Server[] = [];
  // Stops accepting at once. Not close()'s callback: that waits for the connections each
  // accepted, which are the HTTP server's to close (app.close), after this.
  const closeAll = async (): Promise<void> => {
    for (const server of servers) if (server.listening) server.close();
  };
  try {
    for (let index = 0; index < count; index++) {
      const server = createServer((socket) => http.emit('connection', socket));
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ ...address, reusePort: true }, () => {
          server.off('error', reject);
          resolve();
        });
      });
    }
  } catch (error) {
    closeAll();
    throw error;
  }
  return closeAll;
}
