import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StreamStamps } from './sim-stamps';

export interface UpstreamProcess {
  child: ChildProcess;
  /** provider-sim, which stamps every token it writes (what the server and the direct path call). */
  simUrl: string;
  /** The bare pass-through proxy in front of provider-sim. */
  floorUrl: string;
  /** Stamps of every tagged stream since the last call. */
  takeStamps(): Promise<Record<string, StreamStamps>>;
  stop(): void;
}

const ENTRY = fileURLToPath(new URL('./upstream.ts', import.meta.url));

export async function startUpstreamProcess(): Promise<UpstreamProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`upstream exited (${code}) before it was ready`)),
    );
  });
  const { simUrl, floorUrl, stampsUrl } = JSON.parse(first) as {
    simUrl: string;
    floorUrl: string;
    stampsUrl: string;
  };
  return {
    child,
    simUrl,
    floorUrl,
    takeStamps: async () => {
      const response = await fetch(`${stampsUrl}/__bench/stamps`);
      return (await response.json()) as Record<string, StreamStamps>;
    },
    stop: () => {
      child.stdin?.end();
      child.kill('SIGTERM');
    },
  };
}
