import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/auth';
import { createTempDir, createTestDatabase, type TestDatabase } from '../../../test/database';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { LOGIN_THROTTLE } from './auth.service';
import { blockSchedule } from './throttle';
import { ThrottlesRepository } from './throttles.repository';

/** auth.routes.ts: password-reset allows this many requests per minute per client address. */
const RESET_ROUTE_LIMIT = 10;
const WRONG = 'not-the-password-at-all';

/**
 * Two real server processes on one database: SQLite (one file) or PostgreSQL, with Redis when
 * the suite has REDIS_URL. Requests come from loopback, so X-Forwarded-For sets each test's
 * client address (TRUST_PROXY defaults to loopback) and the per-address route limits of one
 * test never reach another.
 */
describe('login limits across two server processes', () => {
  let temp: { dir: string; remove(): void };
  let database: TestDatabase;
  let reader: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    temp = createTempDir();
    database = await createTestDatabase(temp.dir);
    const env = {
      DATA_DIR: temp.dir,
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
    // One after the other: the second boot finds the schema migrated.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    reader = createDatabase(database.url);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await reader?.close();
    await database?.drop();
    temp?.remove();
  });

  const post = (server: ServerProcess, path: string, body: object, clientAddress: string) =>
    fetch(`${server.baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
      body: JSON.stringify(body),
    });
  const wrongLogins = (n: number, email: string, clientAddress: string) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        post(i % 2 === 0 ? a : b, '/auth/login', { email, password: WRONG }, clientAddress),
      ),
    );
  const failuresOf = async (email: string) =>
    (await new ThrottlesRepository(reader.db).find(`login:${email}`))?.failures ?? 0;

  it('counts N parallel wrong passwords split across both and blocks at the fifth', async () => {
    const email = uniqueEmail('two-process');
    const from = '10.40.0.1';
    const free = LOGIN_THROTTLE.freeFailures - 1;
    const answers = await wrongLogins(free, email, from);
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: free }, () => 401));
    expect(await failuresOf(email)).toBe(free);

    expect((await post(b, '/auth/login', { email, password: WRONG }, from)).status).toBe(401);
    const blocked = await post(a, '/auth/login', { email, password: WRONG }, from);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(LOGIN_THROTTLE.baseBlockMs / 1000);
  });

  it('counts every parallel failure it answers past the free ones, and blocks for that count', async () => {
    const email = uniqueEmail('two-process');
    const from = '10.40.0.2';
    const answers = await wrongLogins(12, email, from);
    // A try that arrives after a block was written is refused uncounted; every other one counts.
    expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    const counted = answers.filter((r) => r.status === 401).length;
    expect(counted).toBeGreaterThanOrEqual(LOGIN_THROTTLE.freeFailures);
    expect(await failuresOf(email)).toBe(counted);

    const schedule = blockSchedule(LOGIN_THROTTLE);
    const blockSeconds = (schedule[Math.min(counted, schedule.length) - 1] ?? 0) / 1000;
    const next = await post(b, '/auth/login', { email, password: WRONG }, from);
    expect(next.status).toBe(429);
    const retryAfter = Number(next.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(blockSeconds - 5);
    expect(retryAfter).toBeLessThanOrEqual(blockSeconds);
  });

  it.skipIf(process.env.REDIS_URL === undefined)(
    "with REDIS_URL, spends a route's per-address limit once across both processes",
    async () => {
      const from = '10.40.0.3';
      const reset = (server: ServerProcess) =>
        post(server, '/auth/password-reset', { email: 'nobody@example.test' }, from);
      const answers = await Promise.all(
        Array.from({ length: RESET_ROUTE_LIMIT + 4 }, (_, i) => reset(i % 2 === 0 ? a : b)),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(RESET_ROUTE_LIMIT);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(4);
      for (const server of [a, b]) expect((await reset(server)).status).toBe(429);
    },
  );
});
