import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VAULT_MAX_PIN_ATTEMPTS,
  VAULT_RECOVERY_KEY_PATTERN,
  VaultNote,
  VaultStatus,
} from '@parallax/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, outboxMails, registerAndSignIn, TEST_PASSWORD } from '../../../test/auth';
import { dumpDatabase, setUpVault, TEST_PIN, unlockVault, vaultHeaders } from '../../../test/vault';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

describe('vault set-up', () => {
  it('refuses PINs of the wrong shape and trivial ones, naming the field', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    for (const pin of [
      '12345',
      '1234567890123',
      'abc',
      '111111',
      '123456',
      '987654',
      '123123',
      'aaaaaaaa',
    ]) {
      const res = await inject('POST', '/vault/setup', bearer(accessToken), { pin });
      expect(res.statusCode, pin).toBe(422);
      expect(res.json().detail, pin).toMatch(/pin/i);
    }
    const status = VaultStatus.parse((await inject('GET', '/vault', bearer(accessToken))).json());
    expect(status).toMatchObject({ set_up: false, unlocked: false });
  });

  it('shows the recovery key once, opens a session, and refuses a second set-up', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const created = await setUpVault(t.app, accessToken);
    expect(created.recovery_key).toMatch(VAULT_RECOVERY_KEY_PATTERN);
    const status = VaultStatus.parse(
      (await inject('GET', '/vault', vaultHeaders(accessToken, created.vault_token))).json(),
    );
    expect(status).toMatchObject({ set_up: true, unlocked: true, digit_pin: true });
    const again = await inject('POST', '/vault/setup', bearer(accessToken), { pin: '592817' });
    expect(again.statusCode).toBe(409);
    // Neither the PIN nor the recovery key is stored, in any form the dump can show.
    const dump = await dumpDatabase(t.app);
    expect(dump).not.toContain(created.recovery_key);
    expect(dump).not.toContain(created.recovery_key.replace(/-/g, ''));
  });

  it('needs a signed-in user', async () => {
    expect((await inject('GET', '/vault', {})).statusCode).toBe(401);
    expect((await inject('POST', '/vault/setup', {}, { pin: TEST_PIN })).statusCode).toBe(401);
  });
});

describe('vault sessions', () => {
  it('keeps notes sealed, renews the session on use, and ends it at Lock now', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, accessToken);
    const marker = `note-marker-${randomUUID()}`;
    const created = await inject('POST', '/vault/notes', vaultHeaders(accessToken, vault_token), {
      title: `Title ${marker}`,
      body: `# Body\n${marker}`,
    });
    expect(created.statusCode).toBe(200);
    const renewed = created.headers['x-vault-token'];
    expect(typeof renewed).toBe('string');
    const note = VaultNote.parse(created.json());
    expect(note.title).toBe(`Title ${marker}`);

    const list = await inject('GET', '/vault/notes', vaultHeaders(accessToken, String(renewed)));
    expect(list.json().notes.map((n: VaultNote) => n.body)).toEqual([`# Body\n${marker}`]);
    expect(await dumpDatabase(t.app)).not.toContain(marker);

    expect((await inject('POST', '/vault/lock', bearer(accessToken))).statusCode).toBe(200);
    for (const token of [vault_token, String(renewed)]) {
      const refused = await inject('GET', '/vault/notes', vaultHeaders(accessToken, token));
      expect(refused.statusCode).toBe(423);
      expect(refused.body).not.toContain(marker);
    }
    const byId = await inject(
      'GET',
      `/vault/notes/${note.id}`,
      vaultHeaders(accessToken, vault_token),
    );
    expect(byId.statusCode).toBe(423);

    const session = await unlockVault(t.app, accessToken);
    const again = await inject(
      'GET',
      `/vault/notes/${note.id}`,
      vaultHeaders(accessToken, session.vault_token),
    );
    expect(again.json()).toMatchObject({ title: `Title ${marker}` });
  });

  it('ends after 30 idle minutes without vault activity', async () => {
    const { accessToken, refreshToken } = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, accessToken);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    // The access token lives 15 minutes: refresh it within the same sign-in session.
    let refresh = refreshToken;
    const freshAccess = async () => {
      const res = await inject('POST', '/auth/refresh', {}, { refresh_token: refresh });
      refresh = res.json().refresh_token;
      return String(res.json().access_token);
    };
    vi.setSystemTime(start + 29 * 60_000);
    const active = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(await freshAccess(), vault_token),
    );
    expect(active.statusCode).toBe(200);
    const renewed = String(active.headers['x-vault-token']);

    vi.setSystemTime(start + 29 * 60_000 + 29 * 60_000);
    const slid = await inject('GET', '/vault/notes', vaultHeaders(await freshAccess(), renewed));
    expect(slid.statusCode).toBe(200);
    const idle = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(await freshAccess(), vault_token),
    );
    expect(idle.statusCode).toBe(423);
  });

  it('refuses forged, other users’ and signed-out sessions', async () => {
    const owner = await registerAndSignIn(t.app);
    const other = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, owner.accessToken);
    await setUpVault(t.app, other.accessToken, '605193');
    const flipped = vault_token.slice(0, -3) + (vault_token.endsWith('A') ? 'BBB' : 'AAA');
    for (const token of ['pvt1.v1.AAAA', 'garbage', flipped]) {
      const res = await inject('GET', '/vault/notes', vaultHeaders(owner.accessToken, token));
      expect(res.statusCode, token).toBe(423);
    }
    const stolen = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(other.accessToken, vault_token),
    );
    expect(stolen.statusCode).toBe(423);

    const note = VaultNote.parse(
      (
        await inject('POST', '/vault/notes', vaultHeaders(owner.accessToken, vault_token), {
          title: 'mine',
          body: '',
        })
      ).json(),
    );
    const otherSession = await unlockVault(t.app, other.accessToken, '605193');
    const foreign = await inject(
      'GET',
      `/vault/notes/${note.id}`,
      vaultHeaders(other.accessToken, otherSession.vault_token),
    );
    expect(foreign.statusCode).toBe(404);

    await inject('POST', '/auth/logout', bearer(owner.accessToken), {});
    const login = await inject(
      'POST',
      '/auth/login',
      {},
      { email: owner.user.email, password: TEST_PASSWORD },
    );
    expect(login.statusCode).toBe(200);
    const afterSignOut = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(String(login.json().access_token), vault_token),
    );
    expect(afterSignOut.statusCode).toBe(423);
  });
});

describe('wrong PINs', () => {
  it('locks for 30 s after 5, mails the owner, and doubles the next lockout', async () => {
    const { accessToken, user } = await registerAndSignIn(t.app);
    await setUpVault(t.app, accessToken);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let n = 1; n < VAULT_MAX_PIN_ATTEMPTS; n += 1) {
      const wrong = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().detail).toMatch(/^pin: Incorrect PIN\. \d tr(y|ies) left/);
    }
    const fifth = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' });
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBe(30);
    // Even the right PIN waits out the lockout.
    const right = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: TEST_PIN });
    expect(right.statusCode).toBe(429);
    await vi.waitFor(() =>
      expect(outboxMails(t.app, user.email).some((m) => /vault was locked/.test(m.subject))).toBe(
        true,
      ),
    );

    vi.setSystemTime(start + 31_000);
    for (let n = 1; n <= VAULT_MAX_PIN_ATTEMPTS; n += 1)
      await inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' });
    const doubled = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: TEST_PIN });
    expect(Number(doubled.headers['retry-after'])).toBe(60);

    vi.setSystemTime(start + 31_000 + 61_000);
    expect(
      (await inject('POST', '/vault/unlock', bearer(accessToken), { pin: TEST_PIN })).statusCode,
    ).toBe(200);
  });

  it('counts parallel attempts: no more PINs are tried than the limit allows', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    await setUpVault(t.app, accessToken);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(VAULT_MAX_PIN_ATTEMPTS - 1);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - (VAULT_MAX_PIN_ATTEMPTS - 1));
  });
});
