import { API_KEY_PATTERN, type ApiKey, type ApiKeysResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer } from '../../../test/auth';
import { createKey, signUp, type KeyOwner } from './public-api.test-support';

let t: TestApp;
let alice: KeyOwner;
let bob: KeyOwner;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

const list = async (owner: KeyOwner): Promise<ApiKey[]> =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/api-keys',
      headers: bearer(owner.accessToken),
    })
  ).json<ApiKeysResponse>().keys;

describe('/api/v1/api-keys', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys' });
    expect(res.statusCode).toBe(401);
  });

  it('creates a key whose secret is shown once and stored only as a hash', async () => {
    const created = await createKey(t.app, alice, {
      name: '  CI deploys  ',
      expires_in_days: 30,
      allowed_models: ['gpt-5-mini'],
      monthly_token_budget: 1000,
      requests_per_minute: 10,
    });
    expect(created.secret).toMatch(API_KEY_PATTERN);
    expect(created.key).toMatchObject({
      name: 'CI deploys',
      status: 'active',
      prefix: created.secret.slice(0, 8),
      last_four: created.secret.slice(-4),
      allowed_models: ['gpt-5-mini'],
      monthly_token_budget: 1000,
      requests_per_minute: 10,
      requests_this_month: 0,
      last_used_at: null,
    });
    const days =
      (Date.parse(created.key.expires_at ?? '') - Date.parse(created.key.created_at)) / 86_400_000;
    expect(days).toBe(30);
    const listed = await list(alice);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const row = await t.app.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.key.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(8, -4));
  });

  it('refuses bad input naming the field', async () => {
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: bearer(alice.accessToken),
        payload,
      });
    expect((await post({ name: '   ' })).json<{ detail: string }>().detail).toMatch(/^body\.name/);
    expect(
      (await post({ name: 'x', expires_in_days: 7 })).json<{ detail: string }>().detail,
    ).toMatch(/expires_in_days/);
    const unknownModel = await post({ name: 'x', allowed_models: ['gpt-0'] });
    expect(unknownModel.statusCode).toBe(422);
    expect(unknownModel.json<{ detail: string }>().detail).toBe(
      'allowed_models: unknown model "gpt-0"',
    );
    expect((await post({ name: 'x', requests_per_minute: 0 })).statusCode).toBe(422);
  });

  it('renames and revokes; another user’s key is not found', async () => {
    const { key } = await createKey(t.app, alice, { name: 'old name' });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/api-keys/${key.id}`,
      headers: bearer(alice.accessToken),
      payload: { name: 'new name' },
    });
    expect(renamed.json<ApiKey>().name).toBe('new name');

    const asBob = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/api-keys/${key.id}`,
      headers: bearer(bob.accessToken),
      payload: { name: 'mine now' },
    });
    expect(asBob.statusCode).toBe(404);
    const bobRevokes = await t.app.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${key.id}/revoke`,
      headers: bearer(bob.accessToken),
    });
    expect(bobRevokes.statusCode).toBe(404);
    expect((await list(bob)).map((k) => k.id)).not.toContain(key.id);

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${key.id}/revoke`,
      headers: bearer(alice.accessToken),
    });
    expect(revoked.json<ApiKey>()).toMatchObject({ status: 'revoked', name: 'new name' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${key.id}/revoke`,
      headers: bearer(alice.accessToken),
    });
    expect(again.json<ApiKey>().revoked_at).toBe(revoked.json<ApiKey>().revoked_at);
  });

  it('lists the caller’s keys newest first with a 30-day chart', async () => {
    const keys = await list(alice);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.map((k) => k.created_at)).toEqual(
      [...keys.map((k) => k.created_at)].sort().reverse(),
    );
    expect(keys[0]?.daily_usage).toHaveLength(30);
  });
});
