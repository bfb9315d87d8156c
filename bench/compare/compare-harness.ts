import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface TapEvent {
  /** performance.timeOrigin-relative wall clock (ms), comparable across processes on one host. */
  at: number;
  /** Upstream answer text so far. */
  length: number;
}

/**
 * provider-sim behind a loopback tap: every SSE line that carries answer text is timestamped as
 * it leaves for the server, keyed by the bench tag found in the request's prompt.
 */
export interface Upstream {
  sim: ProviderSim;
  tapUrl: string;
  emitted: Map<string, TapEvent[]>;
  close(): Promise<void>;
}

function textOf(line: string): string {
  if (!line.startsWith('data:')) return '';
  try {
    const data: unknown = JSON.parse(line.slice(5).trim());
    const json = JSON.stringify(data);
    // OpenAI/xAI: choices[0].delta.content; Anthropic: delta.text; Gemini: parts[].text.
    const match = /"(?:content|text)":"((?:[^"\\]|\\.)*)"/.exec(json);
    return match?.[1] ? (JSON.parse(`"${match[1]}"`) as string) : '';
  } catch {
    return '';
  }
}

export async function startUpstream(): Promise<Upstream> {
  const sim = await startProviderSim({ port: 0, host: '127.0.0.1' });
  const emitted = new Map<string, TapEvent[]>();
  const tap = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tag = /bench-[a-z0-9-]+/.exec(body.toString())?.[0] ?? 'untagged';
      const target = new URL(req.url ?? '/', sim.url);
      const upstream = http.request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          const events: TapEvent[] = [];
          emitted.set(tag, events);
          let length = 0;
          let pending = '';
          answer.on('data', (chunk: Buffer) => {
            pending += chunk.toString();
            const lines = pending.split('\n');
            pending = lines.pop() ?? '';
            res.write(chunk);
            const at = performance.timeOrigin + performance.now();
            for (const line of lines) {
              const text = textOf(line);
              if (text) {
                length += text.length;
                events.push({ at, length });
              }
            }
          });
          answer.on('end', () => res.end());
          answer.on('close', () => {
            if (!answer.complete) res.destroy();
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => tap.listen(0, '127.0.0.1', resolve));
  const tapUrl = `http://127.0.0.1:${(tap.address() as AddressInfo).port}`;
  return {
    sim,
    tapUrl,
    emitted,
    close: async () => {
      tap.closeAllConnections();
      await new Promise<void>((resolve) => tap.close(() => resolve()));
      await sim.close();
    },
  };
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
  stop(): Promise<void>;
}

/** The real server process (tsx) on a temp SQLite database, every provider pointed at `upstream`. */
export async function startServer(upstream: string, extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-bench-compare-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
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
  });
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
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
