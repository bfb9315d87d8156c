import type { AdminModelListResponse } from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';

describe('disabling models at the same time', () => {
  let t: TestAppPair;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestAppPair();
    admin = await registerAndSignIn(t.a, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (app: FastifyInstance, id: string, enabled: boolean) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/models/${id}`,
      headers: bearer(admin.accessToken),
      payload: { enabled },
    });
  const enabledIds = async () =>
    (
      await t.a.inject({
        method: 'GET',
        url: '/api/v1/admin/models',
        headers: bearer(admin.accessToken),
      })
    )
      .json<AdminModelListResponse>()
      .models.filter((m) => m.enabled)
      .map((m) => m.id);

  it('never leaves no enabled model when the last two are disabled at once, from two processes', async () => {
    const [first, second, ...rest] = await enabledIds();
    if (first === undefined || second === undefined) throw new Error('need two enabled models');
    for (const id of rest) expect((await patch(t.a, id, false)).statusCode).toBe(200);

    // Several rounds: a race that only sometimes opens still shows within them.
    for (let round = 0; round < 8; round++) {
      const results = await Promise.all([patch(t.a, first, false), patch(t.b, second, false)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect({ round, codes }).toEqual({ round, codes: [200, 409] });
      expect(await enabledIds()).toHaveLength(1);
      const [disabled] = [first, second].filter((id, i) => results[i]?.statusCode === 200);
      expect((await patch(t.a, disabled ?? '', true)).statusCode).toBe(200);
    }
  });
});
