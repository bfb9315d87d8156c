import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

const CHECKPOINT_EVERY_MS = 250;
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/*
 * Runs in the worker: its own connection to the same file, copying the WAL into the database
 * (PASSIVE: never waits for the app's connection and never makes it wait) on a timer. The app's
 * next write restarts the WAL from its start once every frame has been copied, so it stays small.
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next tick tries again */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0); });
`;

export interface SqliteCheckpointer {
  stop(): Promise<void>;
}

/**
 * Takes WAL checkpoints off the app's thread. SQLite's automatic checkpoint runs inside the
 * commit that crosses 1,000 WAL pages, with an fsync of the database file, on the thread that
 * serves requests: under a steady stream of small writes (a daily-allowance row per call) that
 * stalled every few hundred requests for milliseconds (BENCHMARKS.md, OpenAI-compatible API).
 * If the worker fails, the connection's own automatic checkpoint is switched back on.
 */
export function startSqliteCheckpointer(
  sqlite: SqliteDatabase.Database,
  filename: string,
): SqliteCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, filename, everyMs: CHECKPOINT_EVERY_MS },
  });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  const fallBack = () => {
    if (!stopped && sqlite.open)
      sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  worker.once('error', fallBack);
  worker.once('exit', fallBack);
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held until it has exited: unref'd, a process with nothing else left to do would end
      // while close() still waited for it (a migration run alone, the last step of a shutdown).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
