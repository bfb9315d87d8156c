import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  RecoveryCodesResponse,
  TokenResponse,
  TwoFactorChallengeResponse,
  TwoFactorSetupResponse,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
  type TwoFactorVerifyRequest,
} from '@parallax/contract';
import { createTestApp, createTestAppPair, type TestApp } from '../../../../test/app';
import { bearer, registerAndSignIn, TEST_PASSWORD, type SignedInUser } from '../../../../test/auth';
import { setTwoFactorFlag } from '../../../../test/feature-flags';
import { fromBase32, totpAt } from './totp';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await setTwoFactorFlag(t.app, true);
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: token === undefined ? {} : bearer(token),
  });

/** Moves the clock to the next 30-second step, so a fresh code is not a reused one. */
function nextStep(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 30_000);
}

const codeOf = (manualKey: string) => totpAt(fromBase32(manualKey), Date.now());

interface Enrolled extends SignedInUser {
  manualKey: string;
  recoveryCodes: string[];
}

async function enrol(app: FastifyInstance): Promise<Enrolled> {
  const signedIn = await registerAndSignIn(app);
  const setup = await post(app, '/auth/2fa/setup', {}, signedIn.accessToken);
  expect(setup.statusCode).toBe(200);
  const { manual_key: manualKey } = TwoFactorSetupResponse.parse(setup.json());
  const body: TwoFactorEnableRequest = { code: codeOf(manualKey) };
  const enabled = await post(app, '/auth/2fa/enable', body, signedIn.accessToken);
  expect(enabled.statusCode).toBe(200);
  const { recovery_codes: recoveryCodes } = RecoveryCodesResponse.parse(enabled.json());
  return { ...signedIn, manualKey, recoveryCodes };
}

async function challengeFor(app: FastifyInstance, email: string): Promise<string> {
  const res = await post(app, '/auth/login', { email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return TwoFactorChallengeResponse.parse(res.json()).challenge;
}

const verify = (app: FastifyInstance, body: TwoFactorVerifyRequest) =>
  post(app, '/auth/2fa/verify', body);

const statusOf = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: 'GET', url: '/api/v1/auth/2fa', headers: bearer(token) })).json();

describe('enrolment', () => {
  it('confirms with a right code only, then shows 10 recovery codes once', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    expect(await statusOf(t.app, accessToken)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const setup = TwoFactorSetupResponse.parse(
      (await post(t.app, '/auth/2fa/setup', {}, accessToken)).json(),
    );
    expect(setup.manual_key).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toContain(`secret=${setup.manual_key}`);
    expect(Buffer.from(setup.qr_code.split(',')[1] ?? '', 'base64').toString()).toMatch(
      /^<svg[^>]*>/,
    );

    const right = codeOf(setup.manual_key);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(t.app, '/auth/2fa/enable', { code: wrong }, accessToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/not correct/);
    expect((await statusOf(t.app, accessToken)).enabled).toBe(false);

    const enabled = await post(t.app, '/auth/2fa/enable', { code: right }, accessToken);
    expect(enabled.statusCode).toBe(200);
    const codes = RecoveryCodesResponse.parse(enabled.json()).recovery_codes;
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await statusOf(t.app, accessToken)).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    // Enabled: a second setup cannot swap the secret.
    expect((await post(t.app, '/auth/2fa/setup', {}, accessToken)).statusCode).toBe(409);
  });

  it('keeps neither the secret nor the recovery codes in plain text', async () => {
    const { user, manualKey, recoveryCodes } = await enrol(t.app);
    const row = await t.app.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const codes = await t.app.db
      .selectFrom('two_factor_recovery_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    const stored = JSON.stringify({ row, codes });
    expect(stored).not.toContain(manualKey);
    expect(stored).not.toContain(fromBase32(manualKey).toString('hex'));
    expect(stored).not.toContain(fromBase32(manualKey).toString('base64'));
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(codes).toHaveLength(10);
  });
});

describe('sign-in with two-factor on', () => {
  it('answers a challenge instead of tokens; a code turns it into tokens, once', async () => {
    const { user, manualKey } = await enrol(t.app);
    nextStep();
    const login = await post(t.app, '/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).not.toHaveProperty('access_token');
    const { challenge, expires_in } = TwoFactorChallengeResponse.parse(login.json());
    expect(expires_in).toBe(300);

    const code = codeOf(manualKey);
    const done = await verify(t.app, { challenge, code });
    expect(done.statusCode).toBe(200);
    const tokens = TokenResponse.parse(done.json());
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(tokens.access_token),
    });
    expect(me.json()).toMatchObject({ email: user.email });

    // The challenge is single use, and the code's step is spent.
    expect((await verify(t.app, { challenge, code })).statusCode).toBe(401);
    const again = await challengeFor(t.app, user.email);
    expect((await verify(t.app, { challenge: again, code })).statusCode).toBe(400);
    nextStep();
    expect((await verify(t.app, { challenge: again, code: codeOf(manualKey) })).statusCode).toBe(
      200,
    );
  });

  it('takes each recovery code once, typed in any case and without the dash', async () => {
    const { user, accessToken, recoveryCodes } = await enrol(t.app);
    const [first = '', second = ''] = recoveryCodes;
    const typed = first.replace('-', ' ').toUpperCase();
    expect(
      (await verify(t.app, { challenge: await challengeFor(t.app, user.email), code: typed }))
        .statusCode,
    ).toBe(200);
    const reuse = await verify(t.app, {
      challenge: await challengeFor(t.app, user.email),
      code: first,
    });
    expect(reuse.statusCode).toBe(400);
    expect((await statusOf(t.app, accessToken)).recovery_codes_left).toBe(9);
    expect(
      (await verify(t.app, { challenge: await challengeFor(t.app, user.email), code: second }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses another account's code for a challenge", async () => {
    const alice = await enrol(t.app);
    const bob = await enrol(t.app);
    nextStep();
    const challenge = await challengeFor(t.app, alice.user.email);
    const res = await verify(t.app, { challenge, code: codeOf(bob.manualKey) });
    // Bob's code is checked against Alice's secret (and differs unless by 1-in-a-million luck).
    if (codeOf(bob.manualKey) !== codeOf(alice.manualKey)) expect(res.statusCode).toBe(400);
    const bobsRecovery = await verify(t.app, { challenge, code: bob.recoveryCodes[0] ?? '' });
    expect(bobsRecovery.statusCode).toBe(400);
    expect((await verify(t.app, { challenge: 'not-a-challenge', code: '123456' })).statusCode).toBe(
      401,
    );
  });

  it('throttles wrong codes per account across processes, like login', async () => {
    const pair = await createTestAppPair();
    try {
      await setTwoFactorFlag(pair.a, true);
      await setTwoFactorFlag(pair.b, true);
      const { user, manualKey } = await enrol(pair.a);
      nextStep();
      const challenge = await challengeFor(pair.a, user.email);
      const right = codeOf(manualKey);
      const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
      const statuses: number[] = [];
      for (let n = 0; n < 5; n += 1)
        statuses.push(
          (await verify(n % 2 === 0 ? pair.a : pair.b, { challenge, code: wrong })).statusCode,
        );
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      const blocked = await verify(pair.b, { challenge, code: right });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().detail).toMatch(/Too many wrong codes/);
    } finally {
      await pair.close();
    }
  });
});

describe('disabling', () => {
  it('needs the password and a code; then login hands out tokens directly', async () => {
    const { user, accessToken, manualKey } = await enrol(t.app);
    nextStep();
    const code = codeOf(manualKey);
    const noPassword = await post(t.app, '/auth/2fa/disable', { code }, accessToken);
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().detail).toMatch(/^password: /);
    const wrongPassword: TwoFactorDisableRequest = { password: 'not the password', code };
    expect((await post(t.app, '/auth/2fa/disable', wrongPassword, accessToken)).statusCode).toBe(
      422,
    );
    const wrongCode: TwoFactorDisableRequest = {
      password: TEST_PASSWORD,
      code: '000000' === code ? '111111' : '000000',
    };
    expect((await post(t.app, '/auth/2fa/disable', wrongCode, accessToken)).statusCode).toBe(400);
    expect((await statusOf(t.app, accessToken)).enabled).toBe(true);

    const body: TwoFactorDisableRequest = { password: TEST_PASSWORD, code };
    const off = await post(t.app, '/auth/2fa/disable', body, accessToken);
    expect(off.statusCode).toBe(200);
    expect((await statusOf(t.app, accessToken)).enabled).toBe(false);
    const login = await post(t.app, '/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(TokenResponse.safeParse(login.json()).success).toBe(true);
  });

  it('regenerates recovery codes with a code; the old ones stop working', async () => {
    const { user, accessToken, recoveryCodes } = await enrol(t.app);
    const res = await post(
      t.app,
      '/auth/2fa/recovery-codes',
      { code: recoveryCodes[0] ?? '' },
      accessToken,
    );
    expect(res.statusCode).toBe(200);
    const fresh = RecoveryCodesResponse.parse(res.json()).recovery_codes;
    expect((await statusOf(t.app, accessToken)).recovery_codes_left).toBe(10);
    const old = await verify(t.app, {
      challenge: await challengeFor(t.app, user.email),
      code: recoveryCodes[1] ?? '',
    });
    expect(old.statusCode).toBe(400);
    const next = await verify(t.app, {
      challenge: await challengeFor(t.app, user.email),
      code: fresh[0] ?? '',
    });
    expect(next.statusCode).toBe(200);
  });
});

describe('with the 2FA flag off', () => {
  it('answers 404 on every two-factor route and signs enrolled accounts in as before', async () => {
    const { user, accessToken } = await enrol(t.app);
    await setTwoFactorFlag(t.app, false);
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/v1/auth/2fa', headers: bearer(accessToken) }),
      post(t.app, '/auth/2fa/setup', {}, accessToken),
      post(t.app, '/auth/2fa/enable', { code: '123456' }, accessToken),
      post(t.app, '/auth/2fa/disable', { password: TEST_PASSWORD, code: '123456' }, accessToken),
      post(t.app, '/auth/2fa/recovery-codes', { code: '123456' }, accessToken),
      verify(t.app, { challenge: 'x', code: '123456' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'feature_disabled',
        detail: 'Two-factor sign-in is turned off on this server.',
      });
    }
    const login = await post(t.app, '/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(TokenResponse.safeParse(login.json()).success).toBe(true);
  });
});
