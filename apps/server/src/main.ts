import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { buildApp } from './app';
import { addAcceptListeners, refuseIfTaken } from './infra/accept-listeners';
import { ConfigError, loadConfig, type AppConfig } from './config';

/** After the drain, closing (interrupt what is left; sockets, bus, database) may take this long. */
const CLOSE_TIMEOUT_MS = 10_000;
/**
 * Pending connections the kernel queues for us (capped by net.core.somaxconn). Node's default,
 * 511, is overrun by a burst of sends while the event loop is busy streaming: the overflow is
 * SYN-dropped and each dropped client waits 1, 3, 7… s for TCP to try again.
 */
const LISTEN_BACKLOG = 4096;
/**
 * Listening sockets on the port beyond the HTTP server's own (infra/accept-listeners.ts): a
 * busy turn of the event loop then accepts up to four new connections instead of one. Fifty
 * sends on new connections at once: 20.6 / 49.2 ms added to time to first token (p50 / p99)
 * instead of 33.7 / 82.1 (BENCHMARKS.md, issue 33). Linux spreads connections over sockets
 * sharing a port; elsewhere the server keeps its one socket, and so does a cluster worker
 * (PM2's `-i`), whose connections the primary accepts and hands out.
 */
const EXTRA_ACCEPT_SOCKETS = process.platform === 'linux' && cluster.isPrimary ? 3 : 0;

function loadConfigOrExit(): AppConfig {
  try {
    // Under `npm start` from the repo root the process runs in apps/server; INIT_CWD is where
    // the user typed the command, so ./data lands where the README says.
    return loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * A rolling restart (README "Rolling restarts"): on the first signal the process drains (no
 * new sends or sockets, health 503, open sockets told to reconnect elsewhere) while its running
 * answers finish, for up to SHUTDOWN_GRACE_MS; then it interrupts what is left and closes. A
 * second signal cuts the grace short.
 */
function exitGracefullyOn(
  app: FastifyInstance,
  signals: readonly NodeJS.Signals[],
  stopAccepting: () => void,
): void {
  let hurry: (() => void) | undefined;
  for (const signal of signals) {
    process.on(signal, () => {
      if (hurry) return hurry();
      const cutShort = new Promise<void>((resolve) => (hurry = resolve));
      const graceMs = app.config.shutdownGraceMs;
      app.log.info(
        { signal, running: app.chat.generations.runningCount, graceMs },
        'draining before shutdown',
      );
      setTimeout(() => {
        app.log.error('shutdown took too long; forcing exit');
        process.exit(1);
      }, graceMs + CLOSE_TIMEOUT_MS).unref();
      drainThenClose(app, graceMs, cutShort, stopAccepting).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

async function drainThenClose(
  app: FastifyInstance,
  graceMs: number,
  cutShort: Promise<void>,
  stopAccepting: () => void,
): Promise<void> {
  app.drain.begin();
  const idle = await Promise.race([
    app.chat.generations.whenIdle(graceMs),
    cutShort.then(() => false),
  ]);
  if (!idle)
    app.log.warn(
      { running: app.chat.generations.runningCount },
      'drain over; interrupting the answers still running',
    );
  stopAccepting();
  await app.close();
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  let stopAccepting = (): void => {};
  exitGracefullyOn(app, ['SIGTERM', 'SIGINT'], () => stopAccepting());
  const address = { host: config.host, port: config.port, backlog: LISTEN_BACKLOG };
  const spread = EXTRA_ACCEPT_SOCKETS > 0;
  if (spread) await refuseIfTaken(address);
  // Fastify hands these to net.Server#listen, reusePort included (its type omits it).
  const listen: FastifyListenOptions & { reusePort: boolean } = { ...address, reusePort: spread };
  await app.listen(listen);
  if (spread) {
    const { port } = app.server.address() as AddressInfo;
    try {
      stopAccepting = await addAcceptListeners(
        app.server,
        { ...address, port },
        EXTRA_ACCEPT_SOCKETS,
      );
    } catch (error) {
      app.log.warn({ err: error }, 'accepting on one socket only');
    }
  }
  app.log.info(`Parallax is listening on ${config.appUrl} (${app.dbDialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
