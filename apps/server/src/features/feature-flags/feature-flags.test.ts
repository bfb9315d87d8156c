import {
  AdminFeatureFlag,
  AdminFeatureFlagListResponse,
  FEATURE_FLAGS,
  MESSAGES,
  PublicConfigResponse,
  type AuditListResponse,
  type UpdateFeatureFlagRequest,
} from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';

/**
 * The flags on two app instances sharing one database (and Redis when the suite has it), like
 * two processes: what one admin sets, the other process serves on its next call.
 */
describe('feature flags', () => {
  let pair: TestAppPair;
  let admin: SignedInUser;
  let user: SignedInUser;

  beforeAll(async () => {
    pair = await createTestAppPair();
    admin = await registerAndSignIn(pair.a, { admin: true });
    user = await registerAndSignIn(pair.a);
  });
  afterAll(() => pair.close());

  const publicConfig = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    return PublicConfigResponse.parse(res.json());
  };
  const put = (app: FastifyInstance, name: string, body: unknown, token = admin.accessToken) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/admin/feature-flags/${name}`,
      headers: bearer(token),
      payload: body as object,
    });
  const body = (enabled: boolean): UpdateFeatureFlagRequest => ({ enabled });

  it('serves the spec defaults to anyone, with no payments or sign-in providers configured', async () => {
    expect(await publicConfig(pair.a)).toEqual({
      flags: {
        google_sign_in: true,
        apple_sign_in: true,
        two_factor: false,
        analytics: true,
        mock_api: false,
        https: true,
        sharing: true,
      },
      stripe_publishable_key: null,
      sign_in_providers: { google: false, apple: false },
    });
  });

  it('lists every flag for admins with its description, default and no change yet', async () => {
    const res = await pair.b.inject({
      method: 'GET',
      url: '/api/v1/admin/feature-flags',
      headers: bearer(admin.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const { flags } = AdminFeatureFlagListResponse.parse(res.json());
    expect(flags.map((f) => [f.name, f.enabled, f.default_enabled])).toEqual(
      Object.entries(FEATURE_FLAGS).map(([name, on]) => [name, on, on]),
    );
    for (const flag of flags) {
      expect(flag.description.length).toBeGreaterThan(10);
      expect(flag.updated_at).toBeNull();
      expect(flag.updated_by).toBeNull();
    }
  });

  it('refuses non-admins: 403 with the spec text, 401 without a token', async () => {
    const asUser = await put(pair.a, 'analytics', body(false), user.accessToken);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json<{ detail: string }>().detail).toBe(MESSAGES.forbidden);
    const list = await pair.a.inject({
      method: 'GET',
      url: '/api/v1/admin/feature-flags',
      headers: bearer(user.accessToken),
    });
    expect(list.statusCode).toBe(403);
    const anonymous = await pair.a.inject({
      method: 'PUT',
      url: '/api/v1/admin/feature-flags/analytics',
      payload: body(false),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await publicConfig(pair.a)).flags.analytics).toBe(true);
  });

  it('names the bad field: an unknown flag, a missing or non-boolean value, extra keys', async () => {
    const unknown = await put(pair.a, 'dark_launch', body(true));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ detail: string }>().detail).toMatch(/name/);
    const missing = await put(pair.a, 'analytics', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ detail: string }>().detail).toMatch(/enabled/);
    const text = await put(pair.a, 'analytics', { enabled: 'no' });
    expect(text.statusCode).toBe(422);
    const extra = await put(pair.a, 'analytics', { enabled: false, scope: 'all' });
    expect(extra.statusCode).toBe(422);
    expect((await publicConfig(pair.b)).flags.analytics).toBe(true);
  });

  it('applies an admin change on the other process at once, with who and when, audited', async () => {
    const before = Date.now();
    const res = await put(pair.a, 'two_factor', body(true));
    expect(res.statusCode).toBe(200);
    const flag = AdminFeatureFlag.parse(res.json());
    expect(flag).toMatchObject({
      name: 'two_factor',
      enabled: true,
      default_enabled: false,
      updated_by: { id: admin.user.id, email: admin.user.email },
    });
    expect(Date.parse(flag.updated_at ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // The other process: its public config, its server API, and its admin list.
    expect((await publicConfig(pair.b)).flags.two_factor).toBe(true);
    expect(await pair.b.featureFlags.isOn('two_factor')).toBe(true);
    const list = await pair.b.inject({
      method: 'GET',
      url: '/api/v1/admin/feature-flags',
      headers: bearer(admin.accessToken),
    });
    const listed = AdminFeatureFlagListResponse.parse(list.json()).flags;
    expect(listed.find((f) => f.name === 'two_factor')).toEqual(flag);

    const audit = await pair.b.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?target_type=feature_flag&target_id=two_factor',
      headers: bearer(admin.accessToken),
    });
    const { entries } = audit.json<AuditListResponse>();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: admin.user.id,
      action: 'feature_flag.update',
      before: { enabled: false },
      after: { enabled: true },
    });

    // Back to the default, from the other process this time.
    expect((await put(pair.b, 'two_factor', body(false))).statusCode).toBe(200);
    expect(await pair.a.featureFlags.isOn('two_factor')).toBe(false);
    expect((await publicConfig(pair.a)).flags.two_factor).toBe(false);
  });
});
