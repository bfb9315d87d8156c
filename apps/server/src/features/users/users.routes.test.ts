import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { User } from '@parallax/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn, TEST_PASSWORD } from '../../../test/auth';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const me = (method: 'GET' | 'PATCH' | 'DELETE', token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: '/api/v1/users/me',
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

describe('/users/me', () => {
  it('needs a signed-in user', async () => {
    expect((await me('GET', null)).statusCode).toBe(401);
    expect((await me('GET', 'not.a.jwt')).statusCode).toBe(401);
  });

  it('returns the profile with default preferences', async () => {
    const { accessToken } = await registerAndSignIn(t.app, { name: 'Ada' });
    const user = User.parse((await me('GET', accessToken)).json());
    expect(user).toMatchObject({
      name: 'Ada',
      avatar_url: null,
      role: 'user',
      email_verified: true,
    });
    expect(user.preferences).toEqual({
      theme: 'system',
      default_provider: null,
      default_model: null,
    });
  });

  it('PATCH changes profile fields only and merges preferences', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const res = await me('PATCH', accessToken, {
      name: 'Grace',
      avatar_url: 'https://example.test/a.png',
      preferences: { theme: 'dark' },
    });
    expect(res.statusCode).toBe(200);
    const again = await me('PATCH', accessToken, {
      preferences: { default_provider: 'anthropic', default_model: 'claude' },
    });
    expect(again.json()).toMatchObject({
      name: 'Grace',
      avatar_url: 'https://example.test/a.png',
      preferences: { theme: 'dark', default_provider: 'anthropic', default_model: 'claude' },
    });
    for (const forbidden of [
      { role: 'admin' },
      { email: 'x@example.test' },
      { email_verified: false },
    ]) {
      expect((await me('PATCH', accessToken, forbidden)).statusCode).toBe(422);
    }
    expect((await me('PATCH', accessToken, { avatar_url: 'javascript:alert(1)' })).statusCode).toBe(
      422,
    );
    expect((await me('GET', accessToken)).json().role).toBe('user');
  });

  it('DELETE removes the account and everything it owns, and signs it out', async () => {
    const visitorId = `visitor_${'d'.repeat(30)}`;
    const { user, accessToken, refreshToken } = await registerAndSignIn(t.app, { visitorId });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: user.email },
    });
    expect((await me('DELETE', accessToken)).json()).toEqual({ ok: true });

    expect((await me('GET', accessToken)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refresh_token: refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: user.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    for (const table of [
      'sessions',
      'password_reset_tokens',
      'visitor_claims',
      'verification_codes',
      'user_identities',
    ] as const) {
      const rows = await t.app.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows, table).toHaveLength(0);
    }
    expect(await t.app.db.selectFrom('refresh_tokens').selectAll().execute()).toHaveLength(0);
  });
});
