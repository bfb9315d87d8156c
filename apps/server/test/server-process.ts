import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import net from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
// `node --import tsx`, not the tsx CLI: the CLI runs the server in a child process, which a
// SIGKILL of the CLI would leave running.
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** SIGKILL: no shutdown hook runs, exactly like a crash. */
  kill(): Promise<void>;
  /** SIGTERM and wait (graceful). */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Give up (and kill it) when health has not answered 200 by then. */
  timeoutMs?: number;
  /** A build of the server to run (bundleServer's main.js) instead of src/main.ts under tsx. */
  bundle?: string;
  /** How often health is asked while the process boots. */
  pollIntervalMs?: number;
}

/**
 * A real server process (src/main.ts under tsx, the source `npm start` runs compiled) on a free port,
 * resolved once its health check answers. One OS process, so kill() is a real crash.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 60_000, bundle, pollIntervalMs = 100 }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const args = bundle ? ['--no-memory-reducer', bundle] : ['--import', TSX_LOADER, 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = once(child, 'exit');
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer in time:\n${output}`);
    }
    const ok = await fetch(`${baseUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
  return {
    child,
    baseUrl,
    output: () => output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
