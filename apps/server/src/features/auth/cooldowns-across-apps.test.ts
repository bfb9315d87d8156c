import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { outboxMails, registerAndSignIn, uniqueEmail } from '../../../test/auth';
import { createTestAppPair, type TestAppPair } from '../../../test/app';

/**
 * Two app instances on one database (and one Redis when the suite has REDIS_URL), like two
 * processes behind a load balancer: of parallel requests split across them, one takes the
 * cooldown. The login backoff is tested across two real processes (login-two-process.test.ts).
 */
describe('mail cooldowns across two app instances', () => {
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

  it('lets exactly one of N parallel resend requests through, the rest get 429 with Retry-After', async () => {
    const email = uniqueEmail('resend');
    const from = nextAddress();
    const answers = await split(6, (app) =>
      post(app, '/auth/resend-verification-code', { email }, from),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('mails one reset link for N parallel reset requests', async () => {
    const { user } = await registerAndSignIn(pair.a);
    const from = nextAddress();
    const answers = await split(6, (app) =>
      post(app, '/auth/password-reset', { email: user.email }, from),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 6 }, () => 200));
    await expect
      .poll(() => outboxMails(pair.a, user.email).filter((m) => /reset/i.test(m.subject)).length)
      .toBe(1);
  });
});
