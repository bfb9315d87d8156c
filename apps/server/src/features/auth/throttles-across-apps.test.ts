import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { outboxMails, registerAndSignIn, uniqueEmail } from '../../../test/auth';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { LOGIN_THROTTLE } from './auth.service';
import { blockSchedule } from './throttle';
import { ThrottlesRepository } from './throttles.repository';

const WRONG = 'not-the-password-at-all';

/**
 * Two app instances on one database (and one Redis when the suite has REDIS_URL), like two
 * processes behind a load balancer: parallel requests split across them must each count.
 */
describe('throttles and cooldowns across two app instances', () => {
  let pair: TestAppPair;
  /** Each test its own client address, so the per-address route limits never interfere. */
  let address = 0;
  const nextAddress = () => `10.20.0.${(address += 1)}`;

  beforeAll(async () => {
    pair = await createTestAppPair();
  });
  afterAll(() => pair.close());

  const post = (app: FastifyInstance, url: string, payload: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
  const split = <T>(n: number, call: (app: FastifyInstance) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => call(i % 2 === 0 ? pair.a : pair.b)));
  const failuresOf = async (email: string) =>
    (await new ThrottlesRepository(pair.a.db).find(`login:${email}`))?.failures ?? 0;

  it('counts every one of N parallel wrong passwords and blocks at the count the backoff names', async () => {
    const { user } = await registerAndSignIn(pair.a);
    const from = nextAddress();
    const free = LOGIN_THROTTLE.freeFailures - 1;
    const answers = await split(free, (app) => post(app, '/auth/login', { email: user.email, password: WRONG }, from));
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: free }, () => 401));
    expect(await failuresOf(user.email)).toBe(free);

    // The next failure is the one that blocks, whichever instance sees it.
    expect((await post(pair.b, '/auth/login', { email: user.email, password: WRONG }, from)).statusCode).toBe(401);
    const blocked = await post(pair.a, '/auth/login', { email: user.email, password: WRONG }, from);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(LOGIN_THROTTLE.baseBlockMs / 1000);
  });

  it('past the free failures, counts each parallel failure it answers and blocks for that count', async () => {
    const { user } = await registerAndSignIn(pair.b);
    const from = nextAddress();
    const n = 12;
    const answers = await split(n, (app) => post(app, '/auth/login', { email: user.email, password: WRONG }, from));
    // A try that arrives after a block was written is refused uncounted; every other one counts.
    const counted = answers.filter((r) => r.statusCode === 401).length;
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(counted).toBeGreaterThanOrEqual(LOGIN_THROTTLE.freeFailures);
    expect(await failuresOf(user.email)).toBe(counted);

    const schedule = blockSchedule(LOGIN_THROTTLE);
    const blockSeconds = (schedule[Math.min(counted, schedule.length) - 1] ?? 0) / 1000;
    const next = await post(pair.a, '/auth/login', { email: user.email, password: WRONG }, from);
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(blockSeconds - 5);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(blockSeconds);
  });

  it('lets exactly one of N parallel resend requests through, and mails one code', async () => {
    const email = uniqueEmail('resend');
    const from = nextAddress();
    const answers = await split(6, (app) => post(app, '/auth/resend-verification-code', { email }, from));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('mails one reset link for N parallel reset requests', async () => {
    const { user } = await registerAndSignIn(pair.a);
    const from = nextAddress();
    const answers = await split(6, (app) => post(app, '/auth/password-reset', { email: user.email }, from));
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 6 }, () => 200));
    await expect
      .poll(() => outboxMails(pair.a, user.email).filter((m) => /reset/i.test(m.subject)).length)
      .toBe(1);
  });
});
