import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBody, TokenResponse } from '@parallax/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  latestCode,
  outboxMails,
  registerAndSignIn,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/auth';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

async function register(email: string, password = TEST_PASSWORD) {
  return post('/auth/register', { email, password });
}

describe('register and verify', () => {
  it('mails a code, verifies it once and signs in', async () => {
    const email = uniqueEmail();
    const res = await register(`  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verification_required: true, email });

    const mail = outboxMails(t.app, email).at(-1);
    expect(mail?.subject).toMatch(/Parallax verification code/);
    expect(mail?.html).toContain('Parallax');
    const code = latestCode(t.app, email);

    const verified = await post('/auth/verify-code', { email, code });
    expect(verified.statusCode).toBe(200);
    const tokens = TokenResponse.parse(verified.json());
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(Buffer.from(tokens.refresh_token, 'base64url')).toHaveLength(32);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(tokens.access_token),
    });
    expect(me.json()).toMatchObject({ email, email_verified: true, role: 'user' });

    // Single use.
    expect((await post('/auth/verify-code', { email, code })).statusCode).toBe(400);
  });

  it('refuses common and short passwords with a message naming the field', async () => {
    const common = await register(uniqueEmail(), 'password123');
    expect(common.statusCode).toBe(422);
    expect(common.json().detail).toMatch(/^password: .*common/);
    expect((await register(uniqueEmail(), 'short')).statusCode).toBe(422);
  });

  it('answers a taken email exactly like a new one and mails the owner instead', async () => {
    const { user } = await registerAndSignIn(t.app);
    const before = outboxMails(t.app, user.email).length;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const again = await register(user.email, 'another-good-passphrase');
    const fresh = await register(uniqueEmail());
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json())).toEqual(Object.keys(fresh.json()));
    const mails = outboxMails(t.app, user.email).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      'Someone tried to sign up to Parallax with your email',
    ]);
    // The existing password still works; the attempted one does not.
    expect(
      (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('expires codes after 10 minutes', async () => {
    const email = uniqueEmail();
    vi.useFakeTimers({ toFake: ['Date'] });
    await register(email);
    const code = latestCode(t.app, email);
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    expect((await post('/auth/verify-code', { email, code })).statusCode).toBe(400);
  });

  it('voids the code after 5 wrong tries', async () => {
    const email = uniqueEmail();
    await register(email);
    const code = latestCode(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect((await post('/auth/verify-code', { email, code: wrong })).statusCode).toBe(400);
    expect((await post('/auth/verify-code', { email, code })).statusCode).toBe(400);
  });

  it('resends at most once a minute per address, known or not', async () => {
    const email = uniqueEmail();
    vi.useFakeTimers({ toFake: ['Date'] });
    await register(email);
    const first = latestCode(t.app, email);
    const tooSoon = await post('/auth/resend-verification-code', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await post('/auth/resend-verification-code', { email })).statusCode).toBe(200);
    const second = latestCode(t.app, email);
    expect(outboxMails(t.app, email)).toHaveLength(2);
    // Only the newest code works.
    if (first !== second)
      expect((await post('/auth/verify-code', { email, code: first })).statusCode).toBe(400);
    expect((await post('/auth/verify-code', { email, code: second })).statusCode).toBe(200);

    const unknown = uniqueEmail('nobody');
    expect((await post('/auth/resend-verification-code', { email: unknown })).statusCode).toBe(200);
    expect((await post('/auth/resend-verification-code', { email: unknown })).statusCode).toBe(429);
    expect(outboxMails(t.app, unknown)).toHaveLength(0);
  });
});

describe('login', () => {
  it('signs in, or says verification_required for an unverified account', async () => {
    const { user } = await registerAndSignIn(t.app);
    const ok = await post('/auth/login', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    TokenResponse.parse(ok.json());

    const pending = uniqueEmail();
    await register(pending);
    const res = await post('/auth/login', { email: pending, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('verification_required');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const { user } = await registerAndSignIn(t.app);
    const wrong = await post('/auth/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/auth/login', {
      email: uniqueEmail('ghost'),
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: unknown) => ({ ...ErrorBody.parse(body), request_id: '' });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
  });

  it('throttles an account after repeated failures with 429 and Retry-After', async () => {
    const { user } = await registerAndSignIn(t.app);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await post('/auth/login', { email: user.email, password: 'wrong-password!' })).statusCode,
      ).toBe(401);
    const blocked = await post('/auth/login', { email: user.email, password: 'wrong-password!' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits until the block ends.
    expect(
      (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
  });

  it('grants admin to ADMIN_EMAILS once verified', async () => {
    await t.close();
    const email = uniqueEmail('boss');
    t = await createTestApp({ env: { ADMIN_EMAILS: email } });
    const { user } = await registerAndSignIn(t.app, { email });
    expect(user.role).toBe('admin');
    const other = await registerAndSignIn(t.app);
    expect(other.user.role).toBe('user');
  });
});

describe('sessions', () => {
  it('rotates refresh tokens; a retry within 10 s gets 409, later reuse revokes the family', async () => {
    const { refreshToken } = await registerAndSignIn(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    const rotated = await post('/auth/refresh', { refresh_token: refreshToken });
    expect(rotated.statusCode).toBe(200);
    const next = TokenResponse.parse(rotated.json());
    expect(next.refresh_token).not.toBe(refreshToken);

    expect((await post('/auth/refresh', { refresh_token: refreshToken })).statusCode).toBe(409);
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(next.access_token) });
    expect((await me()).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + 11_000);
    expect((await post('/auth/refresh', { refresh_token: refreshToken })).statusCode).toBe(401);
    // The whole family is gone: the successor and its access token too.
    expect((await post('/auth/refresh', { refresh_token: next.refresh_token })).statusCode).toBe(
      401,
    );
    expect((await me()).statusCode).toBe(401);
  });

  it('ends refresh after the 30-day absolute lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { refreshToken } = await registerAndSignIn(t.app);
    vi.setSystemTime(Date.now() + 30 * 24 * 3_600_000 + 1_000);
    expect((await post('/auth/refresh', { refresh_token: refreshToken })).statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const { accessToken, refreshToken } = await registerAndSignIn(t.app);
    expect((await post('/auth/logout', {}, bearer(accessToken))).json()).toEqual({ ok: true });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(accessToken) }))
        .statusCode,
    ).toBe(401);
    expect((await post('/auth/refresh', { refresh_token: refreshToken })).statusCode).toBe(401);
  });

  it('logout-all ends every session of the user, and only theirs', async () => {
    const { user, accessToken } = await registerAndSignIn(t.app);
    const second = TokenResponse.parse(
      (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).json(),
    );
    const stranger = await registerAndSignIn(t.app);
    expect((await post('/auth/logout-all', {})).statusCode).toBe(401);
    expect((await post('/auth/logout-all', {}, bearer(accessToken))).json()).toEqual({ ok: true });
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await post('/auth/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(
      401,
    );
    expect((await me(stranger.accessToken)).statusCode).toBe(200);
  });

  it('change-password keeps this session and ends the others', async () => {
    const { user, accessToken } = await registerAndSignIn(t.app);
    const other = TokenResponse.parse(
      (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).json(),
    );
    const wrong = await post(
      '/auth/change-password',
      { current_password: 'nope-nope-nope', new_password: 'a-brand-new-passphrase' },
      bearer(accessToken),
    );
    expect(wrong.statusCode).toBe(422);
    const res = await post(
      '/auth/change-password',
      { current_password: TEST_PASSWORD, new_password: 'a-brand-new-passphrase' },
      bearer(accessToken),
    );
    expect(res.statusCode).toBe(200);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
    expect((await me(accessToken)).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect(
      (await post('/auth/login', { email: user.email, password: 'a-brand-new-passphrase' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post('/auth/change-password', {
          current_password: 'x',
          new_password: 'a-brand-new-passphrase',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('password reset', () => {
  function resetTokenFor(email: string): string {
    const mail = outboxMails(t.app, email).findLast((m) => /reset/i.test(m.subject));
    const link = mail && /(http\S+\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
    if (!link) throw new Error('no reset link mailed');
    expect(link.startsWith(`${t.config.appUrl}/reset-password?token=`)).toBe(true);
    return decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
  }

  it('mails a single-use link, answers the same for unknown emails, and revokes every session', async () => {
    const { user, accessToken, refreshToken } = await registerAndSignIn(t.app);
    const known = await post('/auth/password-reset', { email: user.email });
    const unknown = await post('/auth/password-reset', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const token = resetTokenFor(user.email);
    expect(known.body).not.toContain(token);

    expect((await post('/auth/password-reset/validate', { token })).json()).toEqual({
      valid: true,
    });
    expect((await post('/auth/password-reset/validate', { token: 'made-up' })).json()).toEqual({
      valid: false,
    });
    expect(
      (await post('/auth/password-reset/confirm', { token, new_password: 'password' })).statusCode,
    ).toBe(422);
    expect(
      (
        await post('/auth/password-reset/confirm', { token, new_password: 'reset-to-this-phrase' })
      ).json(),
    ).toEqual({ ok: true });

    expect(
      (await post('/auth/password-reset/confirm', { token, new_password: 'reset-again-phrase' }))
        .statusCode,
    ).toBe(400);
    expect((await post('/auth/password-reset/validate', { token })).json()).toEqual({
      valid: false,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(accessToken) }))
        .statusCode,
    ).toBe(401);
    expect((await post('/auth/refresh', { refresh_token: refreshToken })).statusCode).toBe(401);
    expect(
      (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await post('/auth/login', { email: user.email, password: 'reset-to-this-phrase' }))
        .statusCode,
    ).toBe(200);
  });

  it('reset links expire after 30 minutes', async () => {
    const { user } = await registerAndSignIn(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    await post('/auth/password-reset', { email: user.email });
    const token = resetTokenFor(user.email);
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await post('/auth/password-reset/validate', { token })).json()).toEqual({
      valid: false,
    });
    expect(
      (await post('/auth/password-reset/confirm', { token, new_password: 'reset-to-this-phrase' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('visitors and providers', () => {
  const visitorId = `visitor_${'a'.repeat(30)}`;

  it('refuses a malformed X-Visitor-Id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/providers',
      headers: { 'x-visitor-id': 'visitor_short' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('hands a visitor to the account at sign-in, once', async () => {
    const claims: [string, string][] = [];
    t.app.visitors.onVisitorClaimed(async (visitor, userId) => {
      claims.push([visitor, userId]);
    });
    const { user } = await registerAndSignIn(t.app, { visitorId });
    expect(claims).toEqual([[visitorId, user.id]]);
    await post(
      '/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      { 'x-visitor-id': visitorId },
    );
    const other = await registerAndSignIn(t.app, { visitorId });
    expect(claims).toHaveLength(1);
    expect(await t.app.visitors.claimantOf(visitorId)).toBe(user.id);
    expect(other.user.id).not.toBe(user.id);
  });

  it('lists configured providers and refuses unconfigured ones clearly', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json()).toEqual({
      google: false,
      apple: false,
    });
    const google = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oauth/google/login?redirect_uri=${encodeURIComponent(`${t.config.appUrl}/auth/google/callback`)}`,
    });
    expect(google.statusCode).toBe(404);
    expect(google.json().error).toBe('provider_not_configured');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/apple/login' })).json().error,
    ).toBe('provider_not_configured');
  });
});
