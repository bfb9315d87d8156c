import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestAppPair, type TestAppPair } from '../../test/app';
import { GLOBAL_RATE_LIMIT_PER_MINUTE } from './rate-limit';

/** Mail routes allow this many requests per minute per client address (auth.routes.ts). */
const MAIL_ROUTE_LIMIT = 10;

const scaled = process.env.REDIS_URL !== undefined;

describe.skipIf(!scaled)(
  'route rate limits with REDIS_URL (skipped without it: one process keeps its own)',
  () => {
    let pair: TestAppPair;
    beforeAll(async () => {
      pair = await createTestAppPair();
    });
    afterAll(() => pair.close());

    const resetFrom = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email: 'nobody@example.test' },
        remoteAddress,
      });

    it("counts a route's requests through both instances against one limit", async () => {
      const from = '10.30.0.1';
      for (let n = 0; n < MAIL_ROUTE_LIMIT; n += 1) {
        const res = await resetFrom(n % 2 === 0 ? pair.a : pair.b, from);
        expect(res.statusCode).toBe(200);
        expect(Number(res.headers['x-ratelimit-remaining'])).toBe(MAIL_ROUTE_LIMIT - n - 1);
      }
      // Each instance has answered only half the limit itself; together they have spent it.
      for (const app of [pair.a, pair.b]) {
        const refused = await resetFrom(app, from);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ error: 'rate_limited' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another client address has its own allowance.
      expect((await resetFrom(pair.b, '10.30.0.2')).statusCode).toBe(200);
    });

    it('draws routes without their own limit from one allowance, in both instances', async () => {
      const from = { remoteAddress: '10.30.0.4' };
      const remaining = async (app: FastifyInstance, url: string) =>
        Number(
          (await app.inject({ method: 'GET', url, ...from })).headers['x-ratelimit-remaining'],
        );
      expect(await remaining(pair.a, '/api/v1/models')).toBe(GLOBAL_RATE_LIMIT_PER_MINUTE - 1);
      expect(await remaining(pair.b, '/api/v1/auth/providers')).toBe(
        GLOBAL_RATE_LIMIT_PER_MINUTE - 2,
      );
      expect(await remaining(pair.a, '/api/v1/auth/providers')).toBe(
        GLOBAL_RATE_LIMIT_PER_MINUTE - 3,
      );
    });
  },
);
