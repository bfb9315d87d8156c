import type {
  AdminDashboard,
  AdminUserDetail,
  AdminUserListResponse,
  AuditListResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  outboxMails,
  registerAndSignIn,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedInUser,
} from '../../../test/auth';
import { newVisitorId, sendBody } from '../../../test/chat';

/** Where a disabled account is told to write (SUPPORT_EMAIL): support itself needs a sign-in. */
const SUPPORT_EMAIL = 'help@parallax.test';

describe('admin users', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let user: SignedInUser;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(admin.accessToken),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL } });
    admin = await registerAndSignIn(t.app, { admin: true, email: uniqueEmail('boss') });
    user = await registerAndSignIn(t.app, { email: uniqueEmail('member') });
  });
  afterAll(() => t.close());

  it('lists accounts with search and filters', async () => {
    const pending = uniqueEmail('pending');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: pending, password: TEST_PASSWORD },
    });
    const search = await call('GET', `/admin/users?q=${encodeURIComponent('MEMBER-')}`);
    expect(search.json<AdminUserListResponse>().users.map((u) => u.email)).toEqual([
      user.user.email,
    ]);
    const admins = await call('GET', '/admin/users?role=admin');
    expect(admins.json<AdminUserListResponse>().users.map((u) => u.id)).toEqual([admin.user.id]);
    const unverified = await call('GET', '/admin/users?verified=false');
    expect(unverified.json<AdminUserListResponse>().users.map((u) => u.email)).toEqual([pending]);
    const free = await call('GET', '/admin/users?plan=free&limit=2');
    expect(free.json<AdminUserListResponse>()).toMatchObject({ total: 3 });
    expect(free.json<AdminUserListResponse>().users).toHaveLength(2);
    expect(free.json<AdminUserListResponse>().users[0]).toMatchObject({
      plan_id: 'free',
      plan_name: 'Free',
    });
  });

  it("shows an account's plan, sessions, usage and last activity", async () => {
    const res = await call('GET', `/admin/users/${user.user.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AdminUserDetail>();
    expect(detail).toMatchObject({
      email: user.user.email,
      plan_id: 'free',
      disabled: false,
      role: 'user',
    });
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
    expect(detail.last_active_at).not.toBeNull();
    expect(detail.usage).toEqual({
      messages_total: 0,
      messages_30d: 0,
      input_tokens_30d: 0,
      output_tokens_30d: 0,
    });
    expect((await call('GET', '/admin/users/nobody')).statusCode).toBe(404);
  });

  it('disabling ends every session and refresh token at once, and blocks sign-in until enabled', async () => {
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.user.email, password: TEST_PASSWORD },
    });
    expect(second.statusCode).toBe(200);

    const disabled = await call('PATCH', `/admin/users/${user.user.id}`, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<AdminUserDetail>()).toMatchObject({ disabled: true });
    expect(disabled.json<AdminUserDetail>().sessions.every((s) => s.revoked)).toBe(true);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(user.accessToken),
    });
    expect(me.statusCode).toBe(401);
    for (const refreshToken of [
      user.refreshToken,
      second.json<{ refresh_token: string }>().refresh_token,
    ]) {
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json<{ detail: string }>().detail).toBe(
      `This account has been disabled. If you think this is a mistake, write to support at ${SUPPORT_EMAIL}.`,
    );
    const listed = await call('GET', '/admin/users?disabled=true');
    expect(listed.json<AdminUserListResponse>().users.map((u) => u.id)).toEqual([user.user.id]);

    expect(
      (await call('PATCH', `/admin/users/${user.user.id}`, { disabled: false })).statusCode,
    ).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.user.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    user = { ...user, accessToken: again.json<{ access_token: string }>().access_token };

    const audit = await call('GET', `/admin/audit?target_type=user&target_id=${user.user.id}`);
    expect(audit.json<AuditListResponse>().entries.map((e) => e.action)).toEqual([
      'user.enable',
      'user.disable',
    ]);
  });

  it('grants and revokes admin, never the caller’s own role or account', async () => {
    const granted = await call('PATCH', `/admin/users/${user.user.id}`, { role: 'admin' });
    expect(granted.json<AdminUserDetail>().role).toBe('admin');
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard',
      headers: bearer(user.accessToken),
    });
    expect(asAdmin.statusCode).toBe(200);
    await call('PATCH', `/admin/users/${user.user.id}`, { role: 'user' });
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard',
      headers: bearer(user.accessToken),
    });
    expect(revoked.statusCode).toBe(403);

    const demoteSelf = await call('PATCH', `/admin/users/${admin.user.id}`, { role: 'user' });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json<{ detail: string }>().detail).toBe(
      'role: you cannot remove your own admin role.',
    );
    const disableSelf = await call('PATCH', `/admin/users/${admin.user.id}`, { disabled: true });
    expect(disableSelf.statusCode).toBe(409);
    expect((await call('DELETE', `/admin/users/${admin.user.id}`)).statusCode).toBe(409);
    const self = await call('GET', `/admin/users/${admin.user.id}`);
    expect(self.json<AdminUserDetail>()).toMatchObject({ role: 'admin', disabled: false });
    expect(
      (await call('PATCH', `/admin/users/${user.user.id}`, { role: 'owner' })).statusCode,
    ).toBe(422);
  });

  it('resends a verification code to an unverified account only', async () => {
    const pending = uniqueEmail('resend');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: pending, password: TEST_PASSWORD },
    });
    const list = await call('GET', `/admin/users?q=${encodeURIComponent(pending)}`);
    const id = list.json<AdminUserListResponse>().users[0]?.id ?? '';
    await vi.waitFor(() => expect(outboxMails(t.app, pending)).toHaveLength(1));
    // Right after the register mail: the user's own one-minute cooldown does not hold an admin.
    const res = await call('POST', `/admin/users/${id}/resend-verification`);
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(outboxMails(t.app, pending)).toHaveLength(2));
    const verified = await call('POST', `/admin/users/${user.user.id}/resend-verification`);
    expect(verified.statusCode).toBe(409);
  });

  it('deletes another account with everything it owns', async () => {
    const doomed = await registerAndSignIn(t.app, { email: uniqueEmail('doomed') });
    const res = await call('DELETE', `/admin/users/${doomed.user.id}`);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/admin/users/${doomed.user.id}`)).statusCode).toBe(404);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(doomed.accessToken),
    });
    expect(me.statusCode).toBe(401);
    const audit = await call('GET', '/admin/audit?action=user.delete');
    expect(audit.json<AuditListResponse>().entries[0]).toMatchObject({
      target_id: doomed.user.id,
      before: { email: doomed.user.email },
    });
  });

  it('gives the dashboard figures', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: { 'x-visitor-id': newVisitorId() },
      payload: sendBody('hello', { provider: 'openai', model: 'parallax-demo' }),
    });
    expect(sent.statusCode).toBe(200);
    const res = await call('GET', '/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const figures = res.json<AdminDashboard>();
    const users = (await call('GET', '/admin/users')).json<AdminUserListResponse>().total;
    expect(figures).toMatchObject({ users_total: users, users_new_7d: users, messages_today: 1 });
    // No subscription yet: revenue is zero, not missing.
    expect(figures).toMatchObject({ mrr: [], paying_subscriptions: 0 });
    expect(figures.series).toHaveLength(30);
    const today = figures.series.at(-1);
    expect(today).toMatchObject({
      day: new Date().toISOString().slice(0, 10),
      messages: 1,
      new_users: users,
    });
  });
});
