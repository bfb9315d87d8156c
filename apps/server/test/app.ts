import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type AppConfig, type Env } from '../src/config';
import { createTempDir, createTestDatabase } from './database';
import { writeFixtureWebDist } from './web-dist';

export interface TestAppOverrides {
  /** Extra env vars, validated by the real loadConfig (e.g. `{ VISITOR_DAILY_LIMIT: '2' }`). */
  env?: Env;
  /** Default: a fixture build (see web-dist.ts) in the temp data folder. */
  webDistDir?: string;
  /** Default: silent. Pass `{ level: 'debug' }` while debugging a test. */
  logger?: BuildAppOptions['logger'];
  /** DNS for outbound calls and URL checks (a test makes a name resolve where it needs). */
  resolve?: BuildAppOptions['resolve'];
  /** read_page may reach 127.0.0.1 (a test's own page server); see BuildAppOptions. */
  pageReadsReachPrivate?: boolean;
  /** Short MCP reconnection waits; see BuildAppOptions. */
  mcpBackoff?: BuildAppOptions['mcpBackoff'];
}

export interface TestApp {
  /** The real app, built by buildApp: drive it with `app.inject()` (or `app.listen()`). */
  app: FastifyInstance;
  config: AppConfig;
  /** Closes the app, then drops its database and temp folder. Call in afterEach/afterAll. */
  close(): Promise<void>;
}

/**
 * Builds the REAL app on a REAL, fresh database, isolated from every other test:
 * - a temp DATA_DIR (JWT secret file, SQLite file, uploads) removed on close;
 * - SQLite in that folder by default, or, when the suite runs with
 *   `DATABASE_URL=postgres://…`, a new database `parallax_t_<random>` on that server,
 *   dropped on close;
 * - migrations run by buildApp, exactly as on boot.
 *
 * ```ts
 * let t: TestApp;
 * beforeEach(async () => { t = await createTestApp(); });
 * afterEach(() => t.close());
 * it('…', async () => { const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' }); });
 * ```
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const { apps, config, close } = await createTestApps(1, overrides);
  const [app] = apps;
  if (app === undefined) throw new Error('createTestApps built no app');
  return { app, config, close };
}

export interface TestAppPair {
  /** Two instances of the real app on one database and data folder, like two processes. */
  a: FastifyInstance;
  b: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * Two app instances on ONE database (PostgreSQL: one `parallax_t_…` database; SQLite: one
 * file), each with its own connections and in-memory state, and REDIS_URL passed on when the
 * suite runs with it: what two processes behind a load balancer share, and nothing more.
 */
export async function createTestAppPair(overrides: TestAppOverrides = {}): Promise<TestAppPair> {
  const env: Env = {
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...overrides.env,
  };
  const { apps, config, close } = await createTestApps(2, { ...overrides, env });
  const [a, b] = apps;
  if (a === undefined || b === undefined)
    throw new Error('createTestApps built fewer than two apps');
  return { a, b, config, close };
}

async function createTestApps(
  count: number,
  overrides: TestAppOverrides,
): Promise<{ apps: FastifyInstance[]; config: AppConfig; close(): Promise<void> }> {
  const temp = createTempDir();
  const database = await createTestDatabase(temp.dir);
  const apps: FastifyInstance[] = [];
  const cleanUp = async () => {
    const closing = await Promise.allSettled(apps.map((app) => app.close()));
    await database.drop();
    temp.remove();
    const failed = closing.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  try {
    const config = loadConfig({
      DATA_DIR: temp.dir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      ...overrides.env,
    });
    const webDistDir = overrides.webDistDir ?? writeFixtureWebDist(path.join(temp.dir, 'web-dist'));
    // One after the other: the second boot finds the schema migrated, as a second process would.
    for (let n = 0; n < count; n += 1) {
      apps.push(
        await buildApp(config, {
          webDistDir,
          ...(overrides.logger ? { logger: overrides.logger } : {}),
          ...(overrides.resolve ? { resolve: overrides.resolve } : {}),
          ...(overrides.pageReadsReachPrivate ? { pageReadsReachPrivate: true } : {}),
          ...(overrides.mcpBackoff ? { mcpBackoff: overrides.mcpBackoff } : {}),
        }),
      );
    }
    let closed: Promise<void> | undefined;
    return { apps, config, close: () => (closed ??= cleanUp()) };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
