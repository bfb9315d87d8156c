import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { startScriptFlags } from '../chat/server-launch';
import { SimStamps } from '../chat/sim-stamps';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * provider-sim stamping every token the moment it has written it to its socket (the chat
 * bench's SimStamps on the sim's onTokenWritten hook), keyed by the bench tag in the prompt:
 * no proxy hop between the sim and the server.
 */
export interface Upstream {
  sim: ProviderSim;
  url: string;
  stamps: SimStamps;
  close(): Promise<void>;
}

export async function startUpstream(): Promise<Upstream> {
  const stamps = new SimStamps();
  const sim = await startProviderSim({
    port: 0,
    host: '127.0.0.1',
    onTokenWritten: stamps.onTokenWritten,
  });
  return { sim, url: sim.url, stamps, close: () => sim.close() };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface BenchServer {
  url: string;
  /** Its data directory (the dev mail outbox is there). */
  dataDir: string;
  stop(): Promise<void>;
}

/** The real server process (tsx, with `npm start`'s node flags) on a temp SQLite database, every provider pointed at `upstream`. */
export async function startServer(
  upstream: string,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-bench-compare-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...startScriptFlags(), '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'parallax.db')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        VISITOR_DAILY_LIMIT: '100000',
        OPENAI_API_KEY: 'sim',
        OPENAI_BASE_URL: `${upstream}/v1`,
        ANTHROPIC_API_KEY: 'sim',
        ANTHROPIC_BASE_URL: `${upstream}/v1`,
        GEMINI_API_KEY: 'sim',
        GEMINI_BASE_URL: `${upstream}/v1beta`,
        XAI_API_KEY: 'sim',
        XAI_BASE_URL: `${upstream}/v1`,
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
