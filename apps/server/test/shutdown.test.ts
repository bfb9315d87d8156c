import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import net from 'node:net';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleServer, SERVER_DIR } from '../scripts/bundle-server';
import { createTempDir, createTestDatabase, isPostgresRun, type TestDatabase } from './database';

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start`'s command (`node <node flags> dist/main.js`), with the given env. */
function startServer(env: Record<string, string>): Started {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = manifest.scripts.start.split(/\s+/);
  if (command !== 'node')
    throw new Error(`npm start no longer runs node: ${manifest.scripts.start}`);
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

async function waitForHealth(
  port: number,
  started: Started,
  timeoutMs = 15_000,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null)
      throw new Error(`server exited early:\n${started.output()}`);
    try {
      return await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server did not answer in time:\n${started.output()}`);
}

describe('the production server process (npm start)', () => {
  let temp: ReturnType<typeof createTempDir>;
  let database: TestDatabase | undefined;
  let started: Started | undefined;

  // What `npm start` runs is the build's output, so the test builds it from the current source.
  beforeAll(async () => {
    await bundleServer();
  }, 60_000);

  beforeEach(() => {
    temp = createTempDir();
    database = undefined;
    started = undefined;
  });

  afterEach(async () => {
    if (started && started.child.exitCode === null) {
      started.child.kill('SIGKILL');
      await started.exited;
    }
    await database?.drop();
    temp.remove();
  });

  it('boots, serves, and on SIGTERM stops accepting, closes the database and exits 0', async () => {
    database = await createTestDatabase(temp.dir);
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: temp.dir,
      DATABASE_URL: database.url,
    });
    started = server;

    const health = await waitForHealth(port, server);
    expect(health.status).toBe(200);
    // The log is written asynchronously: the health check can be answered before the
    // "listening on" line reaches the pipe.
    await vi.waitFor(() => expect(server.output()).toContain(`http://localhost:${port}`), {
      timeout: 5_000,
    });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
    // SQLite removes its write-ahead log only when the last connection closes cleanly.
    if (!isPostgresRun()) expect(fs.existsSync(path.join(temp.dir, 'parallax.db-wal'))).toBe(false);
  });

  it('refuses to boot on bad config, naming every bad key, with exit code 1', async () => {
    started = startServer({ PORT: 'eighty', LOG_LEVEL: 'chatty', DATA_DIR: temp.dir });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('PORT:');
    expect(started.output()).toContain('LOG_LEVEL:');
  });
});
