import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';

const FORCED_EXIT_AFTER_MS = 10_000;
/**
 * Pending connections the kernel queues for us (capped by net.core.somaxconn). Node's default,
 * 511, is overrun by a burst of sends while the event loop is busy streaming: the overflow is
 * SYN-dropped and each dropped client waits 1, 3, 7… s for TCP to try again.
 */
const LISTEN_BACKLOG = 4096;

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

/** Stop accepting, let in-flight requests finish, close the database; give up after 10 s. */
function exitGracefullyOn(app: FastifyInstance, signals: readonly NodeJS.Signals[]): void {
  let shuttingDown = false;
  for (const signal of signals) {
    process.on(signal, () => {
      if (shuttingDown) return;
      shuttingDown = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => {
        app.log.error('shutdown took too long; forcing exit');
        process.exit(1);
      }, FORCED_EXIT_AFTER_MS).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  exitGracefullyOn(app, ['SIGTERM', 'SIGINT']);
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info(`Parallax is listening on ${config.appUrl} (${app.dbDialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
