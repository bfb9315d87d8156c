import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { sleep } from '../lib/stats';

const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

/**
 * The node flags of apps/server's `npm start` (`node <flags> dist/main.js`), so the bench runs
 * the server with the flags it is deployed with (today `--no-memory-reducer`, see BENCHMARKS.md).
 */
export function startScriptFlags(serverDir = SERVER_DIR): string[] {
  const manifest = JSON.parse(readFileSync(`${serverDir}package.json`, 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** SIGTERM and wait: a graceful exit, which also writes a --cpu-prof profile. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * One real server process with `npm start`'s node flags, run from source (src/main.ts under
 * tsx) so a bench never measures a stale build; plus extra node flags (e.g. --cpu-prof, which
 * NODE_OPTIONS refuses), resolved once /health answers; `cpus` (a taskset list) keeps it on
 * those cores.
 */
export async function startBenchServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  cpus?: string,
  /** Another checkout's apps/server/ (ending in '/'), e.g. the code before a change, for an A/B in one run. */
  serverDir = SERVER_DIR,
): Promise<BenchServer> {
  const port = await freePort();
  const nodeCommand = [
    ...startScriptFlags(serverDir),
    ...nodeArgs,
    '--import',
    'tsx',
    'src/main.ts',
  ];
  // taskset execs node in place, so the child's pid is the server's.
  const child = spawn(
    cpus === undefined ? process.execPath : 'taskset',
    cpus === undefined ? nodeCommand : ['-c', cpus, process.execPath, ...nodeCommand],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode})`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not answer /api/v1/health within 60 s');
    }
    const ok = await fetch(`${baseUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  return {
    child,
    pid: child.pid ?? 0,
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
