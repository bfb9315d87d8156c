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
  const temp = createTempDir();
  const database = await createTestDatabase(temp.dir);
  const cleanUp = async () => {
    await database.drop();
    temp.remove();
  };
  try {
    const config = loadConfig({
      DATA_DIR: temp.dir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      ...overrides.env,
    });
    const app = await buildApp(config, {
      webDistDir: overrides.webDistDir ?? writeFixtureWebDist(path.join(temp.dir, 'web-dist')),
      ...(overrides.logger ? { logger: overrides.logger } : {}),
    });
    let closed: Promise<void> | undefined;
    return { app, config, close: () => (closed ??= app.close().then(cleanUp)) };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
